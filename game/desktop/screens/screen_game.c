/*
 * screen_game.c - the game screen (see screen_game.h): its input, then its
 * drawing.
 *
 * Drawing has two speeds. The scene (screen_game_scene: settled marks, the
 * last-move tint, hints, the strike-through once drawn, the status, rule,
 * scores and buttons) is drawn into a cached layer when it changes, once or
 * twice a move; the motion (marks popping in, the strike-through being
 * drawn, marks fading back after a win, hover and cursor, a refused click,
 * hints fading in, the thinking dots) is drawn over it every frame. Both
 * read the view (app->view.game), never the turn flow.
 *
 * This file has the board, the buttons, the input and the scene and its
 * layers; the hints on the squares are drawn by screen_game_hints.c, the
 * status line and the scores by screen_game_status.c
 * (screen_game_internal.h).
 */
#include "screen_game_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app_online.h"
#include "i18n.h"
#include "screen_puzzle.h"
#include "screen_review.h"
#include "screens.h"

/* Look of the board. */
#define BOARD_SHADOW_OFFSET_FRACTION 0.012f
#define BOARD_CORNER_FACTOR 1.5f  /* The board's card, in layout corner radii. */
#define GRID_INSET_FRACTION 0.06f /* Grid lines stop short of the card's edge. */
#define HOVER_MARK_ALPHA 0.28f
#define DIMMED_MARK_ALPHA 0.35f  /* Marks not on a winning line, after a win. */
#define DIM_COVER_FRACTION 0.84f /* The square's middle that dimming covers (not the grid). */
#define MARK_APPEAR_START_SCALE 0.6f
#define MARK_FADE_IN_RATE 2.0f /* A new mark is opaque halfway through its pop-in. */
#define REFUSED_INSET_FRACTION 0.06f
#define LAST_MOVE_TINT_ALPHA 0.16f /* The computer's last move: its colour behind its mark. */
#define LAST_MOVE_INSET_FRACTION 0.06f
/* The strike-through runs past the end squares' centres, like a pen stroke
 * across the whole of them: this far, in squares, at each end. */
#define STRIKE_OVERHANG_SQUARES 0.36f

/* Keyboard cursor: ring inset and stroke, as fractions of a square. */
#define CURSOR_INSET_FRACTION 0.07f
#define CURSOR_STROKE_FRACTION 0.045f

/* The buttons' labels, in layout_button order, for each set; translated
 * when drawn. A review's arrows and pause sign are drawn as they are. */
static const char *const BUTTON_LABELS[SCREEN_GAME_LABEL_SETS][LAYOUT_BUTTON_COUNT] = {
    [SCREEN_GAME_LABELS_PLAYING] =
        {/* TRANSLATORS: the five buttons under the board share one row of a
            narrow window: keep them short. Starts a new game. */
         N_("New game"),
         /* TRANSLATORS: button: takes back your last move (and the computer's
            reply). */
         N_("Undo"),
         /* TRANSLATORS: button: plays again a move taken back with Undo. */
         N_("Redo"),
         /* TRANSLATORS: button: shows each free square's outcome. */
         N_("Hint"),
         /* TRANSLATORS: button: opens the game menu (review, replay,
            statistics, saving the game, settings, help). */
         N_("Menu")},
    [SCREEN_GAME_LABELS_OVER] = {N_("New game"), N_("Undo"), N_("Redo"),
                                 /* TRANSLATORS: button, once a game is over: go
                                    through its moves with the solver's verdicts. */
                                 N_("Review"), N_("Menu")},
    [SCREEN_GAME_LABELS_REVIEW] =
        {/* TRANSLATORS: button: leaves the review. */
         N_("Close"), "\xE2\x97\x80", "\xE2\x96\xB6",
         /* TRANSLATORS: button in the review: plays the
            game's moves one after the other. */
         N_("Replay"),
         /* TRANSLATORS: button in the review: take over
            from the position shown and play on. */
         N_("Play on")},
    [SCREEN_GAME_LABELS_REPLAYING] = {N_("Close"), "\xE2\x97\x80", "\xE2\x96\xB6",
                                      /* TRANSLATORS: button: stops the replay. */
                                      N_("Pause"), N_("Play on")},
    [SCREEN_GAME_LABELS_PUZZLE] =
        {N_("Close"),
         /* TRANSLATORS: button on a puzzle: the same puzzle from its start. */
         N_("Try again"),
         /* TRANSLATORS: button on a puzzle: the next puzzle of the board
            and level chosen. */
         N_("Next puzzle"),
         /* TRANSLATORS: button on a puzzle: the puzzle of the day. */
         N_("Daily"),
         /* TRANSLATORS: button on a puzzle: choose the board and level. */
         N_("Puzzles")},
};

