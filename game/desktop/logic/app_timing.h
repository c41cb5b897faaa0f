/*
 * app_timing.h - how long the desktop game's feedback and pauses last, in
 * milliseconds of the app's clock. The turn flow (play.c) and the drawing
 * (the screens) both read them; neither owns them. No SDL here.
 */
#ifndef GAME_APP_TIMING_H
#define GAME_APP_TIMING_H

/* Animations. */
#define APP_HOVER_FADE_MS 120
#define APP_MARK_APPEAR_MS 160
#define APP_REFUSED_CUE_MS 320
#define APP_STRIKE_DELAY_MS 60
#define APP_STRIKE_ANIM_MS 380
#define APP_MENU_FADE_MS 140
#define APP_HINT_FADE_MS 150
#define APP_HELP_FADE_MS 140
/** One period of the thinking dots' pulse. */
#define APP_THINK_DOT_PERIOD_MS 900
/** How long "Reset scores" waits for the confirming second press. */
#define APP_RESET_CONFIRM_MS 4000
/** How long the online lobby's "Resign" waits for the confirming second press. */
#define APP_RESIGN_CONFIRM_MS 4000

/** A finished game has settled on screen once its strike-through is drawn. */
#define APP_GAME_OVER_SETTLE_MS (APP_STRIKE_DELAY_MS + APP_STRIKE_ANIM_MS)
/** How long a finished computer-vs-computer game stays up before the next,
 *  in units of the watch speed's move delay. */
#define APP_WATCH_NEXT_GAME_FACTOR 4
/** Overlay text refresh period (the numbers would flicker if redrawn every frame). */
#define APP_OVERLAY_REFRESH_MS 250
/** Refresh rate assumed when the display does not report one. */
#define APP_DEFAULT_REFRESH_HZ 60
/** Longest an AI move may search on boards too big to solve. */
#define APP_AI_DEADLINE_MS 1500
/** Longest the computer ponders one position while a person thinks (ponder.h):
 *  most positions settle long before; the cap spares a core (and a
 *  laptop's battery) while the window sits idle. */
#define APP_PONDER_CAP_MS 30000
/** Longest a hint's analysis may take on boards too big to solve. */
#define APP_HINT_DEADLINE_MS 1500
/** Longest the review's solver may take for one position on boards too big
 *  to solve (3x3 to 5x5 are proven well within it). */
#define APP_REVIEW_DEADLINE_MS 1500
/** A game taken from another window with the computer to move: how long
 *  this window waits for the other one's reply before playing it itself
 *  (the other window looks every second, and thinks for its delay). */
#define APP_FOLLOW_WAIT_MS 5000
/** How long a notice (a record saved, a file refused) stays up. */
#define APP_NOTICE_MS 6000
/** The game menu's and the statistics' fade-in. */
#define APP_PANEL_FADE_MS 140
/** Longest quitting waits for the settings saver to finish (trying again
 *  when another window's lock kept a save out): a save waiting for that
 *  lock (PREFS_LOCK_WAIT_MS, 5 s) and the last save after it (another 5 s
 *  at worst), and two seconds for a slow disk (lock_timing.h; app/saver.c checks the sum). Past it
 * the game says so on stderr and quits; the file keeps its last whole version. */
#define APP_QUIT_SAVE_WAIT_MS 12000

#endif /* GAME_APP_TIMING_H */
