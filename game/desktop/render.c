/*
 * render.c - the game's screens (see render.h).
 *
 * Drawing only reads the app state: the game as play_view describes it this
 * frame, and the layout, theme, menu and overlay.
 *
 * Cheap frames: a frame is three layers, so that the software renderer (what
 * SDL falls back to without a GPU) draws one in a few milliseconds.
 *   chrome   background, the board's shadow, card and grid: the largest
 *            areas. A texture rebuilt only when the layout or theme changes.
 *   scene    the chrome plus everything that stays put between changes:
 *            settled marks, the last-move tint, hints, the strike-through
 *            once drawn, the status, rule, scores and buttons. A texture
 *            rebuilt when its key (scene_key: what it shows) changes, which
 *            is once or twice a move.
 *   on top   what moves: marks popping in, the strike-through being drawn,
 *            marks fading back after a win, hover and cursor, a refused
 *            click, hints fading in, the thinking dots, the overlay, and
 *            the settings and help (drawn only while open, on input).
 * Without render targets (rare) all three are drawn straight to the window.
 */
#include "render.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_state.h"
#include "i18n.h"
#include "shapes.h"
#include "text.h"

#define PI_F 3.14159265f

/* Look of the board. */
#define BOARD_SHADOW_OFFSET_FRACTION 0.012f
#define GRID_INSET_FRACTION 0.06f /* Grid lines stop short of the card's edge. */
#define CROSS_HALF_FRACTION 0.80f /* X's arm reach relative to the O's radius. */
#define HOVER_MARK_ALPHA 0.28f
#define DIMMED_MARK_ALPHA 0.35f  /* Marks not on a winning line, after a win. */
#define DIM_COVER_FRACTION 0.84f /* The square's middle that dimming covers (not the grid). */
#define MARK_APPEAR_START_SCALE 0.6f
#define REFUSED_INSET_FRACTION 0.06f
#define LAST_MOVE_TINT_ALPHA 0.16f /* The computer's last move: its colour behind its mark. */
#define LAST_MOVE_INSET_FRACTION 0.06f
/* The strike-through runs past the end squares' centres, like a pen stroke
 * across the whole of them: this far, in squares, at each end. */
#define STRIKE_OVERHANG_SQUARES 0.36f

/* The thinking indicator: three dots after the status text. */
#define THINK_DOT_COUNT 3
#define THINK_DOT_RADIUS_FRACTION 0.11f /* Of the status font size. */
#define THINK_DOT_SPACING_FRACTION 0.38f
#define THINK_DOT_BASELINE_FRACTION 0.28f /* Dots sit this far above the text box bottom. */
#define THINK_DOT_MIN_SCALE 0.7f          /* Dot size at the quiet point of its pulse. */
#define THINK_DOT_MIN_ALPHA 0.35f

/* The muted speaker at the right end of the status line, as fractions of
 * its height (the status text's size). */
#define MUTED_BOX_HALF_HEIGHT 0.20f
#define MUTED_BOX_WIDTH 0.24f
#define MUTED_CONE_WIDTH 0.34f
#define MUTED_CONE_HALF_HEIGHT 0.46f
#define MUTED_SLASH_STROKE 0.08f
#define MUTED_SLASH_HALO 1.8f /* Background around the slash, in strokes. */
#define MUTED_GAP 0.35f       /* Between the icon and the text's box. */

/* Score line: underline under the side to move. */
#define TURN_BAR_HEIGHT_FRACTION 0.07f
#define TURN_BAR_WIDTH_FRACTION 0.55f
#define TURN_BAR_RAISE_FRACTION 0.06f /* Of the score row height, above its bottom. */

/* Window icon, as fractions of its size. */
#define ICON_CORNER_FRACTION 0.22f
#define ICON_STROKE_FRACTION 0.09f
#define ICON_X_CENTRE_FRACTION 0.29f /* The O mirrors it on the right. */
#define ICON_MARK_FRACTION 0.14f
#define CROSS_TO_RING_RADIUS 1.15f /* An O a little wider than the X looks equal. */

/* Hints: text heights as fractions of a square, and the tint behind them. */
#define HINT_WORD_FRACTION 0.24f
#define HINT_COUNT_FRACTION 0.16f
#define HINT_UNKNOWN_FRACTION 0.22f
#define HINT_TINT_ALPHA 0.12f
#define HINT_INSET_FRACTION 0.08f
#define HINT_WORD_PAD_FRACTION 0.04f    /* Between the tint's edge and its words. */
#define HINT_BEST_STROKE_FRACTION 0.05f /* The best guess's outline, of a square. */
/* Keyboard cursor: ring inset and stroke, as fractions of a square. */
#define CURSOR_INSET_FRACTION 0.07f
#define CURSOR_STROKE_FRACTION 0.045f
/* Disabled buttons and menu choices are drawn at this opacity. */
#define DISABLED_ALPHA 0.35f
/* Help panel: size as fractions of the window, line height in text heights. */
#define HELP_WIDTH_FRACTION 0.94f
#define HELP_HEIGHT_FRACTION 0.92f
/* The keys' column: as wide as its widest key, within these fractions of
 * the panel's inside. */
#define HELP_KEY_COLUMN_MIN_FRACTION 0.22f
#define HELP_KEY_COLUMN_MAX_FRACTION 0.45f
/* High contrast panels sit on black: outline them in the text colour. */
#define PANEL_OUTLINE_FRACTION 0.004f
/* Buttons: corner rounding in layout corner radii. */
#define BUTTON_CORNER_FACTOR 1.4f
#define ACTION_OUTLINE_FRACTION 0.07f /* An action's outline, of its height. */

/* Menu. */
#define SLIDER_TRACK_FRACTION 0.16f
#define SLIDER_KNOB_FRACTION 0.42f
#define FOCUS_BAR_WIDTH_FRACTION 0.008f
#define SEGMENT_HOVER_ALPHA 0.18f

/* Labels of the main buttons, in layout_button order; translated when drawn. */
static const char *const BUTTON_LABELS[LAYOUT_BUTTON_COUNT] = {
    /* TRANSLATORS: the five buttons under the board share one row of a
       narrow window: keep them short. Starts a new game. */
    N_("New game"),
    /* TRANSLATORS: button: takes back your last move (and the computer's
       reply). */
    N_("Undo"),
    /* TRANSLATORS: button: plays again a move taken back with Undo. */
    N_("Redo"),
    /* TRANSLATORS: button: shows each free square's outcome. */
    N_("Hint"),
    /* TRANSLATORS: button: opens the settings. */
    N_("Settings")};

/* What the scene texture shows: it is rebuilt when any of this changes.
 * Zeroed before filling, so it compares with memcmp. */
typedef struct scene_key {
    layout layout;
    const theme *theme;
    ttt_player owner[TTT_MAX_SQUARES]; /* Marks settled in place. */
    bool won_settled;                  /* Strike drawn, other marks dimmed. */
    bool last_move;
    ttt_pos last;
    ttt_player last_owner; /* Whose colour the tint takes. */
    bool hints;            /* Hints faded in and shown (hint_at says which). */
    uint64_t hint_at;      /* When the hint shown arrived: one hint per time. */
    bool thinking;         /* The status leaves room for the dots. */
    bool muted;            /* Sound off: the muted speaker beside the status. */
    char status[96];
    char rule[96];
    int language; /* Buttons and scores are drawn in it. */
    settings_mode mode;
    ttt_player human_side, turn;
    play_score score;
    bool enabled[LAYOUT_BUTTON_COUNT];
    int hot_button;
    bool hint_lit, new_game_lit, buttons_hidden, scores_hidden;
} scene_key;

struct render_ctx {
    SDL_Renderer *renderer;
    shape_ctx shapes;
    text_cache *text;
    bool targets_failed; /* Render targets unsupported: draw everything each frame. */
    SDL_Texture *chrome;
    layout chrome_layout;
    const theme *chrome_theme;
    SDL_Texture *scene;
    scene_key scene_key;
    bool scene_valid;
    SDL_Rect status_drawn; /* Where the status text landed, for the dots. */
    unsigned long chrome_builds, scene_builds, scene_marks_added;
};

