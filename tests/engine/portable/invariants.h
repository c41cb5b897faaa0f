/*
 * invariants.h - what must hold for every game after every call, checked
 * through the public API only, with its own line check that shares no code
 * with the engine's incremental win detection.
 *
 * Plain C11 with no test framework, so the same checks serve the portable
 * tests (also built for Windows, where there is no cmocka), the fuzz targets
 * in tests/fuzz and the soak run in bench/soak.c. Header-only (static
 * functions) so each user compiles it with its own flags and sanitizers.
 *
 *   inv_position pos;
 *   const char *why = inv_check(game, &pos);   NULL when everything holds
 *   ... ttt_game_move(game, r, c, NULL); ttt_game_undo(game);
 *   inv_capture(game, &after); inv_same(&pos, &after)   undo restored it
 */
#ifndef TTT_TESTS_INVARIANTS_H
#define TTT_TESTS_INVARIANTS_H

#include <stdlib.h>
#include <string.h>

#include "ttt/ttt.h"

/* Everything about a position the invariants look at. Zeroed before it is
 * filled, so two captures compare with memcmp. */
typedef struct inv_position {
    int size, k, count, nhist, nfree, nlines;
    ttt_state state;
    ttt_player turn, first, winner;
    ttt_player board[TTT_MAX_SQUARES]; /* row-major owners */
    ttt_pos hist[TTT_MAX_SQUARES];
    char compact[TTT_FORMAT_MAX];
} inv_position;

/* Fills *p from g. Returns NULL, or what failed. */
static inline const char *inv_capture(const ttt_game *g, inv_position *p)
{
    memset(p, 0, sizeof *p);
    p->size = ttt_game_size(g);
    if (p->size < TTT_MIN_SIZE || p->size > TTT_MAX_SIZE) return "size out of range";
    p->k = ttt_game_k(g);
    if (p->k < TTT_MIN_K || p->k > p->size) return "k out of range";
    p->count = ttt_game_move_count(g);
    p->state = ttt_game_state(g);
    p->turn = ttt_game_turn(g);
    p->first = ttt_game_first_player(g);
    p->winner = ttt_game_winner(g);
    if ((p->turn == TTT_PLAYER_NONE) != (ttt_game_over(g) != 0))
        return "ttt_game_over disagrees with ttt_game_turn";
    for (int r = 0; r < p->size; r++)
        for (int c = 0; c < p->size; c++)
            if (ttt_game_owner(g, (ttt_pos){r, c}, &p->board[r * p->size + c]) != TTT_OK)
                return "ttt_game_owner refuses a square on the board";
    /* Squares off the board are refused. */
    ttt_player off = TTT_PLAYER_NONE;
    if (ttt_game_owner(g, (ttt_pos){-1, 0}, &off) != TTT_ERR_OUTSIDE ||
        ttt_game_owner(g, (ttt_pos){0, p->size}, &off) != TTT_ERR_OUTSIDE)
        return "ttt_game_owner answers for a square off the board";
    if (ttt_game_history(g, p->hist, TTT_MAX_SQUARES, &p->nhist) != TTT_OK)
        return "ttt_game_history failed";
    ttt_pos free_squares[TTT_MAX_SQUARES];
    if (ttt_game_empty_squares(g, free_squares, TTT_MAX_SQUARES, &p->nfree) != TTT_OK)
        return "ttt_game_empty_squares failed";
    if (ttt_game_format(g, TTT_FORMAT_COMPACT, p->compact, sizeof p->compact, NULL) != TTT_OK)
        return "ttt_game_format failed with TTT_FORMAT_MAX bytes";
    ttt_line lines[TTT_MAX_WINNING_SETS];
    if (ttt_game_winning_lines(g, lines, TTT_MAX_WINNING_SETS, &p->nlines) != TTT_OK)
        return "ttt_game_winning_lines failed";
    return NULL;
}

/* Non-zero when a and b are the same position with the same history. */
static inline int inv_same(const inv_position *a, const inv_position *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

/* Non-zero when `who` has k in a row on the board: a plain scan of every
 * square in every direction, nothing shared with the engine. */
static inline int inv_has_line(const inv_position *p, ttt_player who)
{
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int r = 0; r < p->size; r++)
        for (int c = 0; c < p->size; c++)
            for (int d = 0; d < 4; d++) {
                int run = 0;
                for (int i = 0; i < p->k; i++) {
                    int rr = r + i * dirs[d][0], cc = c + i * dirs[d][1];
                    if (rr < 0 || rr >= p->size || cc < 0 || cc >= p->size) break;
                    if (p->board[rr * p->size + cc] != who) break;
                    run++;
                }
                if (run == p->k) return 1;
            }
    return 0;
}

/* Checks every invariant of g and leaves its capture in *p. Returns NULL
 * when all hold, otherwise a short description of the first that does not. */