const char *screen_game_button_label_in(int set, int button)
{
    if (set < 0 || set >= SCREEN_GAME_LABEL_SETS || button < 0 || button >= LAYOUT_BUTTON_COUNT)
        return "";
    const char *label = BUTTON_LABELS[set][button];
    /* The arrows are signs, not words. */
    return (label[0] & 0x80) ? label : _(label);
}

int screen_game_label_set(const view_game *v)
{
    if (v->puzzle.active) return SCREEN_GAME_LABELS_PUZZLE;
    if (v->review.active)
        return v->review.playing ? SCREEN_GAME_LABELS_REPLAYING : SCREEN_GAME_LABELS_REVIEW;
    return v->game_over ? SCREEN_GAME_LABELS_OVER : SCREEN_GAME_LABELS_PLAYING;
}

const char *screen_game_button_label(const app_state *app, int button)
{
    return screen_game_button_label_in(screen_game_label_set(&app->view.game), button);
}

/* ------------------------------------------------------------------------- */
/* Input                                                                     */
/* ------------------------------------------------------------------------- */

/* Move the keyboard cursor, showing it (the first press only shows it). */
static void move_cursor(app_state *app, int drow, int dcol)
{
    int size = ttt_game_size(app->play.game);
    if (app->cursor_shown) {
        int r = app->cursor_row + drow, c = app->cursor_col + dcol;
        if (r >= 0 && r < size) app->cursor_row = r;
        if (c >= 0 && c < size) app->cursor_col = c;
    }
    app->cursor_shown = true;
}

void screen_game_do(app_state *app, app_action action)
{
    switch (action) {
    case APP_ACTION_NEW_GAME:
        /* Online, the next game is a rematch both players ask for. */
        if (app->play.online)
            app_online_rematch(app);
        else
            play_new_game(&app->play);
        return;
    case APP_ACTION_UNDO: play_undo(&app->play); return;
    case APP_ACTION_REDO: play_redo(&app->play); return;
    case APP_ACTION_HINT: play_hint_toggle(&app->play); return;
    case APP_ACTION_UP: move_cursor(app, -1, 0); return;
    case APP_ACTION_DOWN: move_cursor(app, 1, 0); return;
    case APP_ACTION_LEFT: move_cursor(app, 0, -1); return;
    case APP_ACTION_RIGHT: move_cursor(app, 0, 1); return;
    case APP_ACTION_ACTIVATE:
        if (!app->cursor_shown) {
            app->cursor_shown = true; /* First show where Enter would play. */
            return;
        }
        play_click(&app->play, app->cursor_row, app->cursor_col);
        return;
    case APP_ACTION_SETTINGS:
    case APP_ACTION_BACK:
    case APP_ACTION_HELP:
    case APP_ACTION_OVERLAY:
    case APP_ACTION_SOUND:
    case APP_ACTION_FULLSCREEN:
    case APP_ACTION_NEXT:
    case APP_ACTION_PREVIOUS:
    default: return;
    }
}

