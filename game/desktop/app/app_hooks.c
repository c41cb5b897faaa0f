/*
 * app_hooks.c - the hooks of the turn flow and the review, and the worker's
 * answers (see app_internal.h): the jobs the turn flow asks for go to the
 * AI worker (hook_submit), its answers come back as events
 * (app_on_worker_result), and game events arrive in hook_event(): the
 * sounds play from there, and finished games go into the statistics.
 */
#include "app_internal.h"
#include "app_online.h"

#include "audio.h"
#include "screen_puzzle.h"
#include "screens.h"
#include "worker.h"

static bool hook_submit(void *user, play_job kind, const ttt_game *game, const ttt_ai_options *opts,
                        uint32_t job_id)
{
    app_state *app = user;
    if (!app->ai) return false;
    return worker_submit_job(app->ai,
                             kind == PLAY_JOB_ANALYZE ? WORKER_JOB_ANALYZE : WORKER_JOB_MOVE, game,
                             opts, job_id);
}

static void hook_cancel(void *user)
{
    app_state *app = user;
    if (app->ai) worker_cancel(app->ai);
}

static bool review_submit(void *user, const ttt_game *game, int deadline_ms, uint32_t job_id)
{
    app_state *app = user;
    if (!app->ai) return false;
    ttt_ai_options opts;
    TTT_INIT(&opts);
    opts.deadline_ms = deadline_ms;
    return worker_submit_job(app->ai, WORKER_JOB_REVIEW, game, &opts, job_id);
}

/* Game events land here, and only here: a mark placed, a move refused, a
 * game won, lost or drawn (play.c reports them after the state changed).
 * Feedback that is not drawn from the state (sound) hooks in here. */
/* What each game event sounds like. */
static sound_cue event_cue(const play_event *ev)
{
    switch (ev->kind) {
    case PLAY_EVENT_MARK_PLACED:
        return ev->player == TTT_PLAYER_O ? SOUND_CUE_PLACE_O : SOUND_CUE_PLACE_X;
    case PLAY_EVENT_MOVE_REFUSED: return SOUND_CUE_REFUSED;
    case PLAY_EVENT_GAME_WON: return SOUND_CUE_WIN;
    case PLAY_EVENT_GAME_LOST: return SOUND_CUE_LOSS;
    case PLAY_EVENT_GAME_DRAWN:
    case PLAY_EVENT_RESULT_TAKEN_BACK:
    default: return SOUND_CUE_DRAW;
    }
}

/* A finished game into the statistics (tally.h), kept with the scores;
 * the entry as it was is kept, for an undo. */
static void count_in_statistics(app_state *app)
{
    const play_scored *at = &app->play.scored;
    if (at->mode < 0) return; /* not counted in the scores either */
    const settings *s = &app->settings;
    int size = ttt_game_size(app->play.game), k = ttt_game_k(app->play.game);
    int level = at->mode == SETTINGS_MODE_TWO_PLAYERS ? TALLY_NO_LEVEL : s->difficulty;
    tally *t = &app->prefs.tally;
    tally_entry *e = tally_find(t, at->mode, size, k, level);
    app->tally_existed = e != NULL;
    if (e)
        app->tally_before = *e;
    else
        app->tally_before = (tally_entry){at->mode, size, k, level, {0, 0}, 0, 0, 0};
    tally_count(t, at->mode, size, k, level, at->slot);
    app->tally_undoable = true;
}

static void hook_event(void *user, const play_event *ev)
{
    app_state *app = user;
    switch (ev->kind) {
    case PLAY_EVENT_GAME_WON:
    case PLAY_EVENT_GAME_LOST:
    case PLAY_EVENT_GAME_DRAWN:
        app->prefs_dirty = true; /* Scores survive a crash or a killed process. */
        /* The last game, for review and replay once the next has begun. */
        play_record(&app->play, &app->last_game);
        app->have_last_game = true;
        count_in_statistics(app);
        break;
    case PLAY_EVENT_RESULT_TAKEN_BACK:
        if (app->tally_undoable)
            tally_restore(&app->prefs.tally, &app->tally_before, app->tally_existed);
        app->tally_undoable = false;
        app->prefs_dirty = true;
        return;
    case PLAY_EVENT_MARK_PLACED:
        /* One tick for marks placed together (a redone move and its reply). */
        if (app->place_cue_ms == app->play.now_ms) return;
        app->place_cue_ms = app->play.now_ms;
        break;
    case PLAY_EVENT_MOVE_REFUSED:
    default: break;
    }
    audio_play(app->audio, event_cue(ev));
}

/* An answer from the worker, handed to the turn flow. */
void app_on_worker_result(app_state *app, const worker_result *r)
{
    if (r->kind == WORKER_JOB_PUZZLE) {
        screen_puzzle_on_result(app, r);
        return;
    }
    if (r->kind == WORKER_JOB_PONDER) {
        /* Its findings stay in the worker's context for the next move. */
        if (r->status != TTT_OK)
            SDL_Log("Couldn't think on your time: %s", ttt_status_message(r->status));
        return;
    }
    if (r->kind == WORKER_JOB_REVIEW) {
        if (review_on_result(&app->review, r->job_id, r->status, &r->analysis) &&
            r->status != TTT_OK)
            SDL_Log("Couldn't analyse a position for the review: %s",
                    ttt_status_message(r->status));
        return;
    }
    play_result pr;
    pr.kind = r->kind == WORKER_JOB_ANALYZE ? PLAY_JOB_ANALYZE : PLAY_JOB_MOVE;
    pr.job_id = r->job_id;
    pr.status = r->status;
    pr.ai = r->ai;
    pr.analysis = r->analysis;
    play_result_use use = play_on_result(&app->play, &pr);
    if (use == PLAY_RESULT_FAILED)
        SDL_Log("%s: %s",
                pr.kind == PLAY_JOB_ANALYZE ? "Couldn't work out a hint"
                                            : "The computer couldn't move",
                ttt_status_message(r->status));
    if (use == PLAY_RESULT_USED && pr.kind == PLAY_JOB_MOVE) {
        stats_series_add(&app->stats.ai, r->compute_ms);
        if (r->ai.stopped) app->stats.ai_stopped++;
    }
}

void app_ponder_update(app_state *app)
{
    if (!app->ai) return;
    bool on_top = screen_top(app) == SCREEN_GAME && !app->review.open && !app->quit;
    ttt_ai_options opts;
    switch (ponder_step(&app->ponder, &app->play, on_top, APP_PONDER_CAP_MS, &opts)) {
    case PONDER_START:
        /* Job id 0: a ponder's answer is not awaited by the turn flow. */
        if (!worker_submit_job(app->ai, WORKER_JOB_PONDER, app->play.game, &opts, 0))
            ponder_reset(&app->ponder);
        break;
    case PONDER_STOP: worker_stop_ponder(app->ai); break;
    case PONDER_NONE:
    default: break;
    }
}

play_hooks app_play_hooks(app_state *app)
{
    play_hooks hooks = {app, hook_submit, hook_cancel, hook_event, app_online_send_move};
    return hooks;
}

review_hooks app_review_hooks(app_state *app)
{
    review_hooks rh = {app, review_submit, hook_cancel};
    return rh;
}
