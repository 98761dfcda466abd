#!/bin/sh
# Puts this Quintet in the applications menu, with its icon (no root needed): the desktop entry
# and icons go under ~/.local/share. Run it again after moving the folder;
# `./Quintet --uninstall-desktop` takes them out again.
cd "$(dirname "$0")" || exit 1
exec ./Quintet --install-desktop "$@"
