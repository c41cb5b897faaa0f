#!/usr/bin/env bash
# wine-tictactoe.sh ARGS... - tictactoe.exe of the Windows folder
# ($TTT_WINDOWS_DIR) under Wine, for scripts written for the Linux game
# (tests/desktop/app/multi_instance.sh). Relative paths in ARGS work: Wine maps
# the current directory.
exec "${TTT_WINE:-wine}" "$TTT_WINDOWS_DIR/tictactoe.exe" "$@"