render_ctx *render_create(SDL_Renderer *renderer, text_cache *text)
{
    render_ctx *rc = calloc(1, sizeof *rc);
    if (!rc) {
        SDL_Log("Couldn't allocate the drawing context");
        return NULL;
    }
    rc->renderer = renderer;
    rc->text = text;
    shape_ctx_init(&rc->shapes, renderer);
    return rc;
}

static void drop_textures(render_ctx *rc)
{
    if (rc->chrome) SDL_DestroyTexture(rc->chrome);
    if (rc->scene) SDL_DestroyTexture(rc->scene);
    rc->chrome = rc->scene = NULL;
    rc->scene_valid = false;
}

void render_destroy(render_ctx *rc)
{
    if (!rc) return;
    drop_textures(rc);
    shape_ctx_free(&rc->shapes);
    free(rc);
}

void render_invalidate(render_ctx *rc)
{
    drop_textures(rc);
}

const char *render_button_label(int button)
{
    if (button < 0 || button >= LAYOUT_BUTTON_COUNT) return "";
    return _(BUTTON_LABELS[button]);
}

void render_cache_builds(const render_ctx *rc, unsigned long *chrome, unsigned long *scene)
{
    *chrome = rc->chrome_builds;
    *scene = rc->scene_builds;
}

/* ------------------------------------------------------------------------- */
/* Helpers for the screens                                                   */
/* ------------------------------------------------------------------------- */

static float clamp01(float v)
{
    return v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
}

static float ease_out_cubic(float t)
{
    float u = 1.0f - clamp01(t);
    return 1.0f - u * u * u;
}

static float ease_out_back(float t)
{
    const float overshoot = 1.7f;
    float u = clamp01(t) - 1.0f;
    return 1.0f + (overshoot + 1.0f) * u * u * u + overshoot * u * u;
}

/* Fraction 0..1 of an animation of @p duration_ms that began at @p start_ms. */
static float progress(const app_state *app, Uint64 start_ms, int duration_ms)
{
    if (duration_ms <= 0 || app->play.now_ms >= start_ms + (Uint64)duration_ms) return 1.0f;
    if (app->play.now_ms <= start_ms) return 0.0f;
    return (float)(app->play.now_ms - start_ms) / (float)duration_ms;
}

static theme_color col(const app_state *app, theme_role role)
{
    return app->theme->colors[role];
}

static void clear_to(render_ctx *rc, theme_color c)
{
    if (SDL_SetRenderDrawColor(rc->renderer, c.r, c.g, c.b, c.a) != 0 ||
        SDL_RenderClear(rc->renderer) != 0)
        SDL_Log("Couldn't clear: %s", SDL_GetError());
}

/* Mix @p c over the board's colour by @p alpha into an opaque colour: a
 * translucent X would show darker where its two strokes overlap. */
static theme_color over_board(const app_state *app, theme_color c, float alpha)
{
    theme_color base = col(app, THEME_BOARD);
    float a = clamp01(alpha);
    theme_color out = {(unsigned char)lroundf((float)base.r + ((float)c.r - (float)base.r) * a),
                       (unsigned char)lroundf((float)base.g + ((float)c.g - (float)base.g) * a),
                       (unsigned char)lroundf((float)base.b + ((float)c.b - (float)base.b) * a),
                       0xFF};
    return out;
}

static theme_role mark_role(ttt_player p)
{
    return p == TTT_PLAYER_O ? THEME_O : THEME_X;
}

static void draw_mark(render_ctx *rc, const app_state *app, ttt_player p, float cx, float cy,
                      float scale, float alpha)
{
    const layout *l = &app->layout;
    float thick = l->mark_thickness * scale;
    if (alpha <= 0.0f) return;
    if (p == TTT_PLAYER_X) {
        shape_cross(&rc->shapes, cx, cy, l->mark_radius * CROSS_HALF_FRACTION * scale, thick,
                    over_board(app, col(app, THEME_X), alpha));
    } else if (p == TTT_PLAYER_O) {
        shape_ring(&rc->shapes, cx, cy, (l->mark_radius - l->mark_thickness * 0.5f) * scale, thick,
                   over_board(app, col(app, THEME_O), alpha));
    }
}

static bool on_winning_line(const app_state *app, int row, int col)
{
    for (int i = 0; i < app->play.line_count; i++)
        for (int j = 0; j < app->play.lines[i].length; j++)
            if (app->play.lines[i].squares[j].row == row &&
                app->play.lines[i].squares[j].col == col)
                return true;
    return false;
}

static layout_rect square_rect(const layout *l, int row, int col)
{
    return (layout_rect){l->board.x + col * l->cell, l->board.y + row * l->cell, l->cell, l->cell};
}

static layout_rect inset_rect(layout_rect r, int inset)
{
    return (layout_rect){r.x + inset, r.y + inset, r.w - 2 * inset, r.h - 2 * inset};
}

/* Has the mark on square @p i finished popping in? */
static bool mark_settled(const app_state *app, int i)
{
    return progress(app, app->play.placed_ms[i], APP_MARK_APPEAR_MS) >= 1.0f;
}

static bool game_over_settled(const app_state *app)
{
    return progress(app, app->play.game_over_ms, APP_GAME_OVER_SETTLE_MS) >= 1.0f;
}

static bool hints_settled(const app_state *app)
{
    return app->play.hint_shown && progress(app, app->play.hint_ms, APP_HINT_FADE_MS) >= 1.0f;
}

/* ------------------------------------------------------------------------- */
/* Chrome: background, board card, grid                                      */
/* ------------------------------------------------------------------------- */

static void draw_chrome(render_ctx *rc, const app_state *app)
{
    const layout *l = &app->layout;
    clear_to(rc, col(app, THEME_BACKGROUND));
    float shadow =
        fmaxf(1.0f, (float)l->cell * (float)l->board_size * BOARD_SHADOW_OFFSET_FRACTION);
    layout_rect card = l->board;
    layout_rect shade = {card.x, card.y + (int)shadow, card.w, card.h};
    shape_round_rect(&rc->shapes, shade, l->corner_radius * 1.5f, col(app, THEME_BOARD_SHADOW));
    shape_round_rect(&rc->shapes, card, l->corner_radius * 1.5f, col(app, THEME_BOARD));
    /* Grid lines with round ends, stopping short of the card's edge. */
    float inset = (float)l->cell * GRID_INSET_FRACTION;
    float x0 = (float)l->board.x, y0 = (float)l->board.y;
    float side = (float)l->board.w;
    for (int i = 1; i < l->board_size; i++) {
        float off = (float)(i * l->cell);
        shape_capsule(&rc->shapes, x0 + off, y0 + inset, x0 + off, y0 + side - inset,
                      l->grid_thickness, col(app, THEME_GRID));
        shape_capsule(&rc->shapes, x0 + inset, y0 + off, x0 + side - inset, y0 + off,
                      l->grid_thickness, col(app, THEME_GRID));
    }
}

/* ------------------------------------------------------------------------- */
/* Board contents                                                            */
/* ------------------------------------------------------------------------- */

/* The strike-through over line @p i, drawn to fraction @p t of its length:
 * from just before the first square's centre to just past the last's. */
static void draw_strike(render_ctx *rc, const app_state *app, int i, float t)
{
    const layout *l = &app->layout;
    const ttt_line *line = &app->play.lines[i];
    float ax, ay, bx, by;
    layout_square_center(l, line->squares[0].row, line->squares[0].col, &ax, &ay);
    layout_square_center(l, line->squares[line->length - 1].row,
                         line->squares[line->length - 1].col, &bx, &by);
    float steps = (float)(line->length > 1 ? line->length - 1 : 1);
    float ox = (bx - ax) / steps * STRIKE_OVERHANG_SQUARES;
    float oy = (by - ay) / steps * STRIKE_OVERHANG_SQUARES;
    float sx = ax - ox, sy = ay - oy, ex = bx + ox, ey = by + oy;
    shape_capsule(&rc->shapes, sx, sy, sx + (ex - sx) * t, sy + (ey - sy) * t, l->strike_thickness,
                  col(app, THEME_STRIKE));
}

/* Hints: over each free square, its outcome for the player to move. Proven
 * squares say "Win", "Draw" or "Loss" (with "in N" moves, both players'
 * counted, for a win or a loss) on a tint of that colour. Where the search
 * proved nothing, the square it prefers is outlined and says "Best" (its
 * best guess) and the others show a small "?": estimates, as the status
 * line says. */
