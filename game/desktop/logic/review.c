/*
 * review.c - going through a game move by move (see review.h). No SDL.
 */
#include "review.h"

#include <string.h>

void review_init(review_state *r, const review_hooks *hooks, int deadline_ms)
{
    memset(r, 0, sizeof *r);
    if (hooks) r->hooks = *hooks;
    r->deadline_ms = deadline_ms;
    record_init(&r->game);
}

ttt_game *review_game_at(const review_state *r, int ply)
{
    record prefix = r->game;
    if (ply < 0) ply = 0;
    if (ply < prefix.move_count) prefix.move_count = ply;
    ttt_game *g = NULL;
    if (record_to_game(&prefix, &g) != TTT_OK) return NULL;
    return g;
}

ttt_player review_mover(const review_state *r, int ply)
{
    return ply % 2 == 0 ? r->game.first : ttt_player_other(r->game.first);
}

/* The positions nearest the one shown, in the order they are wanted: the
 * one its last move was made in and its own, then on and back alternately
 * (on first: a person steps on more than back). @return how many. */
static int nearest_order(const review_state *r, int *order)
{
    int n = 0, p = r->ply;
    if (p - 1 >= 0 && p - 1 < r->positions) order[n++] = p - 1;
    if (p < r->positions) order[n++] = p;
    for (int d = 1; n < r->positions && d <= r->positions; d++) {
        if (p + d < r->positions) order[n++] = p + d;
        if (p - 1 - d >= 0 && p - 1 - d < r->positions) order[n++] = p - 1 - d;
    }
    return n;
}

/* Is position @p i's quick analysis worth doing again with the full
 * budget? */
static bool wants_full(const review_state *r, int i)
{
    return r->analysed[i] && !r->refined[i] && r->deadline_ms > review_first_deadline_ms(r);
}

/* Ask for the next analysis (see review.h for the order); nothing when a
 * job is awaited or all are done. */
static void ask_next(review_state *r)
{
    if (!r->open || r->job_id != 0 || !r->hooks.submit) return;
    int order[REVIEW_MAX_POSITIONS];
    int n = nearest_order(r, order);
    int pick = -1;
    bool full = false;
    /* The quick look at the position shown, its predecessor and the next
     * few; */
    for (int i = 0; pick < 0 && i < n; i++)
        if (!r->analysed[order[i]] && order[i] >= r->ply - 1 &&
            order[i] <= r->ply + REVIEW_LOOKAHEAD)
            pick = order[i];
    /* a quick look at every other, nearest first; then the full budget
     * for each, nearest first (the position shown and its predecessor
     * first: they lead the order). */
    for (int i = 0; pick < 0 && i < n; i++)
        if (!r->analysed[order[i]]) pick = order[i];
    for (int i = 0; pick < 0 && i < n; i++)
        if (wants_full(r, order[i])) {
            pick = order[i];
            full = true;
        }
    if (pick < 0) return;
    ttt_game *g = review_game_at(r, pick);
    if (!g) return;
    uint32_t id = ++r->next_id;
    if (id == 0) id = ++r->next_id; /* 0 means "none" */
    int deadline = full ? r->deadline_ms : review_first_deadline_ms(r);
    if (r->hooks.submit(r->hooks.user, g, deadline, id)) {
        r->job_id = id;
        r->job_position = pick;
        r->job_full = full;
    }
    ttt_game_free(g);
}

int review_first_deadline_ms(const review_state *r)
{
    int quick = r->deadline_ms / REVIEW_FIRST_PASS_DIVISOR;
    return quick > 0 ? quick : r->deadline_ms;
}

int review_refined_count(const review_state *r)
{
    int n = 0;
    for (int i = 0; i < r->positions; i++)
        n += r->refined[i];
    return n;
}

