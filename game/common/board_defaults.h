/*
 * board_defaults.h - the programs' choice of line length for a board size
 * when the player gives none: 3 for 3x3, 4 for 4x4 to 6x6, 5 for 7x7 and
 * 8x8. A policy of the games, not a rule of m,n,k tic-tac-toe, so it is
 * here and not in the engine (which had it as ttt_default_k before 1.0).
 */
#ifndef GAME_BOARD_DEFAULTS_H
#define GAME_BOARD_DEFAULTS_H

/** The default k for a board of `size` squares per side, or 0 for a size
 *  outside TTT_MIN_SIZE..TTT_MAX_SIZE. */
int board_default_k(int size);

#endif /* GAME_BOARD_DEFAULTS_H */