static void draw_hints(render_ctx *rc, const app_state *app, float fade)
{
    const layout *l = &app->layout;
    const ttt_analysis *h = &app->play.hint;
    int word_px = (int)fmaxf((float)LAYOUT_MIN_READABLE_PX, (float)l->cell * HINT_WORD_FRACTION);
    int count_px = (int)fmaxf((float)LAYOUT_MIN_READABLE_PX, (float)l->cell * HINT_COUNT_FRACTION);
    const char *all_words[] = {/* TRANSLATORS: hints, written on the squares (an 8×8 board's are
                                  small: at most about five letters each). Playing here wins. */
                               _("Win"),
                               /* TRANSLATORS: a hint on a square: playing here draws. */
                               _("Draw"),
                               /* TRANSLATORS: a hint on a square: playing here loses. */
                               _("Loss"),
                               /* TRANSLATORS: a hint on a square, on a board too big to solve:
                                  the square the search likes best (a guess). */
                               _("Best")};
    /* One size for all the words, the largest at which the longest fits:
     * inside the tint, the best moves' words bold; where that would be
     * unreadably small (8x8 in a small window, in a language with long
     * words), all regular, then across the square's whole width but its
     * grid line. */
    int tint_inset = (int)((float)l->cell * HINT_INSET_FRACTION) +
                     (int)((float)l->cell * HINT_WORD_PAD_FRACTION);
    int narrow_inset = (int)ceilf(l->grid_thickness * 0.5f);
    int words_inset = tint_inset;
    bool bold_words = true;
    int fitted = word_px;
    for (int attempt = 0; attempt < 3; attempt++) {
        words_inset = attempt < 2 ? tint_inset : narrow_inset;
        bold_words = attempt == 0;
        layout_rect room = {0, 0, l->cell - 2 * words_inset, l->cell};
        fitted = word_px;
        for (size_t i = 0; i < sizeof all_words / sizeof all_words[0]; i++) {
            int fit = text_fit(rc->text, bold_words ? TEXT_BOLD : TEXT_REGULAR, word_px,
                               all_words[i], room, false);
            if (fit < fitted) fitted = fit;
        }
        if (fitted >= LAYOUT_MIN_READABLE_PX) break;
    }
    word_px = fitted;
    layout_rect words_box = {0, 0, l->cell - 2 * words_inset, l->cell};
    char widest_count[24];
    /* Two digits: the most moves a game has left. */
    snprintf(widest_count, sizeof widest_count, P_("in %d", "in %d", 88), 88);
    count_px = text_fit(rc->text, TEXT_REGULAR, count_px, widest_count, words_box, false);
    int unknown_px =
        (int)fmaxf((float)LAYOUT_MIN_READABLE_PX, (float)l->cell * HINT_UNKNOWN_FRACTION);
    for (int i = 0; i < h->count; i++) {
        const ttt_move_value *v = &h->moves[i];
        if (app->view.owner[v->pos.row * app->view.size + v->pos.col] != TTT_PLAYER_NONE) continue;
        layout_rect sq = square_rect(l, v->pos.row, v->pos.col);
        layout_rect tint = inset_rect(sq, (int)((float)l->cell * HINT_INSET_FRACTION));
        layout_rect words = {sq.x + words_inset, tint.y, sq.w - 2 * words_inset, tint.h};
        if (v->outcome == TTT_OUTCOME_UNKNOWN) {
            if (play_hint_is_best_guess(h, i)) {
                shape_outline_rect(&rc->shapes, tint,
                                   fmaxf(2.0f, (float)l->cell * HINT_BEST_STROKE_FRACTION),
                                   theme_fade(col(app, THEME_FOCUS), fade));
                text_draw(rc->text, bold_words ? TEXT_BOLD : TEXT_REGULAR, word_px,
                          theme_fade(col(app, THEME_FOCUS), fade), all_words[3], words, TEXT_CENTER,
                          NULL);
            } else {
                text_draw(rc->text, TEXT_REGULAR, unknown_px,
                          theme_fade(col(app, THEME_TEXT_MUTED), fade), "?", tint, TEXT_CENTER,
                          NULL);
            }
            continue;
        }
        theme_role role = THEME_HINT_DRAW;
        const char *word = all_words[1];
        if (v->outcome == TTT_OUTCOME_WIN) {
            role = THEME_HINT_WIN;
            word = all_words[0];
        } else if (v->outcome == TTT_OUTCOME_LOSS) {
            role = THEME_HINT_LOSS;
            word = all_words[2];
        }
        shape_round_rect(&rc->shapes, tint, l->corner_radius,
                         theme_fade(col(app, role), HINT_TINT_ALPHA * fade));
        bool counted = v->outcome == TTT_OUTCOME_WIN || v->outcome == TTT_OUTCOME_LOSS;
        layout_rect top = words, bottom = words;
        if (counted) {
            top.h = words.h / 2;
            top.y += words.h / 10;
            bottom.y = top.y + top.h;
            bottom.h = words.h - top.h - words.h / 5;
        }
        text_draw(rc->text, v->best && bold_words ? TEXT_BOLD : TEXT_REGULAR, word_px,
                  theme_fade(col(app, role), fade), word, top, TEXT_CENTER, NULL);
        if (counted) {
            char n[24];
            /* TRANSLATORS: under Win or Loss on a square: the game ends
               in this many moves, both players' counted. Keep it short. */
            snprintf(n, sizeof n, P_("in %d", "in %d", v->plies), v->plies);
            text_draw(rc->text, TEXT_REGULAR, count_px, theme_fade(col(app, role), fade), n, bottom,
                      TEXT_CENTER, NULL);
        }
    }
}

/* The board's settled contents, as the scene key says. */
static void draw_board_scene(render_ctx *rc, const app_state *app, const scene_key *k)
{
    const layout *l = &app->layout;
    int n = l->board_size;
    if (k->last_move) {
        layout_rect sq = square_rect(l, k->last.row, k->last.col);
        ttt_player who = k->last_owner;
        if (who != TTT_PLAYER_NONE)
            shape_round_rect(
                &rc->shapes, inset_rect(sq, (int)((float)l->cell * LAST_MOVE_INSET_FRACTION)),
                l->corner_radius, theme_fade(col(app, mark_role(who)), LAST_MOVE_TINT_ALPHA));
    }
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            ttt_player owner = k->owner[r * n + c];
            if (owner == TTT_PLAYER_NONE) continue;
            float alpha = 1.0f;
            if (k->won_settled && !on_winning_line(app, r, c)) alpha = DIMMED_MARK_ALPHA;
            float cx, cy;
            layout_square_center(l, r, c, &cx, &cy);
            draw_mark(rc, app, owner, cx, cy, 1.0f, alpha);
        }
    }
    if (k->hints) draw_hints(rc, app, 1.0f);
    if (k->won_settled)
        for (int i = 0; i < app->play.line_count; i++)
            draw_strike(rc, app, i, 1.0f);
}

