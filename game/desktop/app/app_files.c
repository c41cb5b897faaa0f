/*
 * app_files.c - what the app keeps on disk (see app_internal.h): the scores
 * and the settings file (app->prefs is what the file gets; the command
 * line's overrides never reach it), the game file (the game in progress or
 * the last one), a record's export (Ctrl+S) and a dropped file's opening.
 * The saver's thread does the writing and reading (saver.h); its results
 * come back as events, to app_on_saver_result.
 */
#include "app.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "i18n.h"

#include "app_internal.h"
#include "menu.h"
#include "gamefile.h"
#include "saver.h"
#include "screen_gamemenu.h"
#include "screen_review.h"
#include "screen_settings.h"
#include "screen_stack.h"

/* The file's counts into the turn flow's per-mode scores, and back. */
void app_scores_from_prefs(play_state *p, const prefs *f)
{
    p->scores[SETTINGS_MODE_HUMAN_VS_COMPUTER] =
        (play_score){{f->you_wins, f->computer_wins}, f->draws};
    p->scores[SETTINGS_MODE_TWO_PLAYERS] = (play_score){{f->wins_x, f->wins_o}, f->pvp_draws};
    p->scores[SETTINGS_MODE_COMPUTER_VS_COMPUTER] =
        (play_score){{f->cvc_wins_x, f->cvc_wins_o}, f->cvc_draws};
}

static void scores_to_prefs(prefs *f, const play_state *p)
{
    const play_score *hvc = &p->scores[SETTINGS_MODE_HUMAN_VS_COMPUTER];
    const play_score *pvp = &p->scores[SETTINGS_MODE_TWO_PLAYERS];
    const play_score *cvc = &p->scores[SETTINGS_MODE_COMPUTER_VS_COMPUTER];
    f->you_wins = hvc->wins[0];
    f->computer_wins = hvc->wins[1];
    f->draws = hvc->draws;
    f->wins_x = pvp->wins[0];
    f->wins_o = pvp->wins[1];
    f->pvp_draws = pvp->draws;
    f->cvc_wins_x = cvc->wins[0];
    f->cvc_wins_o = cvc->wins[1];
    f->cvc_draws = cvc->draws;
}

void app_save_prefs(app_state *app)
{
    if (!app->prefs_dirty) return;
    app->prefs_dirty = false;
    if (!app->saver) return;
    scores_to_prefs(&app->prefs, &app->play);
    /* A copy: the saver's thread merges it with what other instances saved
     * meanwhile (prefs.h) while this one goes on. */
    saver_submit(app->saver, &app->prefs, ++app->save_job);
}

/* A sentence in place of the status for a while (see APP_NOTICE_MS). */
static void notice(app_state *app, const char *text)
{
    snprintf(app->notice, sizeof app->notice, "%s", text);
    app->notice_ms = app->play.now_ms;
    app->redraw = true;
}

/* The game's record for the game file, after a change: a game with moves
 * always; an empty board only to replace an unfinished game (a finished
 * one stays there, the last game, until the next game's first move). */
void app_save_game_file(app_state *app)
{
    if (!app->play.game_changed) return;
    app->play.game_changed = false;
    /* An online game is the server's to keep: the file keeps the last
     * local game. */
    if (app->play.online) return;
    if (!app->saver || !app->cfg.game_path) return;
    record r;
    play_record(&app->play, &r);
    if (r.move_count == 0 && !app->game_file_unfinished) return;
    app->game_file_unfinished = r.move_count > 0 && !app->play.game_over;
    saver_submit_game(app->saver, &r, ++app->game_save_job);
}

/* Ctrl+S, or the game menu's entry: the game as a new record in the
 * records' folder, named after the time (the saver writes it). */
