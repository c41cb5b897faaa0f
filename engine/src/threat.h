/*
 * threat.h - the threat-space search (threat.c): "does this side win
 * within r plies?", exact, pruned by threats, potentials, pairings and
 * relevance zones. A searcher: it uses the search context, the pruning
 * knowledge and the transposition table below it. Private to the engine.
 */
#ifndef TTT_THREAT_H
#define TTT_THREAT_H

#include "search_ctx.h"

/* Whether side `a` wins within `r` plies (its winning mark placed at ply r
 * or sooner) from c->pos with side `s` to move; exact. On a win with a to
 * move, c->threat_move is a first move of such a win. c->cut is set when
 * a "no" depended on the window (a larger r might say yes); a "no" with
 * c->cut clear holds for any r. Iterated over growing r, the first window
 * with a win is the exact length of the fastest forced win; a window as
 * long as the game proves whether a can win at all. */
int ttt__threat_search(search_ctx *c, int a, int s, int r);

#endif /* TTT_THREAT_H */