/* What moves on the board this frame, over the scene. */
static void draw_board_motion(render_ctx *rc, const app_state *app, const scene_key *k)
{
    const layout *l = &app->layout;
    const play_view *v = &app->view;
    int n = v->size;
    bool covered = app->menu_open || app->help_open;

    /* A refused click: a brief red tint on that square. */
    const play_state *p = &app->play;
    if (p->refused && p->refused_row >= 0 && p->refused_row < n && p->refused_col >= 0 &&
        p->refused_col < n) {
        float t = progress(app, p->refused_ms, APP_REFUSED_CUE_MS);
        if (t < 1.0f)
            shape_round_rect(&rc->shapes,
                             inset_rect(square_rect(l, p->refused_row, p->refused_col),
                                        (int)((float)l->cell * REFUSED_INSET_FRACTION)),
                             l->corner_radius, theme_fade(col(app, THEME_REFUSED), 1.0f - t));
    }

    /* The square a click or Enter would take, and the mark it would get:
     * the keyboard's cursor while it shows, else the mouse's. */
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
    if (!covered && pr >= 0 && pr < n && pc >= 0 && pc < n && v->playable[pr * n + pc]) {
        float f = since ? progress(app, since, APP_HOVER_FADE_MS) : 1.0f;
        layout_rect tint = inset_rect(square_rect(l, pr, pc), (int)l->grid_thickness);
        shape_round_rect(&rc->shapes, tint, l->corner_radius, theme_fade(col(app, THEME_HOVER), f));
        /* Over a hint the ghost mark would hide its words: the tint says enough. */
        if (!p->hint_shown) {
            float cx, cy;
            layout_square_center(l, pr, pc, &cx, &cy);
            draw_mark(rc, app, v->turn, cx, cy, 1.0f, HOVER_MARK_ALPHA * f);
        }
    }

    /* Marks popping in. */
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            int i = r * n + c;
            if (v->owner[i] == TTT_PLAYER_NONE || k->owner[i] != TTT_PLAYER_NONE) continue;
            float t = progress(app, p->placed_ms[i], APP_MARK_APPEAR_MS);
            float scale =
                MARK_APPEAR_START_SCALE + (1.0f - MARK_APPEAR_START_SCALE) * ease_out_back(t);
            float cx, cy;
            layout_square_center(l, r, c, &cx, &cy);
            draw_mark(rc, app, v->owner[i], cx, cy, scale, clamp01(t * 2.0f));
        }
    }

    /* After a win: the other marks fade back (the board's colour laid over
     * them) and the strike-through is drawn out. */
    if (p->game_over && p->line_count > 0 && !k->won_settled) {
        float fade = progress(app, p->game_over_ms, APP_STRIKE_ANIM_MS);
        theme_color cover = theme_fade(col(app, THEME_BOARD), (1.0f - DIMMED_MARK_ALPHA) * fade);
        int margin = (int)((float)l->cell * (1.0f - DIM_COVER_FRACTION) * 0.5f);
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++)
                if (k->owner[r * n + c] != TTT_PLAYER_NONE && !on_winning_line(app, r, c))
                    shape_round_rect(&rc->shapes, inset_rect(square_rect(l, r, c), margin),
                                     l->corner_radius, cover);
        float t = ease_out_cubic(
            progress(app, p->game_over_ms + APP_STRIKE_DELAY_MS, APP_STRIKE_ANIM_MS));
        if (t > 0.0f)
            for (int i = 0; i < p->line_count; i++)
                draw_strike(rc, app, i, t);
    }

    if (p->hint_shown && !k->hints)
        draw_hints(rc, app, progress(app, p->hint_ms, APP_HINT_FADE_MS));

    /* The keyboard cursor: an outline around its square. */
    if (app->cursor_shown && !covered) {
        layout_rect r = inset_rect(square_rect(l, app->cursor_row, app->cursor_col),
                                   (int)((float)l->cell * CURSOR_INSET_FRACTION));
        shape_outline_rect(&rc->shapes, r, fmaxf(2.0f, (float)l->cell * CURSOR_STROKE_FRACTION),
                           col(app, THEME_CURSOR));
    }
}

/* ------------------------------------------------------------------------- */
/* Status, rule, scores, buttons                                             */
/* ------------------------------------------------------------------------- */

static const char *player_name(ttt_player p)
{
    return p == TTT_PLAYER_O ? "O" : "X";
}

/* A speaker struck through, @p size tall, its left edge at @p x, centred on @p y. */
static void draw_muted(render_ctx *rc, const app_state *app, float x, float y, float size)
{
    theme_color c = col(app, THEME_TEXT_MUTED);
    float box_h = size * MUTED_BOX_HALF_HEIGHT, box_w = size * MUTED_BOX_WIDTH;
    float cone_x = x + box_w + size * MUTED_CONE_WIDTH, cone_h = size * MUTED_CONE_HALF_HEIGHT;
    /* The body reaches into the cone so their feathered edges leave no seam. */
    float body_r = x + box_w * 1.4f;
    const float body[4][2] = {
        {x, y - box_h}, {body_r, y - box_h}, {body_r, y + box_h}, {x, y + box_h}};
    const float cone[4][2] = {
        {x + box_w, y - box_h}, {cone_x, y - cone_h}, {cone_x, y + cone_h}, {x + box_w, y + box_h}};
    shape_polygon(&rc->shapes, body, 4, c);
    shape_polygon(&rc->shapes, cone, 4, c);
    /* The slash cuts through on a band of background, so it reads apart. */
    float reach = size * 0.5f;
    float mid = (x + cone_x) * 0.5f;
    float stroke = size * MUTED_SLASH_STROKE;
    shape_capsule(&rc->shapes, mid - reach, y - reach, mid + reach, y + reach,
                  stroke * MUTED_SLASH_HALO, col(app, THEME_BACKGROUND));
    shape_capsule(&rc->shapes, mid - reach, y - reach, mid + reach, y + reach, stroke, c);
}

static void draw_status(render_ctx *rc, const app_state *app, const scene_key *k)
{
    const layout *l = &app->layout;
    int px = l->font_status_px;
    layout_rect box = l->status;
    if (k->muted) {
        /* Sound off: a muted speaker at the right end, and the text's box
         * narrowed on both sides so the text stays centred and clear of it. */
        float size = (float)px;
        int room = (int)(size * (1.0f + MUTED_GAP));
        draw_muted(rc, app, (float)(box.x + box.w) - size, (float)box.y + (float)box.h * 0.5f,
                   size);
        box.x += room;
        box.w -= 2 * room;
    }
    if (k->thinking) {
        /* Leave room for the dots so the text stays centred with them. */
        int dots_w = (int)((float)px * THINK_DOT_SPACING_FRACTION * (float)(THINK_DOT_COUNT + 1));
        box.w -= dots_w;
        box.x += dots_w / 2;
    }
    rc->status_drawn = (SDL_Rect){0, 0, 0, 0};
    /* A long status (a hint's estimates, a long language) goes on two
     * lines rather than shrinking to nothing on one. */
    int fit = text_fit(rc->text, TEXT_BOLD, px, k->status, box, true);
    text_draw_wrapped(rc->text, TEXT_BOLD, fit, col(app, THEME_TEXT), k->status, box, TEXT_CENTER,
                      &rc->status_drawn);
    int rule_px = text_fit(rc->text, TEXT_REGULAR, l->font_rule_px, k->rule, l->rule, false);
    text_draw(rc->text, TEXT_REGULAR, rule_px, col(app, THEME_TEXT_MUTED), k->rule, l->rule,
              TEXT_CENTER, NULL);
}

static void draw_thinking_dots(render_ctx *rc, const app_state *app)
{
    SDL_Rect drawn = rc->status_drawn;
    if (drawn.w <= 0) return;
    int px = app->layout.font_status_px;
    float r = (float)px * THINK_DOT_RADIUS_FRACTION;
    float step = (float)px * THINK_DOT_SPACING_FRACTION;
    float y = (float)(drawn.y + drawn.h) - (float)drawn.h * THINK_DOT_BASELINE_FRACTION;
    for (int i = 0; i < THINK_DOT_COUNT; i++) {
        /* Each dot pulses a third of a period after the one before. */
        Uint64 phase =
            (app->play.now_ms +
             (Uint64)(APP_THINK_DOT_PERIOD_MS - i * APP_THINK_DOT_PERIOD_MS / THINK_DOT_COUNT)) %
            APP_THINK_DOT_PERIOD_MS;
        float wave =
            0.5f + 0.5f * cosf(2.0f * PI_F * (float)phase / (float)APP_THINK_DOT_PERIOD_MS);
        float x = (float)(drawn.x + drawn.w) + step * ((float)i + 0.9f);
        shape_disc(&rc->shapes, x, y,
                   r * (THINK_DOT_MIN_SCALE + (1.0f - THINK_DOT_MIN_SCALE) * wave),
                   theme_fade(col(app, THEME_TEXT),
                              THINK_DOT_MIN_ALPHA + (1.0f - THINK_DOT_MIN_ALPHA) * wave));
    }
}