int screen_game_mouse_down(app_state *app, int x, int y)
{
    static const app_action button_actions[LAYOUT_BUTTON_COUNT] = {
        [LAYOUT_BUTTON_NEW_GAME] = APP_ACTION_NEW_GAME, [LAYOUT_BUTTON_UNDO] = APP_ACTION_UNDO,
        [LAYOUT_BUTTON_REDO] = APP_ACTION_REDO,         [LAYOUT_BUTTON_HINT] = APP_ACTION_HINT,
        [LAYOUT_BUTTON_SETTINGS] = APP_ACTION_MENU,
    };
    layout_button b = layout_button_at(&app->layout, x, y);
    /* Once the game is over, Hint's place reviews it. */
    if (b == LAYOUT_BUTTON_HINT && app->play.game_over) return (int)APP_ACTION_REVIEW;
    if (b != LAYOUT_BUTTON_NONE && b < LAYOUT_BUTTON_COUNT) return (int)button_actions[b];
    int row, col;
    if (layout_square_at(&app->layout, x, y, &row, &col)) play_click(&app->play, row, col);
    return -1;
}

bool screen_game_digit(app_state *app, int digit)
{
    if (digit < 1 || digit > 9 || ttt_game_size(app->play.game) != 3) return false;
    /* Square 1 is the top-left corner, row by row, as `ttt` numbers them
     * and a telephone's keypad lays them out (docs/cli.md, "Squares"). */
    app->cursor_row = (digit - 1) / 3;
    app->cursor_col = (digit - 1) % 3;
    play_click(&app->play, app->cursor_row, app->cursor_col);
    return true;
}

bool screen_game_hover(app_state *app, int x, int y, bool covered)
{
    int row = -1, col = -1;
    if (covered || !layout_square_at(&app->layout, x, y, &row, &col)) row = col = -1;
    if (row != app->hover_row || col != app->hover_col) {
        app->hover_row = row;
        app->hover_col = col;
        app->hover_ms = app->play.now_ms;
    }
    app->hover_button = covered ? LAYOUT_BUTTON_NONE : layout_button_at(&app->layout, x, y);
    if (app->hover_button != LAYOUT_BUTTON_NONE) return true;
    return row >= 0 && play_square_playable(&app->play, row, col);
}

/* ------------------------------------------------------------------------- */
/* Marks and the board                                                       */
/* ------------------------------------------------------------------------- */

/* Mix @p c over the board's colour by @p alpha into an opaque colour: a
 * translucent X would show darker where its two strokes overlap. */
static theme_color over_board(const app_state *app, theme_color c, float alpha)
{
    theme_color base = draw_color(app, THEME_BOARD);
    float a = draw_clamp01(alpha);
    theme_color out = {(unsigned char)lroundf((float)base.r + ((float)c.r - (float)base.r) * a),
                       (unsigned char)lroundf((float)base.g + ((float)c.g - (float)base.g) * a),
                       (unsigned char)lroundf((float)base.b + ((float)c.b - (float)base.b) * a),
                       0xFF};
    return out;
}

theme_role screen_game_mark_role(ttt_player p)
{
    return p == TTT_PLAYER_O ? THEME_O : THEME_X;
}

static void draw_mark(draw_ctx *d, const app_state *app, ttt_player p, float cx, float cy,
                      float scale, float alpha)
{
    const layout *l = &app->layout;
    float thick = l->mark_thickness * scale;
    if (alpha <= 0.0f) return;
    if (p == TTT_PLAYER_X) {
        shape_cross(&d->shapes, cx, cy, l->mark_radius * DRAW_CROSS_HALF_FRACTION * scale, thick,
                    over_board(app, draw_color(app, THEME_X), alpha));
    } else if (p == TTT_PLAYER_O) {
        shape_ring(&d->shapes, cx, cy, (l->mark_radius - l->mark_thickness * 0.5f) * scale, thick,
                   over_board(app, draw_color(app, THEME_O), alpha));
    }
}