static inline const char *inv_check(const ttt_game *g, inv_position *p)
{
    const char *why = inv_capture(g, p);
    if (why) return why;
    int squares = p->size * p->size;
    if (p->first != TTT_PLAYER_X && p->first != TTT_PLAYER_O) return "first player is not X or O";
    ttt_player second = ttt_player_other(p->first);

    /* Mark counts: the first player has as many marks as the second, or one more. */
    int nfirst = 0, nsecond = 0;
    for (int i = 0; i < squares; i++) {
        if (p->board[i] == p->first)
            nfirst++;
        else if (p->board[i] == second)
            nsecond++;
        else if (p->board[i] != TTT_PLAYER_NONE)
            return "a square holds an unknown owner";
    }
    if (nfirst + nsecond != p->count) return "move count differs from the marks on the board";
    if (nfirst != nsecond && nfirst != nsecond + 1) return "mark counts differ by more than one";
    if (p->nfree != squares - p->count) return "free squares differ from the empty squares";

    /* The history (since the game or the parse began) ends in the marks on the board. */
    if (p->nhist > p->count) return "history longer than the move count";
    for (int i = 0; i < p->nhist; i++) {
        ttt_pos m = p->hist[i];
        if (m.row < 0 || m.row >= p->size || m.col < 0 || m.col >= p->size)
            return "history holds a square outside the board";
        /* Counting back from the last move, movers alternate, and the last
         * mover is the one who has not fewer marks... */
        int back = p->nhist - 1 - i;
        ttt_player last = nfirst > nsecond ? p->first : second;
        ttt_player mover = back % 2 == 0 ? last : ttt_player_other(last);
        if (p->board[m.row * p->size + m.col] != mover)
            return "history square not owned by its mover";
        for (int j = 0; j < i; j++)
            if (p->hist[j].row == m.row && p->hist[j].col == m.col)
                return "history repeats a square";
    }

    /* The state agrees with an independent check of the lines. */
    int xline = inv_has_line(p, TTT_PLAYER_X), oline = inv_has_line(p, TTT_PLAYER_O);
    if (xline && oline) return "both players have a line";
    ttt_state expect;
    ttt_player to_move = nfirst > nsecond ? second : p->first;
    if (xline)
        expect = TTT_STATE_X_WON;
    else if (oline)
        expect = TTT_STATE_O_WON;
    else if (p->count == squares)
        expect = TTT_STATE_DRAW;
    else
        expect = to_move == TTT_PLAYER_X ? TTT_STATE_X_TO_MOVE : TTT_STATE_O_TO_MOVE;
    if (p->state != expect) return "state disagrees with the independent line check";

    /* Whose turn, the winner and the winning lines follow from the state. */
    int over =
        p->state == TTT_STATE_X_WON || p->state == TTT_STATE_O_WON || p->state == TTT_STATE_DRAW;
    if (p->turn != (over ? TTT_PLAYER_NONE : to_move)) return "wrong player to move";
    ttt_player winner = TTT_PLAYER_NONE;
    if (p->state == TTT_STATE_X_WON) winner = TTT_PLAYER_X;
    if (p->state == TTT_STATE_O_WON) winner = TTT_PLAYER_O;
    if (p->winner != winner) return "winner disagrees with the state";
    if (winner != TTT_PLAYER_NONE && to_move == winner) return "the winner has fewer marks";
    ttt_line lines[TTT_MAX_WINNING_SETS];
    int nlines = 0;
    if (ttt_game_winning_lines(g, lines, TTT_MAX_WINNING_SETS, &nlines) != TTT_OK ||
        nlines != p->nlines)
        return "ttt_game_winning_lines failed or changed its answer";
    if ((p->nlines > 0) != (winner != TTT_PLAYER_NONE))
        return "winning lines without a winner, or none";
    for (int i = 0; i < p->nlines; i++) {
        if (lines[i].length != p->k) return "a winning line is not k long";
        for (int j = 0; j < lines[i].length; j++) {
            ttt_pos s = lines[i].squares[j];
            if (s.row < 0 || s.row >= p->size || s.col < 0 || s.col >= p->size)
                return "a winning line leaves the board";
            if (p->board[s.row * p->size + s.col] != winner)
                return "a winning line holds other marks";
        }
    }

    /* Moves: legal exactly on empty squares of a game in progress (the
     * header's order: a finished game refuses before occupancy is looked at). */
    for (int i = 0; i < squares; i++) {
        ttt_status st = ttt_game_can_move(g, (ttt_pos){i / p->size, i % p->size});
        ttt_status want = TTT_OK;
        if (p->board[i] != TTT_PLAYER_NONE) want = TTT_ERR_OCCUPIED;
        if (over) want = TTT_ERR_GAME_OVER; /* checked first by the engine */
        if (st != want) return "ttt_game_can_move disagrees with the board";
    }

    /* The compact text reads back as the same board. */
    ttt_game *back = NULL;
    if (ttt_game_parse(p->compact, p->size, p->k, p->turn, NULL, &back) != TTT_OK)
        return "the compact text of a reachable position does not parse";
    char again[TTT_FORMAT_MAX];
    ttt_status fst = ttt_game_format(back, TTT_FORMAT_COMPACT, again, sizeof again, NULL);
    ttt_state back_state = ttt_game_state(back);
    ttt_game_free(back);
    if (fst != TTT_OK) return "the parsed game cannot be formatted";
    if (strcmp(again, p->compact) != 0) return "format, parse, format changes the board";
    if (back_state != p->state) return "the parsed game has another state";
    return NULL;
}

#endif /* TTT_TESTS_INVARIANTS_H */