static void draw_scores(render_ctx *rc, const app_state *app, const scene_key *k)
{
    if (k->scores_hidden) return;
    const layout *l = &app->layout;
    bool hvc = k->mode == SETTINGS_MODE_HUMAN_VS_COMPUTER;
    ttt_player left = hvc ? k->human_side : TTT_PLAYER_X;
    ttt_player right = ttt_player_other(left);
    char labels[3][64];
    /* Against the computer the counts are by role, whichever side you
     * took in each game; otherwise by mark. */
    int counts[3] = {k->score.wins[0], k->score.draws, k->score.wins[1]};
    theme_role bar[3] = {mark_role(left), THEME_TEXT_MUTED, mark_role(right)};
    if (hvc) {
        /* TRANSLATORS: the score line: your wins; %s is your mark, X or O. */
        snprintf(labels[0], sizeof labels[0], _("You (%s)"), player_name(left));
        /* TRANSLATORS: the score line: the computer's wins; %s is its mark. */
        snprintf(labels[2], sizeof labels[2], _("Computer (%s)"), player_name(right));
    } else {
        snprintf(labels[0], sizeof labels[0], "%s", player_name(left));
        snprintf(labels[2], sizeof labels[2], "%s", player_name(right));
    }
    /* TRANSLATORS: the score line: how many games were drawn. */
    snprintf(labels[1], sizeof labels[1], "%s", _("Draws"));

    bool stacked = l->score_rows > 1;
    int col_w = stacked ? l->scores.w : l->scores.w / 3;
    int row_h = stacked ? l->scores.h / 3 : l->scores.h;
    char numbers[3][16];
    for (int i = 0; i < 3; i++)
        snprintf(numbers[i], sizeof numbers[i], "%d", counts[i]);
    /* One size for the three, the largest up to the layout's at which each
     * label, a gap and its count fit their column. */
    int px = l->font_score_px;
    for (int tries = 0; tries < 4; tries++) {
        int widest = 0;
        for (int i = 0; i < 3; i++) {
            int lw = 0, nw = 0, sw = 0, th = 0;
            text_measure(rc->text, TEXT_REGULAR, px, labels[i], &lw, &th);
            text_measure(rc->text, TEXT_BOLD, px, numbers[i], &nw, &th);
            text_measure(rc->text, TEXT_REGULAR, px, "  ", &sw, &th);
            if (lw + sw + nw > widest) widest = lw + sw + nw;
        }
        if (widest <= col_w || px <= 1) break;
        int scaled = px * col_w / widest;
        px = scaled < px ? scaled : px - 1;
    }
    for (int i = 0; i < 3; i++) {
        layout_rect box = {stacked ? l->scores.x : l->scores.x + i * col_w,
                           stacked ? l->scores.y + i * row_h : l->scores.y, col_w, row_h};
        const char *number = numbers[i];
        int lw = 0, lh = 0, nw = 0, nh = 0, sw = 0, sh = 0;
        text_measure(rc->text, TEXT_REGULAR, px, labels[i], &lw, &lh);
        text_measure(rc->text, TEXT_BOLD, px, number, &nw, &nh);
        text_measure(rc->text, TEXT_REGULAR, px, "  ", &sw, &sh);
        int total = lw + sw + nw;
        int x = box.x + (box.w - total) / 2;
        if (total > box.w) x = box.x;
        /* The label gets the column up to the count; the count the rest. */
        layout_rect lbox = {x, box.y, box.x + box.w - x - sw - nw, box.h};
        layout_rect nbox = {x + lw + sw, box.y, box.x + box.w - (x + lw + sw), box.h};
        text_draw(rc->text, TEXT_REGULAR, px, col(app, THEME_TEXT_MUTED), labels[i], lbox,
                  TEXT_LEFT, NULL);
        text_draw(rc->text, TEXT_BOLD, px, col(app, THEME_TEXT), number, nbox, TEXT_LEFT, NULL);
        /* A coloured bar under the side whose turn it is. */
        ttt_player side = i == 0 ? left : (i == 2 ? right : TTT_PLAYER_NONE);
        if (side != TTT_PLAYER_NONE && side == k->turn) {
            float bw = (float)total * TURN_BAR_WIDTH_FRACTION;
            float by = (float)(box.y + box.h) - (float)box.h * TURN_BAR_RAISE_FRACTION;
            float bh = fmaxf(2.0f, (float)box.h * TURN_BAR_HEIGHT_FRACTION);
            float bx = (float)x + (float)total * 0.5f;
            shape_capsule(&rc->shapes, bx - bw * 0.5f, by, bx + bw * 0.5f, by, bh,
                          col(app, bar[i]));
        }
    }
}

/* A filled button with a centred bold label. */
static void draw_button(render_ctx *rc, const app_state *app, layout_rect r, const char *label,
                        theme_color face, theme_color ink, int px, float alpha)
{
    shape_round_rect(&rc->shapes, r, app->layout.corner_radius * BUTTON_CORNER_FACTOR,
                     theme_fade(face, alpha));
    layout_rect tb = r;
    int inset = (int)((float)r.h * (float)LAYOUT_BUTTON_LABEL_INSET_FRACTION);
    tb.x += inset;
    tb.w -= 2 * inset;
    text_draw(rc->text, TEXT_BOLD, px, theme_fade(ink, alpha), label, tb, TEXT_CENTER, NULL);
}

/* One text size for all of @p labels in boxes @p w wide (less the label
 * inset), the largest up to @p px at which all fit. */
static int fit_labels(render_ctx *rc, const char *const *labels, int count, int w, int h, int px)
{
    int room = w - 2 * (int)((float)h * (float)LAYOUT_BUTTON_LABEL_INSET_FRACTION);
    int fit = px;
    for (int i = 0; i < count; i++) {
        int tw = 0, th = 0;
        if (text_measure(rc->text, TEXT_BOLD, px, labels[i], &tw, &th) && tw > room && tw > 0 &&
            px * room / tw < fit)
            fit = px * room / tw;
    }
    return fit < 1 ? 1 : fit;
}

static void draw_buttons(render_ctx *rc, const app_state *app, const scene_key *k)
{
    if (k->buttons_hidden) return;
    const layout *l = &app->layout;
    const char *labels[LAYOUT_BUTTON_COUNT];
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++)
        labels[i] = render_button_label(i);
    int px = fit_labels(rc, labels, LAYOUT_BUTTON_COUNT, l->buttons[0].w, l->buttons[0].h,
                        l->font_button_px);
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        bool hot = k->enabled[i] && k->hot_button == i;
        theme_color face = col(app, hot ? THEME_BUTTON_HOVER : THEME_BUTTON);
        if (i == LAYOUT_BUTTON_HINT && k->hint_lit) face = col(app, THEME_FOCUS);
        /* When a game is over the next step is New game: the accent colour
         * (watch mode starts the next game by itself). */
        if (i == LAYOUT_BUTTON_NEW_GAME && k->new_game_lit) face = col(app, THEME_FOCUS);
        draw_button(rc, app, l->buttons[i], labels[i], face, col(app, THEME_BUTTON_TEXT), px,
                    k->enabled[i] ? 1.0f : DISABLED_ALPHA);
    }
}

/* ------------------------------------------------------------------------- */
/* The scene: what stays put between changes                                 */
/* ------------------------------------------------------------------------- */

static void scene_key_build(const app_state *app, scene_key *k)
{
    memset(k, 0, sizeof *k);
    const play_view *v = &app->view;
    const play_state *p = &app->play;
    k->layout = app->layout;
    k->theme = app->theme;
    int squares = v->size * v->size;
    for (int i = 0; i < squares; i++)
        if (v->owner[i] != TTT_PLAYER_NONE && mark_settled(app, i)) k->owner[i] = v->owner[i];
    k->won_settled = p->game_over && p->line_count > 0 && game_over_settled(app);
    k->last_move = v->have_last_computer_move && !p->game_over;
    if (k->last_move) {
        k->last = v->last_computer_move;
        k->last_owner = v->owner[k->last.row * v->size + k->last.col];
    }
    k->hints = hints_settled(app);
    if (k->hints) k->hint_at = p->hint_ms;
    play_status_text(&app->play, &app->view, k->status, sizeof k->status, &k->thinking);
    k->muted = !app->settings.sound;
    /* TRANSLATORS: under the status line: how many marks in a row win, and
       the board's size (%2$d×%3$d squares). Reorder with %1$d, %2$d, %3$d. */
    snprintf(k->rule, sizeof k->rule, _("%d in a row wins \xC2\xB7 %d\xC3\x97%d board"), v->k,
             v->size, v->size);
    k->language = app->language;
    k->mode = v->mode;
    k->human_side = v->human_side;
    k->turn = v->turn;
    k->score = v->score;
    bool enabled[LAYOUT_BUTTON_COUNT] = {[LAYOUT_BUTTON_NEW_GAME] = true,
                                         [LAYOUT_BUTTON_UNDO] = v->can_undo,
                                         [LAYOUT_BUTTON_REDO] = v->can_redo,
                                         [LAYOUT_BUTTON_HINT] = v->can_hint,
                                         [LAYOUT_BUTTON_SETTINGS] = true};
    memcpy(k->enabled, enabled, sizeof enabled);
    k->hot_button =
        app->menu_open || app->help_open ? (int)LAYOUT_BUTTON_NONE : (int)app->hover_button;
    k->hint_lit = p->hint_shown || p->hint_waiting;
    k->new_game_lit = p->game_over && v->mode != SETTINGS_MODE_COMPUTER_VS_COMPUTER;
    /* Behind the settings or the help the buttons and the scores would
     * only peek out under or beside the panel (a wide window shows the
     * computer's count right of it). */
    k->buttons_hidden = app->menu_open || app->help_open;
    k->scores_hidden = k->buttons_hidden;
}

