/*
 * app_internal.h - what the files of the app's loop share, private to app/
 * (the rest of the game sees app.h only).
 *
 * The loop is five files, one thing each:
 *   app.c         init and quit, and the app's configuration;
 *   app_hooks.c   the turn flow's and the worker's hooks (jobs out, results
 *                 and game events in: sounds, the statistics);
 *   app_files.c   the scores and the settings file, the game file, a
 *                 record's export and opening, the saver's results;
 *   app_events.c  sizes, layouts, the language, window and SDL events;
 *   app_frame.c   the frame: clock, view, animation, drawing, pacing, and
 *                 app_step and app_run.
 * Each function below keeps its full comment at its definition.
 */
#ifndef GAME_APP_INTERNAL_H
#define GAME_APP_INTERNAL_H

#include "app_state.h"
#include "saver.h"
#include "worker.h"

/* ---- app_hooks.c --------------------------------------------------------- */

/** The turn flow's hooks (play.h): its jobs to the worker, its events to
 *  the sounds and the statistics; @p app is their user pointer. */
play_hooks app_play_hooks(app_state *app);

/** The review's hooks (review.h): its positions to the worker. */
review_hooks app_review_hooks(app_state *app);

/** An answer from the worker, handed to the turn flow or the review. */
void app_on_worker_result(app_state *app, const worker_result *r);

/** Once a frame, after the turn flow: start the worker's ponder of the
 *  position when the person is to move, or stop it (ponder.h). */
void app_ponder_update(app_state *app);

/* ---- app_files.c --------------------------------------------------------- */

/** The settings file's counts into the turn flow's per-mode scores. */
void app_scores_from_prefs(play_state *p, const prefs *f);

/** The game's record to the game file (through the saver), after a change. */
void app_save_game_file(app_state *app);

/** Ctrl+S, or the game menu's entry: the game as a new record in the
 *  records' folder (the saver writes it). */
void app_export_record(app_state *app);

/** A file dropped on the window: read by the saver, reviewed when it is a
 *  record. */
void app_open_file(app_state *app, const char *path);

/** A saver job's result: a notice, or a record opened for review. */
void app_on_saver_result(app_state *app, const saver_result *r);

/* ---- app.c --------------------------------------------------------------- */

/** The start's next step after SDL (the window, the renderer, the fonts,
 *  the threads, the first game, the layouts: app_init runs them all on the
 *  desktop, app_step one a pass in a browser); app->started once all are
 *  done. @return false when the step failed (logged; app->start_failed). */
bool app_start_step(app_state *app);

/* ---- app_events.c -------------------------------------------------------- */

/** The window's title, in the current language. */
const char *app_window_title(void);

/** Read the window's and the output's size, and lay the screens out again
 *  when they, the board or the buttons' labels changed. */
void app_update_sizes(app_state *app);

/** The language the Language setting's "System" means (language.h). */
int app_system_language(void);

/** Messages in the language the settings ask for, from now on. */
void app_apply_language(app_state *app);

/** Note the window's place, size and state for the settings file. */
void app_remember_window(app_state *app);

/** What an event may have changed that the app itself looks after (a new
 *  language). */
void app_after_event(app_state *app);

#endif /* GAME_APP_INTERNAL_H */