void screen_game_draw_chrome(draw_ctx *d, const app_state *app)
{
    const layout *l = &app->layout;
    draw_clear(d, draw_color(app, THEME_BACKGROUND));
    float shadow =
        fmaxf(1.0f, (float)l->cell * (float)l->board_size * BOARD_SHADOW_OFFSET_FRACTION);
    layout_rect card = l->board;
    layout_rect shade = {card.x, card.y + (int)shadow, card.w, card.h};
    shape_round_rect(&d->shapes, shade, l->corner_radius * BOARD_CORNER_FACTOR,
                     draw_color(app, THEME_BOARD_SHADOW));
    shape_round_rect(&d->shapes, card, l->corner_radius * BOARD_CORNER_FACTOR,
                     draw_color(app, THEME_BOARD));
    /* Grid lines with round ends, stopping short of the card's edge. */
    float inset = (float)l->cell * GRID_INSET_FRACTION;
    float x0 = (float)l->board.x, y0 = (float)l->board.y;
    float side = (float)l->board.w;
    for (int i = 1; i < l->board_size; i++) {
        float off = (float)(i * l->cell);
        shape_capsule(&d->shapes, x0 + off, y0 + inset, x0 + off, y0 + side - inset,
                      l->grid_thickness, draw_color(app, THEME_GRID));
        shape_capsule(&d->shapes, x0 + inset, y0 + off, x0 + side - inset, y0 + off,
                      l->grid_thickness, draw_color(app, THEME_GRID));
    }
}

/* The strike-through @p s, drawn to fraction @p t of its length: from just
 * before the first square's centre to just past the last's. */
static void draw_strike(draw_ctx *d, const app_state *app, const view_strike *s, float t)
{
    const layout *l = &app->layout;
    float ax, ay, bx, by;
    layout_square_center(l, s->first.row, s->first.col, &ax, &ay);
    layout_square_center(l, s->last.row, s->last.col, &bx, &by);
    float steps = (float)(s->length > 1 ? s->length - 1 : 1);
    float ox = (bx - ax) / steps * STRIKE_OVERHANG_SQUARES;
    float oy = (by - ay) / steps * STRIKE_OVERHANG_SQUARES;
    float sx = ax - ox, sy = ay - oy, ex = bx + ox, ey = by + oy;
    shape_capsule(&d->shapes, sx, sy, sx + (ex - sx) * t, sy + (ey - sy) * t, l->strike_thickness,
                  draw_color(app, THEME_STRIKE));
}

/* ------------------------------------------------------------------------- */
/* The board's scene and motion                                              */
/* ------------------------------------------------------------------------- */

/* The board's settled contents, as the scene key says. */
static void draw_board_scene(draw_ctx *d, const app_state *app, const screen_game_scene *k)
{
    const layout *l = &app->layout;
    const view_game *v = &app->view.game;
    int n = l->board_size;
    if (k->last_move && k->last_owner != TTT_PLAYER_NONE) {
        layout_rect sq = draw_square_rect(l, k->last.row, k->last.col);
        shape_round_rect(&d->shapes,
                         draw_inset_rect(sq, (int)((float)l->cell * LAST_MOVE_INSET_FRACTION)),
                         l->corner_radius,
                         theme_fade(draw_color(app, screen_game_mark_role(k->last_owner)),
                                    LAST_MOVE_TINT_ALPHA));
    }
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            ttt_player owner = k->owner[r * n + c];
            if (owner == TTT_PLAYER_NONE) continue;
            float alpha = 1.0f;
            if (k->won_settled && !v->on_winning_line[r * n + c]) alpha = DIMMED_MARK_ALPHA;
            float cx, cy;
            layout_square_center(l, r, c, &cx, &cy);
            draw_mark(d, app, owner, cx, cy, 1.0f, alpha);
        }
    }
    if (k->hints) screen_game_draw_hints(d, app, 1.0f);
    if (k->review.active) screen_review_draw_board(d, app, &k->review);
    if (k->puzzle.active) screen_puzzle_draw_board(d, app, &k->puzzle);
    if (k->won_settled)
        for (int i = 0; i < v->strike_count; i++)
            draw_strike(d, app, &v->strikes[i], 1.0f);
}

