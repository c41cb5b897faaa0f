/*
 * agents.h - the computer players that do not search (agents.c): a
 * searcher's layer, reading only the incremental position. Private to the
 * engine.
 */
#ifndef TTT_AGENTS_H
#define TTT_AGENTS_H

#include "position.h"
#include "support_rng.h"
#include "ttt/ai.h"

/* The square `agent` plays in position p, side 0 to move (the game is
 * not over). Any agent but TTT_AGENT_MINIMAX. */
int ttt__agent_move(ttt_agent agent, const search_pos *p, rng_state *rng);

#endif /* TTT_AGENTS_H */