static void draw_scene(render_ctx *rc, const app_state *app, const scene_key *k)
{
    draw_board_scene(rc, app, k);
    draw_status(rc, app, k);
    draw_scores(rc, app, k);
    draw_buttons(rc, app, k);
}

/* A render-target texture of the output's size, or NULL (logged once). */
static SDL_Texture *target_texture(render_ctx *rc, SDL_Texture *old, int w, int h)
{
    if (old) {
        int tw = 0, th = 0;
        if (SDL_QueryTexture(old, NULL, NULL, &tw, &th) == 0 && tw == w && th == h) return old;
        SDL_DestroyTexture(old);
    }
    SDL_Texture *t =
        SDL_CreateTexture(rc->renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, w, h);
    if (!t) {
        SDL_Log("Couldn't create a cached layer, drawing without: %s", SDL_GetError());
        rc->targets_failed = true;
        return NULL;
    }
    if (SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE) != 0)
        SDL_Log("Couldn't make a layer opaque: %s", SDL_GetError());
    return t;
}

static bool set_target(render_ctx *rc, SDL_Texture *t)
{
    if (SDL_SetRenderTarget(rc->renderer, t) == 0) return true;
    SDL_Log("Couldn't draw into a cached layer, drawing without: %s", SDL_GetError());
    rc->targets_failed = true;
    return false;
}

static void copy_layer(render_ctx *rc, SDL_Texture *t)
{
    if (SDL_RenderCopy(rc->renderer, t, NULL, NULL) != 0)
        SDL_Log("Couldn't copy a cached layer: %s", SDL_GetError());
}

/* Does @p now differ from @p was only by marks put on empty squares (no
 * win settled: those marks are drawn at full strength)? */
static bool marks_added(const scene_key *was, const scene_key *now)
{
    if (now->won_settled) return false;
    scene_key probe = *was;
    bool added = false;
    for (int i = 0; i < TTT_MAX_SQUARES; i++) {
        if (was->owner[i] == now->owner[i]) continue;
        if (was->owner[i] != TTT_PLAYER_NONE) return false;
        probe.owner[i] = now->owner[i];
        added = true;
    }
    return added && memcmp(&probe, now, sizeof probe) == 0;
}

/* Bring the chrome and scene textures up to date. @return false when they
 * cannot be used (draw straight to the window instead). */
static bool update_layers(render_ctx *rc, const app_state *app, const scene_key *k)
{
    if (rc->targets_failed || !SDL_RenderTargetSupported(rc->renderer)) {
        rc->targets_failed = true;
        return false;
    }
    int w = app->out_w, h = app->out_h;
    if (w <= 0 || h <= 0) return false;
    bool chrome_stale = !rc->chrome || rc->chrome_theme != app->theme ||
                        memcmp(&rc->chrome_layout, &app->layout, sizeof app->layout) != 0;
    if (chrome_stale) {
        rc->chrome = target_texture(rc, rc->chrome, w, h);
        if (!rc->chrome || !set_target(rc, rc->chrome)) return false;
        draw_chrome(rc, app);
        rc->chrome_layout = app->layout;
        rc->chrome_theme = app->theme;
        rc->chrome_builds++;
        rc->scene_valid = false;
    }
    if (rc->scene_valid && rc->scene && marks_added(&rc->scene_key, k)) {
        /* Only marks settled since: draw them into the scene as it is. */
        if (!set_target(rc, rc->scene)) return false;
        int squares = app->layout.board_size * app->layout.board_size;
        for (int i = 0; i < squares; i++) {
            if (rc->scene_key.owner[i] != TTT_PLAYER_NONE || k->owner[i] == TTT_PLAYER_NONE)
                continue;
            float cx, cy;
            layout_square_center(&app->layout, i / app->layout.board_size,
                                 i % app->layout.board_size, &cx, &cy);
            draw_mark(rc, app, k->owner[i], cx, cy, 1.0f, 1.0f);
        }
        rc->scene_key = *k;
        rc->scene_marks_added++;
    } else if (!rc->scene_valid || !rc->scene || memcmp(&rc->scene_key, k, sizeof *k) != 0) {
        rc->scene = target_texture(rc, rc->scene, w, h);
        if (!rc->scene || !set_target(rc, rc->scene)) return false;
        copy_layer(rc, rc->chrome);
        draw_scene(rc, app, k);
        rc->scene_key = *k;
        rc->scene_valid = true;
        rc->scene_builds++;
    }
    return set_target(rc, NULL);
}

/* ------------------------------------------------------------------------- */
/* Menu                                                                      */
/* ------------------------------------------------------------------------- */

/* A panel over the scrim; outlined where panel and background are alike
 * (high contrast: black on black). */
static void draw_panel(render_ctx *rc, const app_state *app, layout_rect r, float radius)
{
    shape_round_rect(&rc->shapes, r, radius, col(app, THEME_PANEL));
    theme_color p = col(app, THEME_PANEL), b = col(app, THEME_BACKGROUND);
    if (p.r == b.r && p.g == b.g && p.b == b.b) {
        float t = fmaxf(2.0f, (float)(r.w > r.h ? r.w : r.h) * PANEL_OUTLINE_FRACTION);
        layout_rect in = inset_rect(r, (int)t);
        shape_outline_rect(&rc->shapes, in, t, col(app, THEME_TEXT));
    }
}

/* The one text size for every choice: the layout's, or less if a label
 * still does not fit its segment. */
static int menu_option_px(render_ctx *rc, const layout_menu *m)
{
    int px = m->font_option_px;
    for (int i = 0; i < m->row_count; i++) {
        const layout_menu_row *row = &m->rows[i];
        for (int j = 0; j < row->option_count; j++) {
            int w = 0, h = 0;
            int room = row->options[j].w - 2 * m->option_inset;
            if (text_measure(rc->text, TEXT_BOLD, m->font_option_px, menu_option_label(i, j), &w,
                             &h) &&
                w > room && w > 0 && m->font_option_px * room / w < px)
                px = m->font_option_px * room / w;
        }
    }
    return px < 1 ? 1 : px;
}

static void draw_slider(render_ctx *rc, const app_state *app, const layout_menu_row *row,
                        float alpha)
{
    double v = settings_effective_mistake_probability(&app->settings);
    float track_h = fmaxf(2.0f, (float)row->control.h * SLIDER_TRACK_FRACTION);
    float knob_r = (float)row->control.h * SLIDER_KNOB_FRACTION * 0.5f + track_h;
    float y = (float)row->control.y + (float)row->control.h * 0.5f;
    float x0 = (float)row->control.x + knob_r;
    float x1 = (float)(row->control.x + row->control.w) - knob_r;
    float xv = x0 + (x1 - x0) * (float)v;
    bool custom = app->settings.difficulty == SETTINGS_DIFFICULTY_CUSTOM;
    theme_color fill = col(app, custom ? THEME_SEGMENT_SELECTED : THEME_TEXT_MUTED);
    shape_capsule(&rc->shapes, x0, y, x1, y, track_h, theme_fade(col(app, THEME_SEGMENT), alpha));
    shape_capsule(&rc->shapes, x0, y, xv, y, track_h, theme_fade(fill, alpha));
    shape_disc(&rc->shapes, xv, y, knob_r, theme_fade(fill, alpha));
}