/* The square a click or Enter would take, and the mark it would get: the
 * keyboard's cursor while it shows, else the mouse's, faded in. */
static void draw_preview(draw_ctx *d, const app_state *app)
{
    const layout *l = &app->layout;
    const view_game *v = &app->view.game;
    int n = v->size;
    int pr = -1, pc = -1;
    Uint64 since = 0;
    if (app->cursor_shown) {
        pr = app->cursor_row;
        pc = app->cursor_col;
    } else if (app->hover_row >= 0) {
        pr = app->hover_row;
        pc = app->hover_col;
        since = app->hover_ms;
    }
    if (pr < 0 || pr >= n || pc < 0 || pc >= n || !v->playable[pr * n + pc]) return;
    float f = since ? draw_progress(app, since, APP_HOVER_FADE_MS) : 1.0f;
    layout_rect tint = draw_inset_rect(draw_square_rect(l, pr, pc), (int)l->grid_thickness);
    shape_round_rect(&d->shapes, tint, l->corner_radius,
                     theme_fade(draw_color(app, THEME_HOVER), f));
    /* Over a hint the ghost mark would hide its words: the tint says enough. */
    if (!v->hint_shown) {
        float cx, cy;
        layout_square_center(l, pr, pc, &cx, &cy);
        draw_mark(d, app, v->turn, cx, cy, 1.0f, HOVER_MARK_ALPHA * f);
    }
}

/* After a win: the other marks fade back (the board's colour laid over
 * them) and the strike-through is drawn out. */
static void draw_win_motion(draw_ctx *d, const app_state *app, const screen_game_scene *k)
{
    const layout *l = &app->layout;
    const view_game *v = &app->view.game;
    int n = v->size;
    float fade = draw_progress(app, v->game_over_ms, APP_STRIKE_ANIM_MS);
    theme_color cover = theme_fade(draw_color(app, THEME_BOARD), (1.0f - DIMMED_MARK_ALPHA) * fade);
    int margin = (int)((float)l->cell * (1.0f - DIM_COVER_FRACTION) * 0.5f);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (k->owner[r * n + c] != TTT_PLAYER_NONE && !v->on_winning_line[r * n + c])
                shape_round_rect(&d->shapes, draw_inset_rect(draw_square_rect(l, r, c), margin),
                                 l->corner_radius, cover);
    float t = draw_ease_out_cubic(
        draw_progress(app, v->game_over_ms + APP_STRIKE_DELAY_MS, APP_STRIKE_ANIM_MS));
    if (t > 0.0f)
        for (int i = 0; i < v->strike_count; i++)
            draw_strike(d, app, &v->strikes[i], t);
}

