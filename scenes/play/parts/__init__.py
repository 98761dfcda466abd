"""Parts of the play and replay screens: keys, saving, undo, drawing, the move log."""