/* Reset scores: an action, so an outlined button, not a choice; the first
 * press asks for a second one to confirm. */
static void draw_reset(render_ctx *rc, const app_state *app, layout_rect r, bool hot, int px)
{
    bool armed =
        app->reset_armed_ms != 0 && app->play.now_ms < app->reset_armed_ms + APP_RESET_CONFIRM_MS;
    theme_color ink = col(app, armed ? THEME_HINT_LOSS : THEME_TEXT);
    float radius = app->menu_layout.corner_radius * BUTTON_CORNER_FACTOR;
    if (hot || armed)
        shape_round_rect(
            &rc->shapes, r, radius,
            theme_fade(armed ? ink : col(app, THEME_SEGMENT_SELECTED), SEGMENT_HOVER_ALPHA));
    float t = fmaxf(1.5f, (float)r.h * ACTION_OUTLINE_FRACTION);
    shape_outline_rect(&rc->shapes, inset_rect(r, (int)(t * 0.5f)), t, ink);
    layout_rect tb = r;
    tb.x += app->menu_layout.option_inset;
    tb.w -= 2 * app->menu_layout.option_inset;
    /* TRANSLATORS: the Reset scores button after one press, asking for a
       second: it must fit the button's width. */
    const char *label = armed ? _("Press again to reset this mode's scores")
                              : menu_option_label(MENU_ROW_SCORES, 0);
    text_draw(rc->text, TEXT_BOLD, px, ink, label, tb, TEXT_CENTER, NULL);
}

static void draw_menu(render_ctx *rc, const app_state *app)
{
    const layout_menu *m = &app->menu_layout;
    shape_ctx *ctx = &rc->shapes;
    float fade = ease_out_cubic(progress(app, app->menu_changed_ms, APP_MENU_FADE_MS));
    layout_rect whole = {0, 0, app->out_w, app->out_h};
    shape_round_rect(ctx, whole, 0.0f, theme_fade(col(app, THEME_SCRIM), fade));
    draw_panel(rc, app, m->panel, m->corner_radius * 2.0f);
    /* TRANSLATORS: the title of the settings panel. */
    text_draw(rc->text, TEXT_BOLD, m->font_title_px, col(app, THEME_TEXT), _("Settings"), m->title,
              TEXT_LEFT, NULL);

    /* One text size for every choice, so the rows look alike instead of
     * each label shrinking on its own. */
    int option_px = menu_option_px(rc, m);
    for (int i = 0; i < m->row_count; i++) {
        const layout_menu_row *row = &m->rows[i];
        bool row_on = menu_row_enabled(&app->settings, i);
        float row_alpha = row_on ? 1.0f : DISABLED_ALPHA;
        if (app->menu.show_focus && app->menu.focus == i) {
            float bw = fmaxf(2.0f, (float)m->panel.w * FOCUS_BAR_WIDTH_FRACTION);
            float x = (float)row->row.x - bw * 2.5f;
            shape_capsule(ctx, x, (float)row->row.y + bw, x,
                          (float)(row->control.y + row->control.h) - bw, bw, col(app, THEME_FOCUS));
        }
        layout_rect label = row->label;
        if (i == MENU_ROW_MISTAKES) {
            /* The value on the right; the label keeps clear of it. */
            char value[16];
            snprintf(value, sizeof value, "%d%%",
                     (int)lround(settings_effective_mistake_probability(&app->settings) * 100.0));
            SDL_Rect drawn = {0, 0, 0, 0};
            text_draw(rc->text, TEXT_BOLD, m->font_px, theme_fade(col(app, THEME_TEXT), row_alpha),
                      value, row->label, TEXT_RIGHT, &drawn);
            label.w = drawn.x - label.x - m->font_px;
        }
        text_draw(rc->text, TEXT_REGULAR, m->font_px, theme_fade(col(app, THEME_TEXT), row_alpha),
                  menu_row_label(i), label, TEXT_LEFT, NULL);

        if (row->option_count == 0) {
            draw_slider(rc, app, row, row_alpha);
            continue;
        }
        int selected = menu_selected_option(&app->settings, i);
        for (int j = 0; j < row->option_count; j++) {
            bool sel = j == selected;
            bool enabled = menu_option_enabled(&app->settings, i, j);
            bool hot = enabled && layout_rect_contains(row->options[j], app->mouse_x, app->mouse_y);
            if (i == MENU_ROW_SCORES) {
                bool focused = app->menu.show_focus && app->menu.focus == i;
                draw_reset(rc, app, row->options[j], hot || focused, option_px);
                continue;
            }
            float alpha = enabled ? 1.0f : DISABLED_ALPHA;
            theme_color face = col(app, sel ? THEME_SEGMENT_SELECTED : THEME_SEGMENT);
            if (hot && !sel)
                face = theme_fade(col(app, THEME_SEGMENT_SELECTED), SEGMENT_HOVER_ALPHA);
            shape_round_rect(ctx, row->options[j], m->corner_radius, theme_fade(face, alpha));
            layout_rect tb = row->options[j];
            tb.x += m->option_inset;
            tb.w -= 2 * m->option_inset;
            text_draw(
                rc->text, sel ? TEXT_BOLD : TEXT_REGULAR, option_px,
                theme_fade(col(app, sel ? THEME_SEGMENT_TEXT_SELECTED : THEME_SEGMENT_TEXT), alpha),
                menu_option_label(i, j), tb, TEXT_CENTER, NULL);
        }
    }

    layout_rect n1 = m->note, n2 = m->note;
    n1.h = m->note.h / 2;
    n2.y += n1.h;
    n2.h = m->note.h - n1.h;
    text_draw(rc->text, TEXT_REGULAR, m->font_note_px, col(app, THEME_TEXT_MUTED), menu_note(0), n1,
              TEXT_CENTER, NULL);
    text_draw(rc->text, TEXT_REGULAR, m->font_note_px, col(app, THEME_TEXT_MUTED), menu_note(1), n2,
              TEXT_CENTER, NULL);

    bool hot = layout_rect_contains(m->done, app->mouse_x, app->mouse_y) ||
               (app->menu.show_focus && app->menu.focus == MENU_FOCUS_DONE);
    /* TRANSLATORS: the button that closes the settings. */
    draw_button(rc, app, m->done, _("Done"), col(app, hot ? THEME_BUTTON_HOVER : THEME_BUTTON),
                col(app, THEME_BUTTON_TEXT), m->font_px, 1.0f);
}

/* ------------------------------------------------------------------------- */
/* Help                                                                      */
/* ------------------------------------------------------------------------- */

/* The help's lines: keys (bold) and what they do; translated when drawn.
 * Key names stay as printed on keyboards in most languages, but a
 * translator may use the local names ("Eingabe", "Entrée"). */
static const char *const HELP_KEYS[][2] = {
    /* TRANSLATORS: the help lists keys on the left and what they do on the
       right, in two columns of a narrow panel: keep both short. */
    {N_("Arrow keys"), N_("Show and move the cursor")},
    /* TRANSLATORS: the cursor is hidden until an arrow key is used; the
       first press of Enter or Space only shows it. */
    {N_("Enter, Space"), N_("Place a mark (a hidden cursor shows first)")},
    /* TRANSLATORS: the digit keys 1 to 9 place a mark on a 3×3 board as
       the keys of a numeric keypad are laid out (7 8 9 is the top row). */
    {N_("1 \xE2\x80\x93 9 (3\xC3\x97"
        "3 board)"),
     N_("Place, laid out as a keypad")},
    {"N", N_("New game")},
    {N_("U, Ctrl+Z"), N_("Undo your move (and the reply)")},
    {N_("Ctrl+Y, Ctrl+Shift+Z"), N_("Redo")},
    {"H", N_("Hint: each free square's outcome")},
    {N_("Esc"), N_("Settings (arrows, Tab, Enter)")},
    {"M", N_("Sound on / off")},
    {"F3", N_("Performance overlay")},
    {"F11", N_("Fullscreen")},
    {"F1, ?", N_("This help")},
    /* TRANSLATORS: a game controller's buttons (A, B, X, Y, Start and Back
       are printed on it: keep them). */
    {N_("Pad: d-pad / stick, A, B"), N_("Move, place, undo (B: back)")},
    {N_("Pad: X, Y, Start, Back"), N_("Hint, redo, settings, this help")},
};
#define HELP_LINES ((int)(sizeof HELP_KEYS / sizeof HELP_KEYS[0]))