void review_open(review_state *r, const record *game, int ply, bool play, int step_ms,
                 uint64_t now_ms)
{
    if (r->open) review_close(r);
    r->game = *game;
    memset(r->analysed, 0, sizeof r->analysed);
    memset(r->refined, 0, sizeof r->refined);
    r->positions = game->move_count;
    ttt_state end = record_final_state(game);
    if (end == TTT_STATE_X_TO_MOVE || end == TTT_STATE_O_TO_MOVE) r->positions++;
    r->open = true;
    r->ply = ply < 0 ? 0 : (ply > game->move_count ? game->move_count : ply);
    r->step_ms = step_ms > 0 ? step_ms : 1;
    r->playing = play && r->ply < game->move_count;
    r->next_step_ms = now_ms + (uint64_t)r->step_ms;
    r->changed_ms = now_ms;
    ask_next(r);
}

void review_close(review_state *r)
{
    if (!r->open) return;
    r->open = false;
    r->playing = false;
    if (r->job_id != 0 && r->hooks.cancel) r->hooks.cancel(r->hooks.user);
    r->job_id = 0;
}

bool review_seek(review_state *r, int ply, uint64_t now_ms)
{
    if (!r->open) return false;
    r->playing = false;
    if (ply < 0) ply = 0;
    if (ply > r->game.move_count) ply = r->game.move_count;
    if (ply == r->ply) return false;
    r->ply = ply;
    r->changed_ms = now_ms;
    ask_next(r);
    return true;
}

bool review_step(review_state *r, int delta, uint64_t now_ms)
{
    return review_seek(r, r->ply + delta, now_ms);
}

void review_toggle_play(review_state *r, uint64_t now_ms)
{
    if (!r->open) return;
    if (r->playing) {
        r->playing = false;
        return;
    }
    if (r->ply >= r->game.move_count) {
        r->ply = 0;
        r->changed_ms = now_ms;
    }
    r->playing = r->game.move_count > 0;
    r->next_step_ms = now_ms + (uint64_t)r->step_ms;
    ask_next(r);
}

void review_set_step(review_state *r, int step_ms, uint64_t now_ms)
{
    r->step_ms = step_ms > 0 ? step_ms : 1;
    if (r->playing) r->next_step_ms = now_ms + (uint64_t)r->step_ms;
}

void review_update(review_state *r, uint64_t now_ms)
{
    if (!r->open || !r->playing || now_ms < r->next_step_ms) return;
    r->ply++;
    r->changed_ms = now_ms;
    if (r->ply >= r->game.move_count) {
        r->ply = r->game.move_count;
        r->playing = false;
    }
    r->next_step_ms = now_ms + (uint64_t)r->step_ms;
    ask_next(r);
}

uint64_t review_next_wake_ms(const review_state *r)
{
    return r->open && r->playing ? r->next_step_ms : UINT64_MAX;
}

bool review_on_result(review_state *r, uint32_t job_id, ttt_status status,
                      const ttt_analysis *analysis)
{
    if (!r->open || job_id == 0 || job_id != r->job_id) {
        r->stale_results++;
        return false;
    }
    r->job_id = 0;
    int i = r->job_position;
    if (status == TTT_OK && analysis) {
        r->analyses[i] = *analysis;
        /* Nothing more to find once every square is proven. */
        if (analysis->all_proven || analysis->count == 0) r->refined[i] = true;
    } else {
        r->failed_results++;
        /* Keep the review going: an empty analysis says "not known" (a
         * failed second look keeps the first). */
        if (!r->job_full) TTT_INIT(&r->analyses[i]);
        r->refined[i] = true;
    }
    if (r->job_full) r->refined[i] = true;
    r->analysed[i] = true;
    ask_next(r);
    return true;
}

bool review_complete(const review_state *r)
{
    for (int i = 0; i < r->positions; i++)
        if (!r->analysed[i]) return false;
    return true;
}

bool review_verdict(const review_state *r, int index, verdict *out)
{
    if (index < 0 || index >= r->game.move_count || !r->analysed[index]) return false;
    verdict_value earlier, *pe = NULL;
    if (index >= 2 && r->analysed[index - 2] &&
        verdict_square_value(&r->analyses[index - 2], r->game.moves[index - 2], &earlier))
        pe = &earlier;
    return verdict_compute(&r->analyses[index], index + 1, review_mover(r, index),
                           r->game.moves[index], pe, out);
}
