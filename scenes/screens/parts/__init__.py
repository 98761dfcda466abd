"""Parts the menu screens are built of (not screens themselves): the game cards."""