/* What moves on the board this frame, over the scene. */
static void draw_board_motion(draw_ctx *d, const app_state *app, const screen_game_scene *k)
{
    const layout *l = &app->layout;
    const view_game *v = &app->view.game;
    int n = v->size;
    bool covered = screen_panel_open(app);

    /* A refused click: a brief red tint on that square. */
    if (v->refused) {
        float t = draw_progress(app, v->refused_ms, APP_REFUSED_CUE_MS);
        if (t < 1.0f)
            shape_round_rect(
                &d->shapes,
                draw_inset_rect(draw_square_rect(l, v->refused_at.row, v->refused_at.col),
                                (int)((float)l->cell * REFUSED_INSET_FRACTION)),
                l->corner_radius, theme_fade(draw_color(app, THEME_REFUSED), 1.0f - t));
    }
    if (!covered) draw_preview(d, app);

    /* Marks popping in. */
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            int i = r * n + c;
            if (v->owner[i] == TTT_PLAYER_NONE || k->owner[i] != TTT_PLAYER_NONE) continue;
            float t = draw_progress(app, v->placed_ms[i], APP_MARK_APPEAR_MS);
            float scale =
                MARK_APPEAR_START_SCALE + (1.0f - MARK_APPEAR_START_SCALE) * draw_ease_out_back(t);
            float cx, cy;
            layout_square_center(l, r, c, &cx, &cy);
            draw_mark(d, app, v->owner[i], cx, cy, scale, draw_clamp01(t * MARK_FADE_IN_RATE));
        }
    }
    if (v->game_over && v->strike_count > 0 && !k->won_settled) draw_win_motion(d, app, k);
    if (v->hint_shown && !k->hints)
        screen_game_draw_hints(d, app, draw_progress(app, v->hint_ms, APP_HINT_FADE_MS));

    /* The keyboard cursor: an outline around its square. */
    if (app->cursor_shown && !covered) {
        layout_rect r = draw_inset_rect(draw_square_rect(l, app->cursor_row, app->cursor_col),
                                        (int)((float)l->cell * CURSOR_INSET_FRACTION));
        shape_outline_rect(&d->shapes, r, fmaxf(2.0f, (float)l->cell * CURSOR_STROKE_FRACTION),
                           draw_color(app, THEME_CURSOR));
    }
}

/* ------------------------------------------------------------------------- */
/* Buttons                                                                   */
/* ------------------------------------------------------------------------- */

static void draw_buttons(draw_ctx *d, const app_state *app, const screen_game_scene *k)
{
    if (k->buttons_hidden) return;
    const layout *l = &app->layout;
    const char *labels[LAYOUT_BUTTON_COUNT];
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++)
        labels[i] = screen_game_button_label(app, i);
    int px = draw_fit_labels(d, labels, LAYOUT_BUTTON_COUNT, l->buttons, l->font_button_px);
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        bool hot = k->enabled[i] && k->hot_button == i;
        theme_color face = draw_color(app, hot ? THEME_BUTTON_HOVER : THEME_BUTTON);
        if (i == LAYOUT_BUTTON_HINT && k->hint_lit) face = draw_color(app, THEME_FOCUS);
        /* When a game is over the next step is New game: the accent colour
         * (watch mode starts the next game by itself). */
        if (i == LAYOUT_BUTTON_NEW_GAME && k->new_game_lit) face = draw_color(app, THEME_FOCUS);
        draw_button(d, app, l->buttons[i], labels[i], face, draw_color(app, THEME_BUTTON_TEXT), px,
                    k->enabled[i] ? 1.0f : DRAW_DISABLED_ALPHA);
    }
}

/* ------------------------------------------------------------------------- */
/* The scene: what stays put between changes                                 */
/* ------------------------------------------------------------------------- */

