/*
 * knowledge.h - what the searches know about a position beyond its counts,
 * and use to skip work: whether a side can still complete a line at all
 * (Erdos-Selfridge potentials and pairing strategies), which squares
 * another square dominates, the order to try moves in, the static
 * evaluation, and the quick move for a search with no time. It reads the
 * incremental position (position.h) and calls nothing above it. Private to
 * the engine.
 */
#ifndef TTT_KNOWLEDGE_H
#define TTT_KNOWLEDGE_H

#include <stdint.h>

#include "position.h"
#include "score.h"

/* Whether side a could still complete a line before the board is full,
 * as far as the moves it has left, the Erdos-Selfridge potential and (with
 * `pairing`) a pairing strategy tell (`first`: a is to move): 0 is a
 * proof that it never can, 1 means it may. Chooses the build for the CPU. */
int ttt__can_win(const search_pos *p, int a, int first, int pairing);

/* The two builds of ttt__can_win() and of the potential (knowledge_impl.h),
 * for the threat search's two builds to call directly. potential_from is
 * the sum of 2^marks over side s's live lines holding at least c of its
 * marks (its Erdos-Selfridge potential on those lines). */
uint32_t ttt__potential_from_any_cpu(const search_pos *p, int s, int c);
int ttt__can_win_any_cpu(const search_pos *p, int a, int first, int pairing);
#if BB_HAVE_TARGET_POPCNT
uint32_t ttt__potential_from_popcnt(const search_pos *p, int s, int c);
int ttt__can_win_popcnt(const search_pos *p, int a, int first, int pairing);
#endif

/* The squares of `moves` that another square of `moves` dominates: every
 * line through it that someone can still complete also runs through the
 * other, so a mark there is never better (for either side, distance
 * included); of squares on the same lines all but the lowest. Squares on
 * no such line are all dominated unless nothing else is left. */
uint64_t ttt__dominated(const search_pos *p, uint64_t moves);

/* The squares of `moves`, best first for side s by what a mark there does
 * (its own live lines advanced, weighted by their marks, and the other
 * side's blocked), with `hint` (if among them) ahead of all; into `out`.
 * Returns how many. */
int ttt__order_moves(const search_pos *p, int s, uint64_t moves, int hint, uint8_t *out);

/* The cheapest sensible move for side s, for when a search is stopped
 * before it has finished anything: a winning square, else the block of a
 * threat, else the first free square in the static order. */
int ttt__quick_move(const search_pos *p, int s);

/* Static value of the position for side s to move: the weights of the
 * live lines, bounded by 0 on the side of a player who cannot win
 * (`s_can`, `o_can`: what ttt__can_win() said for s and the other side). */
static inline int knowledge_evaluate(const search_pos *p, int s, int s_can, int o_can)
{
    int v = p->weight[s] - p->weight[1 - s];
    int lo = o_can ? -SEARCH_EVAL_LIMIT : 0, hi = s_can ? SEARCH_EVAL_LIMIT : 0;
    if (v < lo) return lo;
    return v > hi ? hi : v;
}

#endif /* TTT_KNOWLEDGE_H */
