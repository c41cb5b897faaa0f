/*
 * game_internal.h - the layout of struct ttt_game, shared by the engine's
 * own modules (the AI reads the bitboards directly). Not installed.
 *
 * Squares are numbered row by row: index = row * size + col. Bit i of
 * marks[0] is set when X holds square i, of marks[1] when O does:
 *
 *      col 0   1   2
 *   row 0  0 | 1 | 2
 *       1  3 | 4 | 5      (a 3x3 board; an 8x8 board uses all 64 bits)
 *       2  6 | 7 | 8
 */
#ifndef TTT_GAME_INTERNAL_H
#define TTT_GAME_INTERNAL_H

#include <stdint.h>

#include "ttt/game.h"

struct ttt_game {
    ttt_allocator alloc;           /* what it was made with, and is freed with */
    int size;                      /* squares per side */
    int k;                         /* marks in a line to win */
    ttt_player first;              /* who moved first in this game */
    ttt_player start_turn;         /* who was to move at the start position */
    ttt_state state;               /* to move, won or drawn */
    uint64_t marks[2];             /* X's and O's squares, see above */
    int count;                     /* marks on the board */
    int nhist;                     /* moves since the start position */
    uint8_t hist[TTT_MAX_SQUARES]; /* their square indexes, oldest first */
};

/* Index 0 for X, 1 for O; the caller guarantees p is X or O. */
static inline int game_side(ttt_player p)
{
    return p == TTT_PLAYER_O ? 1 : 0;
}

#endif /* TTT_GAME_INTERNAL_H */