static void draw_help(render_ctx *rc, const app_state *app)
{
    float fade = ease_out_cubic(progress(app, app->help_changed_ms, APP_HELP_FADE_MS));
    layout_rect whole = {0, 0, app->out_w, app->out_h};
    shape_round_rect(&rc->shapes, whole, 0.0f, theme_fade(col(app, THEME_SCRIM), fade));
    int w = (int)((float)app->out_w * HELP_WIDTH_FRACTION);
    int h = (int)((float)app->out_h * HELP_HEIGHT_FRACTION);
    int unit = app->out_w < app->out_h ? app->out_w : app->out_h;
    /* The panel keeps a readable shape in very wide windows. */
    if (w > unit * 3 / 2) w = unit * 3 / 2;
    layout_rect panel = {(app->out_w - w) / 2, (app->out_h - h) / 2, w, h};
    draw_panel(rc, app, panel, app->layout.corner_radius * 2.0f);
    int pad = w / 24;
    int inner = w - 2 * pad;
    /* Title, the key lines, and a closing note: HELP_LINES + 3 rows. */
    int row_h = (h - 2 * pad) / (HELP_LINES + 3);
    int px = row_h * 11 / 20;
    layout_rect title = {panel.x + pad, panel.y + pad, inner, row_h * 3 / 2};
    /* TRANSLATORS: the title of the help panel, which lists the keys. */
    text_draw(rc->text, TEXT_BOLD, px * 13 / 10, col(app, THEME_TEXT), _("Keys"), title, TEXT_LEFT,
              NULL);
    /* The keys' column as wide as its widest key needs. */
    int key_w = (int)((float)inner * HELP_KEY_COLUMN_MIN_FRACTION);
    for (int i = 0; i < HELP_LINES; i++) {
        int tw = 0, th = 0;
        if (text_measure(rc->text, TEXT_BOLD, px, _(HELP_KEYS[i][0]), &tw, &th) &&
            tw + pad / 2 > key_w)
            key_w = tw + pad / 2;
    }
    if (key_w > (int)((float)inner * HELP_KEY_COLUMN_MAX_FRACTION))
        key_w = (int)((float)inner * HELP_KEY_COLUMN_MAX_FRACTION);
    /* One size for every line, the largest at which all fit (a long
     * description on two lines), so the list reads evenly instead of each
     * long line shrinking on its own. */
    int fit_px = px;
    for (int i = 0; i < HELP_LINES; i++) {
        int y = title.y + title.h + i * row_h;
        layout_rect kb = {panel.x + pad, y, key_w - pad / 2, row_h};
        layout_rect db = {panel.x + pad + key_w, y, inner - key_w, row_h};
        int key_px = text_fit(rc->text, TEXT_BOLD, px, _(HELP_KEYS[i][0]), kb, false);
        int what_px = text_fit(rc->text, TEXT_REGULAR, px, _(HELP_KEYS[i][1]), db, true);
        if (key_px < fit_px) fit_px = key_px;
        if (what_px < fit_px) fit_px = what_px;
    }
    px = fit_px;
    for (int i = 0; i < HELP_LINES; i++) {
        int y = title.y + title.h + i * row_h;
        layout_rect kb = {panel.x + pad, y, key_w - pad / 2, row_h};
        layout_rect db = {panel.x + pad + key_w, y, inner - key_w, row_h};
        text_draw(rc->text, TEXT_BOLD, px, col(app, THEME_TEXT), _(HELP_KEYS[i][0]), kb, TEXT_LEFT,
                  NULL);
        text_draw_wrapped(rc->text, TEXT_REGULAR, px, col(app, THEME_TEXT_MUTED),
                          _(HELP_KEYS[i][1]), db, TEXT_LEFT, NULL);
    }
    layout_rect note = {panel.x + pad, title.y + title.h + HELP_LINES * row_h, inner,
                        row_h * 3 / 2};
    const char *closing = _("Esc, Enter or a click closes this help.");
    text_draw(rc->text, TEXT_REGULAR, text_fit(rc->text, TEXT_REGULAR, px, closing, note, false),
              col(app, THEME_TEXT_MUTED), closing, note, TEXT_CENTER, NULL);
}

/* ------------------------------------------------------------------------- */
/* Performance overlay                                                       */
/* ------------------------------------------------------------------------- */

static void draw_overlay(render_ctx *rc, const app_state *app)
{
    const layout *l = &app->layout;
    int px = l->font_small_px;
    layout_rect panel = l->overlay;
    if (panel.h <= 0) return;
    int pad = px / 2;
    int line_h = (panel.h - 2 * pad) / LAYOUT_OVERLAY_LINES;
    shape_round_rect(&rc->shapes, panel, (float)pad, col(app, THEME_OVERLAY_BG));
    for (int i = 0; i < LAYOUT_OVERLAY_LINES; i++) {
        layout_rect box = {panel.x + 2 * pad, panel.y + pad + i * line_h, panel.w - 4 * pad,
                           line_h};
        theme_role role = THEME_OVERLAY_TEXT;
        if (i == 1) role = app->overlay_good ? THEME_GOOD : THEME_BAD;
        if (i == 4 && app->play.have_last_ai && !app->play.last_ai.proven) role = THEME_BAD;
        const char *line = app->overlay_lines[i];
        text_draw(rc->text, TEXT_REGULAR, text_fit(rc->text, TEXT_REGULAR, px, line, box, false),
                  col(app, role), line, box, TEXT_LEFT, NULL);
    }
}

/* ------------------------------------------------------------------------- */
/* Window icon                                                               */
/* ------------------------------------------------------------------------- */

SDL_Surface *render_icon(int size, const theme *t)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, size, size, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s) {
        SDL_Log("Couldn't create the icon surface: %s", SDL_GetError());
        return NULL;
    }
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    if (!r) {
        SDL_Log("Couldn't create the icon renderer: %s", SDL_GetError());
        SDL_FreeSurface(s);
        return NULL;
    }
    shape_ctx ctx;
    shape_ctx_init(&ctx, r);
    float f = (float)size;
    if (SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND) != 0 ||
        SDL_SetRenderDrawColor(r, 0, 0, 0, 0) != 0 || SDL_RenderClear(r) != 0)
        SDL_Log("Couldn't clear the icon: %s", SDL_GetError());
    layout_rect card = {0, 0, size, size};
    shape_round_rect(&ctx, card, f * ICON_CORNER_FRACTION, t->colors[THEME_BOARD]);
    /* Two marks side by side, as on a board's top row. */
    shape_cross(&ctx, f * ICON_X_CENTRE_FRACTION, f * 0.5f, f * ICON_MARK_FRACTION,
                f * ICON_STROKE_FRACTION, t->colors[THEME_X]);
    shape_ring(&ctx, f * (1.0f - ICON_X_CENTRE_FRACTION), f * 0.5f,
               f * ICON_MARK_FRACTION * CROSS_TO_RING_RADIUS, f * ICON_STROKE_FRACTION,
               t->colors[THEME_O]);
    SDL_RenderPresent(r);
    shape_ctx_free(&ctx);
    SDL_DestroyRenderer(r);
    return s;
}

/* ------------------------------------------------------------------------- */
/* The frame                                                                 */
/* ------------------------------------------------------------------------- */

void render_screen(render_ctx *rc, const app_state *app)
{
    scene_key k;
    scene_key_build(app, &k);
    if (update_layers(rc, app, &k)) {
        copy_layer(rc, rc->scene);
    } else {
        if (SDL_SetRenderTarget(rc->renderer, NULL) != 0)
            SDL_Log("Couldn't draw to the window: %s", SDL_GetError());
        draw_chrome(rc, app);
        draw_scene(rc, app, &k);
    }
    draw_board_motion(rc, app, &k);
    if (k.thinking) draw_thinking_dots(rc, app);
    /* The overlay has its own strip on the main screen; the menu and the
     * help cover it like everything else. */
    if (app->settings.show_overlay) draw_overlay(rc, app);
    if (app->menu_open) draw_menu(rc, app);
    if (app->help_open) draw_help(rc, app);
}
