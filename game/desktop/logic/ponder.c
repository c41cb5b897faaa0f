/*
 * ponder.c - when the computer thinks on the person's time (see ponder.h).
 */
#include "ponder.h"

#include <string.h>

void ponder_reset(ponder_state *ps)
{
    unsigned long started = ps->started;
    memset(ps, 0, sizeof *ps);
    ps->started = started;
}

bool ponder_wanted(const play_state *p, bool game_on_top)
{
    const settings *s = p->settings;
    return game_on_top && s->think_on_my_time && s->mode == SETTINGS_MODE_HUMAN_VS_COMPUTER &&
           !p->online && !p->game_over && !ttt_game_over(p->game) && !p->ai_waiting &&
           !p->ai_ready && !p->hint_waiting && play_person_to_move(p);
}

/* Is the play's game the position @p ps last asked for? */
static bool same_position(const ponder_state *ps, const play_state *p)
{
    ttt_pos moves[TTT_MAX_SQUARES];
    int n = 0;
    if (ttt_game_size(p->game) != ps->size || ttt_game_k(p->game) != ps->k ||
        ttt_game_history(p->game, moves, TTT_MAX_SQUARES, &n) != TTT_OK || n != ps->count)
        return false;
    for (int i = 0; i < n; i++)
        if (moves[i].row != ps->moves[i].row || moves[i].col != ps->moves[i].col) return false;
    return true;
}

ponder_action ponder_step(ponder_state *ps, const play_state *p, bool game_on_top, int cap_ms,
                          ttt_ai_options *opts)
{
    if (!ponder_wanted(p, game_on_top)) {
        if (!ps->active) return PONDER_NONE;
        /* Stopped before it ended: the same position starts again later
         * (after a hint, a closed panel). */
        ps->active = false;
        ps->count = -1;
        return PONDER_STOP;
    }
    if (ps->active && same_position(ps, p)) return PONDER_NONE;
    ps->size = ttt_game_size(p->game);
    ps->k = ttt_game_k(p->game);
    if (ttt_game_history(p->game, ps->moves, TTT_MAX_SQUARES, &ps->count) != TTT_OK) {
        ps->active = false;
        return PONDER_NONE;
    }
    TTT_INIT(opts);
    settings_ai_options(p->settings, opts);
    /* The ponder plays no move: the seed only keeps a reproducible
     * session (--seed) reproducible. */
    opts->seed = p->ai_seed;
    opts->deadline_ms = cap_ms;
    ps->active = true;
    ps->started++;
    return PONDER_START;
}
