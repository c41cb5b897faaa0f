/*
 * screen_game.h - the game screen: the board, the status line, the scores
 * and the buttons under the board. Its input (clicks on squares and
 * buttons, the keyboard's cursor, the hover preview, the number keys) and
 * its drawing side by side, as in raylib's screen template.
 *
 * Input changes the turn flow through play.h; drawing reads the view
 * (view.h) and never the turn flow. What stays put between changes is
 * drawn into a cached layer (render.c): screen_game_scene_now() says what that
 * layer shows, so render.c knows when to rebuild it; what moves is drawn
 * over it every frame (screen_game_draw_motion()).
 */
#ifndef GAME_SCREEN_GAME_H
#define GAME_SCREEN_GAME_H

#include <stdbool.h>

#include "app_state.h"
#include "draw.h"

/* ------------------------------------------------------------------------- */
/* Input                                                                     */
/* ------------------------------------------------------------------------- */

/** Do a game action (new game, undo, redo, hint, the arrows and Enter on
 *  the board). Others are ignored. */
void screen_game_do(app_state *app, app_action action);

/**
 * A left click at output pixel (@p x, @p y): a square is played (or
 * refused). @return the action of the button clicked (the caller does it:
 * Settings opens another screen), or -1 for none.
 */
int screen_game_mouse_down(app_state *app, int x, int y);

/** A number key's square on 3x3 (keypad layout: 7 8 9 is the top row):
 *  the cursor goes there and it is played. @return whether @p digit (1-9)
 *  named a square. */
bool screen_game_digit(app_state *app, int digit);

/**
 * The pointer is at (@p x, @p y), over this screen (@p covered: behind the
 * settings or the help, where nothing here is under it). Updates the hover
 * square and button. @return whether what is under it can be clicked.
 */
bool screen_game_hover(app_state *app, int x, int y, bool covered);

/** The buttons' label sets: playing, a game over (Hint becomes Review),
 *  reviewing, and replaying (Replay becomes Pause). */
typedef enum screen_game_labels {
    SCREEN_GAME_LABELS_PLAYING = 0,
    SCREEN_GAME_LABELS_OVER,
    SCREEN_GAME_LABELS_REVIEW,
    SCREEN_GAME_LABELS_REPLAYING,
    SCREEN_GAME_LABELS_PUZZLE, /**< A puzzle: Close, Try again, Next, Daily, Puzzles. */
    SCREEN_GAME_LABEL_SETS
} screen_game_labels;

/** The label of button @p button (a layout_button) in label set @p set,
 *  translated; "" for others. The app measures every set to lay the
 *  buttons out, so they do not move between the game and the review. */
const char *screen_game_button_label_in(int set, int button);

/** The label set the view @p v shows (a screen_game_labels). */
int screen_game_label_set(const view_game *v);

/** The label button @p button shows now. */
const char *screen_game_button_label(const app_state *app, int button);

/* ------------------------------------------------------------------------- */
/* Drawing                                                                   */
/* ------------------------------------------------------------------------- */

/** What the cached scene layer shows: rebuilt when any of it changes.
 *  Zeroed before filling, so it compares with memcmp. */
typedef struct screen_game_scene {
    layout layout;
    const theme *theme;
    ttt_player owner[TTT_MAX_SQUARES]; /**< Marks settled in place. */
    bool won_settled;                  /**< Strike drawn, other marks dimmed. */
    bool last_move;
    ttt_pos last;
    ttt_player last_owner; /**< Whose colour the tint takes. */
    bool hints;            /**< Hints faded in and shown (hint_at says which). */
    uint64_t hint_at;      /**< When the hint shown arrived: one hint per time. */
    bool thinking;         /**< The status leaves room for the dots. */
    bool muted;            /**< Sound off: the muted speaker beside the status. */
    char status[VIEW_STATUS_MAX];
    bool status_long; /**< Wrapped to up to three lines (a review's verdict, a notice). */
    char rule[VIEW_RULE_MAX];
    view_review review; /**< The review's strip and marks, while it is open. */
    view_puzzle puzzle; /**< The puzzle's key move after a miss, while one is played. */
    int language;       /**< Buttons and scores are drawn in it. */
    settings_mode mode;
    ttt_player human_side, turn;
    bool online; /**< An online game: the scores name you and your friend. */
    play_score score;
    bool enabled[LAYOUT_BUTTON_COUNT];
    int hot_button;
    bool hint_lit, new_game_lit, buttons_hidden, scores_hidden;
} screen_game_scene;

/** Least room between the status text (its thinking dots included) and
 *  the muted speaker at the status line's right end, in pixels; more at
 *  large text sizes (issue 28: 3 px was left in French at 520x600). */
#define SCREEN_GAME_SPEAKER_GAP_PX 10

/** The muted speaker's extent at the status line's right end (all of it,
 *  the slash included), whether it is drawn or not. */
layout_rect screen_game_speaker_rect(const app_state *app);

/** The status line's box for @p status (NULL: the box of a status that
 *  fits): the layout's, less the muted speaker's room with its gap and the
 *  thinking dots'. Narrowed alike on both sides, so the text is centred,
 *  while @p status fits that box on one line at the layout's size; else
 *  only on the right, so that it wraps only where it must. A review's
 *  verdict or a notice (@p long_status) wraps to three lines in it
 *  (SCREEN_GAME_STATUS_LINES), the others to two. */
layout_rect screen_game_status_box(const app_state *app, const char *status, bool long_status,
                                   bool muted, bool thinking);

/** Lines a long status (a verdict, a notice) may take. */
#define SCREEN_GAME_STATUS_LINES 3

/** What the scene layer must show this frame. */
void screen_game_scene_now(const app_state *app, screen_game_scene *k);

/** The background, the board's card and its grid (their own cached layer:
 *  they change with the layout and the theme only). */
void screen_game_draw_chrome(draw_ctx *d, const app_state *app);

/** Everything of @p k over the chrome. */
void screen_game_draw_scene(draw_ctx *d, const app_state *app, const screen_game_scene *k);

/** Does @p now differ from @p was only by marks settled on empty squares,
 *  which can be drawn into the layer as it is? */
bool screen_game_marks_added(const screen_game_scene *was, const screen_game_scene *now);

/** Draw the marks @p now has and @p was has not (see screen_game_marks_added). */
void screen_game_draw_added_marks(draw_ctx *d, const app_state *app, const screen_game_scene *was,
                                  const screen_game_scene *now);

/** What moves, over the scene @p k: marks popping in, the strike-through
 *  drawn out, the hover and the cursor, a refused click, hints fading in,
 *  the thinking dots. */
void screen_game_draw_motion(draw_ctx *d, const app_state *app, const screen_game_scene *k);

#endif /* GAME_SCREEN_GAME_H */