void screen_game_scene_now(const app_state *app, screen_game_scene *k)
{
    memset(k, 0, sizeof *k);
    const view_game *v = &app->view.game;
    k->layout = app->layout;
    k->theme = app->theme;
    int squares = v->size * v->size;
    for (int i = 0; i < squares; i++)
        if (v->owner[i] != TTT_PLAYER_NONE &&
            draw_progress(app, v->placed_ms[i], APP_MARK_APPEAR_MS) >= 1.0f)
            k->owner[i] = v->owner[i];
    k->won_settled = v->game_over && v->strike_count > 0 &&
                     draw_progress(app, v->game_over_ms, APP_GAME_OVER_SETTLE_MS) >= 1.0f;
    k->last_move = v->have_last_computer_move && !v->game_over;
    if (k->last_move) {
        k->last = v->last_computer_move;
        k->last_owner = v->owner[k->last.row * v->size + k->last.col];
    }
    k->hints = v->hint_shown && draw_progress(app, v->hint_ms, APP_HINT_FADE_MS) >= 1.0f;
    if (k->hints) k->hint_at = v->hint_ms;
    snprintf(k->status, sizeof k->status, "%s", v->status);
    k->status_long = v->status_long;
    k->thinking = v->status_dots;
    k->muted = !app->settings.sound || app->audio_missing;
    snprintf(k->rule, sizeof k->rule, "%s", v->rule);
    k->review = v->review;
    k->puzzle = v->puzzle;
    k->language = app->language;
    k->mode = v->mode;
    k->human_side = v->human_side;
    k->online = v->online;
    k->turn = v->turn;
    k->score = v->score;
    /* Online, New game asks for the rematch: a player's, after a game
       (a watcher has none to ask for). */
    bool new_game = !v->online || app_online_can_rematch(app);
    bool enabled[LAYOUT_BUTTON_COUNT] = {[LAYOUT_BUTTON_NEW_GAME] = new_game,
                                         [LAYOUT_BUTTON_UNDO] = v->can_undo,
                                         [LAYOUT_BUTTON_REDO] = v->can_redo,
                                         [LAYOUT_BUTTON_HINT] = v->can_hint || v->game_over,
                                         [LAYOUT_BUTTON_SETTINGS] = true};
    if (v->review.active) {
        enabled[LAYOUT_BUTTON_UNDO] = v->review.can_back;
        enabled[LAYOUT_BUTTON_REDO] = v->review.can_forward;
        enabled[LAYOUT_BUTTON_HINT] = v->review.moves > 0;
        enabled[LAYOUT_BUTTON_SETTINGS] = v->review.can_play_on;
    }
    if (v->puzzle.active) {
        enabled[LAYOUT_BUTTON_UNDO] = v->puzzle.can_retry;
        enabled[LAYOUT_BUTTON_REDO] = enabled[LAYOUT_BUTTON_HINT] = true;
    }
    memcpy(k->enabled, enabled, sizeof enabled);
    k->hot_button = screen_panel_open(app) ? (int)LAYOUT_BUTTON_NONE : (int)app->hover_button;
    k->hint_lit = v->hint_lit;
    k->new_game_lit = new_game && v->game_over && v->mode != SETTINGS_MODE_COMPUTER_VS_COMPUTER &&
                      !v->review.active && !v->puzzle.active;
    /* Behind the settings or the help the buttons and the scores would
     * only peek out under or beside the panel (a wide window shows the
     * computer's count right of it). */
    k->buttons_hidden = screen_panel_open(app);
    k->scores_hidden = k->buttons_hidden || v->puzzle.active;
}

void screen_game_draw_scene(draw_ctx *d, const app_state *app, const screen_game_scene *k)
{
    draw_board_scene(d, app, k);
    screen_game_draw_status(d, app, k);
    screen_game_draw_scores(d, app, k);
    draw_buttons(d, app, k);
}

bool screen_game_marks_added(const screen_game_scene *was, const screen_game_scene *now)
{
    /* After a win the other marks are dimmed: not just added. */
    if (now->won_settled) return false;
    screen_game_scene probe = *was;
    bool added = false;
    for (int i = 0; i < TTT_MAX_SQUARES; i++) {
        if (was->owner[i] == now->owner[i]) continue;
        if (was->owner[i] != TTT_PLAYER_NONE) return false;
        probe.owner[i] = now->owner[i];
        added = true;
    }
    return added && memcmp(&probe, now, sizeof probe) == 0;
}

void screen_game_draw_added_marks(draw_ctx *d, const app_state *app, const screen_game_scene *was,
                                  const screen_game_scene *now)
{
    int n = app->layout.board_size;
    for (int i = 0; i < n * n; i++) {
        if (was->owner[i] != TTT_PLAYER_NONE || now->owner[i] == TTT_PLAYER_NONE) continue;
        float cx, cy;
        layout_square_center(&app->layout, i / n, i % n, &cx, &cy);
        draw_mark(d, app, now->owner[i], cx, cy, 1.0f, 1.0f);
    }
}

void screen_game_draw_motion(draw_ctx *d, const app_state *app, const screen_game_scene *k)
{
    draw_board_motion(d, app, k);
    if (k->thinking) screen_game_draw_thinking_dots(d, app);
}