void app_export_record(app_state *app)
{
    app->export_requested = false;
    record r;
    if (!screen_gamemenu_enabled(app, GAMEMENU_SAVE) || !app->saver ||
        !screen_review_subject(app, &r))
        return;
    char dir[SAVER_TEXT_MAX];
    if (app->cfg.records_dir) {
        snprintf(dir, sizeof dir, "%s", app->cfg.records_dir);
    } else if (app->cfg.settings_path) {
        char *d = gamefile_records_dir(app->cfg.settings_path);
        if (!d) return;
        snprintf(dir, sizeof dir, "%s", d);
        free(d);
    } else {
        /* TRANSLATORS: a notice: the game cannot be saved to a file in a
           run without a settings folder. */
        notice(app, _("No folder to save games in (no settings file this run)."));
        return;
    }
    char stamp[GAMEFILE_STAMP_MAX];
    time_t now = time(NULL);
    struct tm *t = localtime(&now);
    if (!t || strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M%S", t) == 0)
        snprintf(stamp, sizeof stamp, "game");
    saver_submit_export(app->saver, &r, dir, stamp, ++app->file_job);
}

/* A file dropped on the window: read by the saver, reviewed when it is a
 * record. */
void app_open_file(app_state *app, const char *path)
{
    if (app->saver) saver_submit_read(app->saver, path, ++app->file_job);
}

/* ------------------------------------------------------------------------- */
/* Another window on the same files (saver_watch(), saver.h)                 */
/* ------------------------------------------------------------------------- */

/* Another window saved the settings file: when this one has nothing of its
 * own waiting (its last snapshot is the saver's last job, nothing changed
 * since), it takes the file's scores and settings as they are, and the
 * saver merges from there. Otherwise its next save merges the two, and the
 * saver says again what the file holds after it. */
static void adopt_prefs(app_state *app, const saver_result *r)
{
    if (!r->file || r->job_id != app->save_job || app->prefs_dirty) return;
    const prefs *file = r->file;
    int change = MENU_CHANGE_NONE;
    for (int row = 0; row < MENU_ROW_COUNT; row++) {
        settings was = app->prefs.settings, now = was;
        menu_copy_row(&now, &file->settings, row);
        if (memcmp(&now, &was, sizeof now) == 0) continue;
        /* As if chosen in this window's menu: the command line's value for
         * that row gives way. */
        menu_copy_row(&app->settings, &file->settings, row);
        change |= menu_row_change(row);
    }
    /* The window's place is this window's own (saved at exit). */
    prefs_window own = app->prefs.window;
    app->prefs = *file;
    app->prefs.window = own;
    app_scores_from_prefs(&app->play, &app->prefs);
    saver_rebase(app->saver, file);
    screen_settings_apply(app, change);
    app->redraw = true;
}

/* Marks on this window's board. */
static int mark_count_of(const app_state *app)
{
    return ttt_game_move_count(app->play.game);
}

/* Is @p r a finished game? */
static bool record_finished(const record *r)
{
    ttt_game *g = NULL;
    if (record_to_game(r, &g) != TTT_OK) return false;
    bool over = ttt_game_over(g);
    ttt_game_free(g);
    return over;
}

/* Another window saved the game file. A window whose game has not changed
 * since it last wrote or took the file follows: the other window's game
 * goes on here (a finished one shows as it ended). One whose game went
 * another way keeps it, and its saves do not overwrite the other's game
 * in progress (the saver refuses them: app_on_saver_result). */
static void adopt_game(app_state *app, const saver_result *r)
{

    if (app->play.online || app->game_diverged || r->job_id != app->game_save_job ||
        app->play.game_changed || app_showing(app, SCREEN_PUZZLE) ||
        app_showing(app, SCREEN_REVIEW))
        return;
    const record *rec = &r->rec;
    /* A finished game is followed to its end, not taken onto an empty
     * board: there is nothing to follow (the other window counted it). */
    if (mark_count_of(app) == 0 && record_finished(rec)) return;
    /* Watching the computer play itself: each window watches its own
     * games (taking another's would count its end twice). */
    if (app->settings.mode == SETTINGS_MODE_COMPUTER_VS_COMPUTER ||
        rec->mode == RECORD_MODE_COMPUTER_VS_COMPUTER)
        return;
    if (!play_resume(&app->play, rec, rec->human)) return;
    if (rec->mode == RECORD_MODE_HUMAN_VS_COMPUTER)
        app->settings.mode = SETTINGS_MODE_HUMAN_VS_COMPUTER;
    else if (rec->mode == RECORD_MODE_TWO_PLAYERS)
        app->settings.mode = SETTINGS_MODE_TWO_PLAYERS;
    /* The other window plays the computer's reply it asked for; this one
     * plays it only if none comes (APP_FOLLOW_WAIT_MS). */
    app->play.follow_until_ms = app->play.now_ms + APP_FOLLOW_WAIT_MS;
    app->play.game_changed = false; /* what the file holds: nothing to write */
    app->game_file_unfinished = rec->move_count > 0 && !app->play.game_over;
    saver_game_known(app->saver, rec);
    app->redraw = true;
}

/* A job's result: a failed save was warned about (once) by the saver, and
 * the next save carries what did not get in; an export or a read is told
 * in a notice, and a record read is opened for review. */
void app_on_saver_result(app_state *app, const saver_result *r)
{
    char text[VIEW_STATUS_MAX];
    switch (r->kind) {
    case SAVER_PREFS:
        if (!r->ok) app->prefs_warned = true;
        return;
    case SAVER_GAME:
        if (r->conflict && !app->game_diverged) {
            app->game_diverged = true;
            /* TRANSLATORS: a notice: two windows of the game share the
               saved game, and the other one has a game in progress. */
            notice(app, _("Another window has a game in progress: this game is not saved."));
        } else if (r->ok) {
            app->game_diverged = false;
        }
        return;
    case SAVER_PREFS_CHANGED: adopt_prefs(app, r); return;
    case SAVER_GAME_CHANGED: adopt_game(app, r); return;
    case SAVER_EXPORT:
        if (r->ok) /* TRANSLATORS: a notice; %s is the file the game went to. */
            snprintf(text, sizeof text, _("Game saved to %.400s"), r->text);
        else
            /* TRANSLATORS: a notice; %s is why (a folder and a reason). */
            snprintf(text, sizeof text, _("The game could not be saved: %.400s"), r->text);
        notice(app, text);
        return;
    case SAVER_READ:
        if (r->ok) {
            screen_review_open(app, &r->rec, false);
            return;
        }
        /* TRANSLATORS: a notice: a file dropped on the window is not a game
           record; %s is the file, the line and the reason. */
        snprintf(text, sizeof text, _("Not a game record: %.400s"), r->text);
        notice(app, text);
        return;
    default: return;
    }
}

bool app_wait_for_saves(app_state *app, Uint32 timeout_ms)
{
    if (!app->saver) return true;
    bool idle = saver_finish(app->saver, timeout_ms);
    SDL_Event ev;
    SDL_PumpEvents();
    while (SDL_PeepEvents(&ev, 1, SDL_GETEVENT, app->saver_event, app->saver_event) == 1)
        app_event(app, &ev);
    return idle;
}
