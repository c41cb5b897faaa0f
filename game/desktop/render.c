/*
 * render.c - the game's screens (see render.h).
 *
 * Drawing only reads the app state: the game as play_view describes it this
 * frame, and the layout, theme, menu and overlay. Order, back to front: background,
 * board card, grid, hover and refused-click tints, marks, strike-throughs,
 * status and scores, buttons, the performance overlay, then the menu and
 * the help.
 */
#include "render.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "app_state.h"
#include "shapes.h"
#include "text.h"

#define PI_F 3.14159265f

struct render_ctx {
    SDL_Renderer *renderer;
    shape_ctx shapes;
    text_cache *text;
};

/* Look of the board. */
#define BOARD_SHADOW_OFFSET_FRACTION 0.012f
#define GRID_INSET_FRACTION 0.06f /* Grid lines stop short of the card's edge. */
#define CROSS_HALF_FRACTION 0.80f /* X's arm reach relative to the O's radius. */
#define HOVER_MARK_ALPHA 0.28f
#define DIMMED_MARK_ALPHA 0.35f /* Marks not on a winning line, after a win. */
#define MARK_APPEAR_START_SCALE 0.6f
#define REFUSED_INSET_FRACTION 0.06f

/* The thinking indicator: three dots after the status text. */
#define THINK_DOT_COUNT 3
#define THINK_DOT_RADIUS_FRACTION 0.11f /* Of the status font size. */
#define THINK_DOT_SPACING_FRACTION 0.38f
#define THINK_DOT_BASELINE_FRACTION 0.28f /* Dots sit this far above the text box bottom. */
#define THINK_DOT_MIN_SCALE 0.7f          /* Dot size at the quiet point of its pulse. */
#define THINK_DOT_MIN_ALPHA 0.35f

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
#define HINT_UNKNOWN_FRACTION 0.34f /* A lone "?" reads at a larger size. */
#define HINT_COUNT_FRACTION 0.16f
#define HINT_TINT_ALPHA 0.12f
#define HINT_INSET_FRACTION 0.08f
/* Keyboard cursor: ring inset and stroke, as fractions of a square. */
#define CURSOR_INSET_FRACTION 0.07f
#define CURSOR_STROKE_FRACTION 0.045f
/* Disabled buttons and menu choices are drawn at this opacity. */
#define DISABLED_ALPHA 0.35f
/* Help panel: size as fractions of the window, line height in text heights. */
#define HELP_WIDTH_FRACTION 0.86f
#define HELP_HEIGHT_FRACTION 0.80f
#define HELP_KEY_COLUMN_FRACTION 0.42f
/* High contrast panels sit on black: outline them in the text colour. */
#define PANEL_OUTLINE_FRACTION 0.004f

/* Menu. */
#define SLIDER_TRACK_FRACTION 0.16f
#define SLIDER_KNOB_FRACTION 0.42f
#define FOCUS_BAR_WIDTH_FRACTION 0.008f
#define SEGMENT_HOVER_ALPHA 0.18f
#define MENU_OPTION_INSET_DIVISOR 6     /* Text inset in a choice: its height / this. */
#define MENU_OPTION_FONT_FRACTION 0.50f /* Choice text height, of the choice height. */

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

void render_destroy(render_ctx *rc)
{
    if (!rc) return;
    shape_ctx_free(&rc->shapes);
    free(rc);
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

static void set_draw_color(render_ctx *rc, theme_color c)
{
    if (SDL_SetRenderDrawColor(rc->renderer, c.r, c.g, c.b, c.a) != 0)
        SDL_Log("Couldn't set the draw colour: %s", SDL_GetError());
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

/* ------------------------------------------------------------------------- */
/* Board                                                                     */
/* ------------------------------------------------------------------------- */

/* The keyboard cursor: an outline in the cursor colour around one square. */
static void draw_cursor(render_ctx *rc, const app_state *app)
{
    if (!app->cursor_shown || app->menu_open || app->help_open) return;
    const layout *l = &app->layout;
    layout_rect sq = square_rect(l, app->cursor_row, app->cursor_col);
    int inset = (int)((float)l->cell * CURSOR_INSET_FRACTION);
    layout_rect r = {sq.x + inset, sq.y + inset, sq.w - 2 * inset, sq.h - 2 * inset};
    shape_outline_rect(&rc->shapes, r, fmaxf(2.0f, (float)l->cell * CURSOR_STROKE_FRACTION),
                       col(app, THEME_CURSOR));
}

/* Hints: over each free square, its outcome for the player to move ("Win",
 * "Draw", "Loss", or "?" where the search proved nothing) and, for a win or
 * a loss, in how many moves (plies, both players' moves counted). */
static void draw_hints(render_ctx *rc, const app_state *app)
{
    if (!app->play.hint_shown) return;
    const layout *l = &app->layout;
    float fade = progress(app, app->play.hint_ms, APP_HINT_FADE_MS);
    int word_px = (int)fmaxf(8.0f, (float)l->cell * HINT_WORD_FRACTION);
    int count_px = (int)fmaxf(8.0f, (float)l->cell * HINT_COUNT_FRACTION);
    for (int i = 0; i < app->play.hint.count; i++) {
        const ttt_move_value *v = &app->play.hint.moves[i];
        if (app->view.owner[v->pos.row * app->view.size + v->pos.col] != TTT_PLAYER_NONE) continue;
        theme_role role = THEME_TEXT_MUTED;
        const char *word = "?";
        switch (v->outcome) {
        case TTT_OUTCOME_WIN:
            role = THEME_HINT_WIN;
            word = "Win";
            break;
        case TTT_OUTCOME_DRAW:
            role = THEME_HINT_DRAW;
            word = "Draw";
            break;
        case TTT_OUTCOME_LOSS:
            role = THEME_HINT_LOSS;
            word = "Loss";
            break;
        case TTT_OUTCOME_UNKNOWN:
        default: break;
        }
        layout_rect sq = square_rect(l, v->pos.row, v->pos.col);
        int inset = (int)((float)l->cell * HINT_INSET_FRACTION);
        layout_rect tint = {sq.x + inset, sq.y + inset, sq.w - 2 * inset, sq.h - 2 * inset};
        shape_round_rect(&rc->shapes, tint, l->corner_radius,
                         theme_fade(col(app, role), HINT_TINT_ALPHA * fade));
        bool counted = v->outcome == TTT_OUTCOME_WIN || v->outcome == TTT_OUTCOME_LOSS;
        layout_rect top = tint, bottom = tint;
        if (counted) {
            top.h = tint.h / 2;
            top.y += tint.h / 10;
            bottom.y = top.y + top.h;
            bottom.h = tint.h - top.h - tint.h / 5;
        }
        int px = v->outcome == TTT_OUTCOME_UNKNOWN
                     ? (int)fmaxf(8.0f, (float)l->cell * HINT_UNKNOWN_FRACTION)
                     : word_px;
        text_draw(rc->text, v->best ? TEXT_BOLD : TEXT_REGULAR, px,
                  theme_fade(col(app, role), fade), word, top, TEXT_CENTER, NULL);
        if (counted) {
            char n[24];
            snprintf(n, sizeof n, "in %d", v->plies);
            text_draw(rc->text, TEXT_REGULAR, count_px, theme_fade(col(app, role), fade), n, bottom,
                      TEXT_CENTER, NULL);
        }
    }
}

static void draw_board(render_ctx *rc, const app_state *app)
{
    const layout *l = &app->layout;
    shape_ctx *ctx = &rc->shapes;
    float shadow =
        fmaxf(1.0f, (float)l->cell * (float)l->board_size * BOARD_SHADOW_OFFSET_FRACTION);
    layout_rect card = l->board;
    layout_rect shade = {card.x, card.y + (int)shadow, card.w, card.h};
    shape_round_rect(ctx, shade, l->corner_radius * 1.5f, col(app, THEME_BOARD_SHADOW));
    shape_round_rect(ctx, card, l->corner_radius * 1.5f, col(app, THEME_BOARD));

    /* Hover tint and ghost mark on the square a click would take. */
    const play_view *v = &app->view;
    if (app->hover_row >= 0 && !app->menu_open &&
        v->playable[app->hover_row * v->size + app->hover_col]) {
        float f = progress(app, app->hover_ms, APP_HOVER_FADE_MS);
        layout_rect sq = square_rect(l, app->hover_row, app->hover_col);
        int inset = (int)(l->grid_thickness);
        layout_rect tint = {sq.x + inset, sq.y + inset, sq.w - 2 * inset, sq.h - 2 * inset};
        shape_round_rect(ctx, tint, l->corner_radius, theme_fade(col(app, THEME_HOVER), f));
        float cx, cy;
        layout_square_center(l, app->hover_row, app->hover_col, &cx, &cy);
        draw_mark(rc, app, v->turn, cx, cy, 1.0f, HOVER_MARK_ALPHA * f);
    }

    /* A refused click: a brief red tint on that square. */
    if (app->play.refused && app->play.refused_row >= 0) {
        float t = progress(app, app->play.refused_ms, APP_REFUSED_CUE_MS);
        if (t < 1.0f) {
            layout_rect sq = square_rect(l, app->play.refused_row, app->play.refused_col);
            int inset = (int)((float)l->cell * REFUSED_INSET_FRACTION);
            layout_rect tint = {sq.x + inset, sq.y + inset, sq.w - 2 * inset, sq.h - 2 * inset};
            shape_round_rect(ctx, tint, l->corner_radius,
                             theme_fade(col(app, THEME_REFUSED), 1.0f - t));
        }
    }

    /* Grid lines with round ends, stopping short of the card's edge. */
    float inset = (float)l->cell * GRID_INSET_FRACTION;
    float x0 = (float)l->board.x, y0 = (float)l->board.y;
    float side = (float)l->board.w;
    for (int i = 1; i < l->board_size; i++) {
        float off = (float)(i * l->cell);
        shape_capsule(ctx, x0 + off, y0 + inset, x0 + off, y0 + side - inset, l->grid_thickness,
                      col(app, THEME_GRID));
        shape_capsule(ctx, x0 + inset, y0 + off, x0 + side - inset, y0 + off, l->grid_thickness,
                      col(app, THEME_GRID));
    }

    /* Marks, popping in when placed; after a win the others fade back. */
    float dim = 1.0f;
    if (app->play.game_over && app->play.line_count > 0)
        dim = 1.0f - (1.0f - DIMMED_MARK_ALPHA) *
                         progress(app, app->play.game_over_ms, APP_STRIKE_ANIM_MS);
    for (int r = 0; r < v->size; r++) {
        for (int c = 0; c < v->size; c++) {
            ttt_player owner = v->owner[r * v->size + c];
            if (owner == TTT_PLAYER_NONE) continue;
            float t = progress(app, app->play.placed_ms[r * v->size + c], APP_MARK_APPEAR_MS);
            float scale =
                MARK_APPEAR_START_SCALE + (1.0f - MARK_APPEAR_START_SCALE) * ease_out_back(t);
            float alpha = clamp01(t * 2.0f);
            if (app->play.line_count > 0 && !on_winning_line(app, r, c)) alpha *= dim;
            float cx, cy;
            layout_square_center(l, r, c, &cx, &cy);
            draw_mark(rc, app, owner, cx, cy, scale, alpha);
        }
    }

    draw_hints(rc, app);
    draw_cursor(rc, app);

    /* Strike-throughs: every completed line, centre of the first square to
     * the centre of the last, drawn out over APP_STRIKE_ANIM_MS. */
    if (app->play.game_over && app->play.line_count > 0) {
        float t = ease_out_cubic(
            progress(app, app->play.game_over_ms + APP_STRIKE_DELAY_MS, APP_STRIKE_ANIM_MS));
        if (t > 0.0f) {
            for (int i = 0; i < app->play.line_count; i++) {
                const ttt_line *line = &app->play.lines[i];
                float ax, ay, bx, by;
                layout_square_center(l, line->squares[0].row, line->squares[0].col, &ax, &ay);
                layout_square_center(l, line->squares[line->length - 1].row,
                                     line->squares[line->length - 1].col, &bx, &by);
                shape_capsule(ctx, ax, ay, ax + (bx - ax) * t, ay + (by - ay) * t,
                              l->strike_thickness, col(app, THEME_STRIKE));
            }
        }
    }
}

/* ------------------------------------------------------------------------- */
/* Status, scores, buttons                                                   */
/* ------------------------------------------------------------------------- */

static const char *player_name(ttt_player p)
{
    return p == TTT_PLAYER_O ? "O" : "X";
}

static void status_text(const app_state *app, char *buf, size_t cap, bool *thinking)
{
    const play_view *v = &app->view;
    ttt_state st = v->state;
    ttt_player turn = v->turn, winner = v->winner;
    settings_mode mode = v->mode;
    *thinking = false;

    if (st == TTT_STATE_DRAW) {
        snprintf(buf, cap, "Cat's game \xE2\x80\x94 nobody wins");
    } else if (winner != TTT_PLAYER_NONE) {
        if (mode == SETTINGS_MODE_HUMAN_VS_COMPUTER)
            snprintf(buf, cap, "%s", v->computer_plays[winner] ? "The computer wins" : "You win!");
        else
            snprintf(buf, cap, "%s wins!", player_name(winner));
    } else if (v->computer_plays[turn]) {
        *thinking = v->computer_thinking;
        if (mode == SETTINGS_MODE_COMPUTER_VS_COMPUTER)
            snprintf(buf, cap, "Computer %s is thinking", player_name(turn));
        else
            snprintf(buf, cap, "Computer is thinking");
        if (!*thinking && mode == SETTINGS_MODE_COMPUTER_VS_COMPUTER)
            snprintf(buf, cap, "Computer %s to move", player_name(turn));
    } else if (app->play.hint_waiting) {
        snprintf(buf, cap, "Working out a hint");
        *thinking = true;
    } else if (app->play.hint_shown && !app->play.hint.exact) {
        /* Boards too big to solve in the hint's time: say what "?" means. */
        snprintf(buf, cap, "Hint: \"?\" = not proven in %.1f s", APP_HINT_DEADLINE_MS / 1000.0);
    } else if (mode == SETTINGS_MODE_HUMAN_VS_COMPUTER) {
        snprintf(buf, cap, "Your move \xE2\x80\x94 you are %s", player_name(turn));
    } else {
        snprintf(buf, cap, "%s to move", player_name(turn));
    }
}

static void draw_status(render_ctx *rc, const app_state *app)
{
    const layout *l = &app->layout;
    char buf[96];
    bool thinking = false;
    status_text(app, buf, sizeof buf, &thinking);
    SDL_Rect drawn = {0, 0, 0, 0};
    int px = l->font_status_px;
    layout_rect box = l->status;
    if (thinking) {
        /* Leave room for the dots so the text stays centred with them. */
        int dots_w = (int)((float)px * THINK_DOT_SPACING_FRACTION * (float)(THINK_DOT_COUNT + 1));
        box.w -= dots_w;
        box.x += dots_w / 2;
    }
    text_draw(rc->text, TEXT_BOLD, px, col(app, THEME_TEXT), buf, box, TEXT_CENTER, &drawn);
    if (thinking && drawn.w > 0) {
        float r = (float)px * THINK_DOT_RADIUS_FRACTION;
        float step = (float)px * THINK_DOT_SPACING_FRACTION;
        float y = (float)(drawn.y + drawn.h) - (float)drawn.h * THINK_DOT_BASELINE_FRACTION;
        for (int i = 0; i < THINK_DOT_COUNT; i++) {
            /* Each dot pulses a third of a period after the one before. */
            Uint64 phase =
                (app->play.now_ms + (Uint64)(APP_THINK_DOT_PERIOD_MS -
                                             i * APP_THINK_DOT_PERIOD_MS / THINK_DOT_COUNT)) %
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
}

static void draw_scores(render_ctx *rc, const app_state *app)
{
    const layout *l = &app->layout;
    const play_view *v = &app->view;
    bool hvc = v->mode == SETTINGS_MODE_HUMAN_VS_COMPUTER;
    ttt_player human = v->human_side;
    ttt_player left = hvc ? human : TTT_PLAYER_X;
    ttt_player right = ttt_player_other(left);
    char labels[3][32];
    int counts[3];
    theme_role bar[3] = {left == TTT_PLAYER_X ? THEME_X : THEME_O, THEME_TEXT_MUTED,
                         right == TTT_PLAYER_X ? THEME_X : THEME_O};
    /* Against the computer the counts are by role, whichever side you
     * took in each game; otherwise by mark. */
    int wins_left = v->score.wins[0];
    int wins_right = v->score.wins[1];
    if (hvc) {
        snprintf(labels[0], sizeof labels[0], "You (%s)", player_name(left));
        snprintf(labels[2], sizeof labels[2], "Computer (%s)", player_name(right));
    } else {
        snprintf(labels[0], sizeof labels[0], "%s", player_name(left));
        snprintf(labels[2], sizeof labels[2], "%s", player_name(right));
    }
    snprintf(labels[1], sizeof labels[1], "Draws");
    counts[0] = wins_left;
    counts[1] = v->score.draws;
    counts[2] = wins_right;

    ttt_player turn = v->turn;
    int px = l->font_score_px;
    bool stacked = l->score_rows > 1;
    int col_w = stacked ? l->scores.w : l->scores.w / 3;
    int row_h = stacked ? l->scores.h / 3 : l->scores.h;
    for (int i = 0; i < 3; i++) {
        layout_rect box = {stacked ? l->scores.x : l->scores.x + i * col_w,
                           stacked ? l->scores.y + i * row_h : l->scores.y, col_w, row_h};
        char number[16];
        snprintf(number, sizeof number, "%d", counts[i]);
        int lw = 0, lh = 0, nw = 0, nh = 0, sw = 0, sh = 0;
        text_measure(rc->text, TEXT_REGULAR, px, labels[i], &lw, &lh);
        text_measure(rc->text, TEXT_BOLD, px, number, &nw, &nh);
        text_measure(rc->text, TEXT_REGULAR, px, "  ", &sw, &sh);
        int total = lw + sw + nw;
        int x = box.x + (box.w - total) / 2;
        if (total > box.w) x = box.x;
        layout_rect lbox = {x, box.y, lw, box.h};
        layout_rect nbox = {x + lw + sw, box.y, nw, box.h};
        text_draw(rc->text, TEXT_REGULAR, px, col(app, THEME_TEXT_MUTED), labels[i], lbox,
                  TEXT_LEFT, NULL);
        text_draw(rc->text, TEXT_BOLD, px, col(app, THEME_TEXT), number, nbox, TEXT_LEFT, NULL);
        /* A coloured bar under the side whose turn it is. */
        ttt_player side = i == 0 ? left : (i == 2 ? right : TTT_PLAYER_NONE);
        if (side != TTT_PLAYER_NONE && side == turn) {
            float bw = (float)total * TURN_BAR_WIDTH_FRACTION;
            float by = (float)(box.y + box.h) - (float)box.h * TURN_BAR_RAISE_FRACTION;
            float bh = fmaxf(2.0f, (float)box.h * TURN_BAR_HEIGHT_FRACTION);
            float bx = (float)x + (float)total * 0.5f;
            shape_capsule(&rc->shapes, bx - bw * 0.5f, by, bx + bw * 0.5f, by, bh,
                          col(app, bar[i]));
        }
    }
}

static void draw_button_alpha(render_ctx *rc, const app_state *app, layout_rect r,
                              const char *label, theme_color face, int px, float alpha)
{
    shape_round_rect(&rc->shapes, r, app->layout.corner_radius * 1.4f, theme_fade(face, alpha));
    layout_rect tb = r;
    int inset = r.h / MENU_OPTION_INSET_DIVISOR;
    tb.x += inset;
    tb.w -= 2 * inset;
    text_draw(rc->text, TEXT_BOLD, px, theme_fade(col(app, THEME_BUTTON_TEXT), alpha), label, tb,
              TEXT_CENTER, NULL);
}

static void draw_button(render_ctx *rc, const app_state *app, layout_rect r, const char *label,
                        theme_color face, int px)
{
    draw_button_alpha(rc, app, r, label, face, px, 1.0f);
}

static void draw_buttons(render_ctx *rc, const app_state *app)
{
    /* Short labels so four fit in a row; the help (F1) lists the keys. */
    static const char *const labels[LAYOUT_BUTTON_COUNT] = {"New game", "Undo", "Hint", "Settings"};
    const play_view *v = &app->view;
    bool enabled[LAYOUT_BUTTON_COUNT] = {true, v->can_undo, v->can_hint, true};
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        bool hot = !app->menu_open && enabled[i] && app->hover_button == (layout_button)i;
        theme_color face = col(app, hot ? THEME_BUTTON_HOVER : THEME_BUTTON);
        if (i == LAYOUT_BUTTON_HINT && (app->play.hint_shown || app->play.hint_waiting))
            face = col(app, THEME_FOCUS); /* Lit while hints are on. */
        /* When a game is over the next step is New game: show it in the
         * accent colour (watch mode starts the next game by itself). */
        if (i == LAYOUT_BUTTON_NEW_GAME && app->play.game_over &&
            v->mode != SETTINGS_MODE_COMPUTER_VS_COMPUTER)
            face = theme_fade(
                col(app, THEME_FOCUS),
                hot ? 1.0f
                    : 0.85f + 0.15f * progress(app, app->play.game_over_ms, APP_STRIKE_ANIM_MS));
        draw_button_alpha(rc, app, app->layout.buttons[i], labels[i], face,
                          app->layout.font_button_px, enabled[i] ? 1.0f : DISABLED_ALPHA);
    }
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
        layout_rect in = {r.x + (int)t, r.y + (int)t, r.w - 2 * (int)t, r.h - 2 * (int)t};
        shape_outline_rect(&rc->shapes, in, t, col(app, THEME_TEXT));
    }
}

static void draw_menu(render_ctx *rc, const app_state *app)
{
    const layout_menu *m = &app->menu_layout;
    shape_ctx *ctx = &rc->shapes;
    float fade = ease_out_cubic(progress(app, app->menu_changed_ms, APP_MENU_FADE_MS));
    layout_rect whole = {0, 0, app->out_w, app->out_h};
    shape_round_rect(ctx, whole, 0.0f, theme_fade(col(app, THEME_SCRIM), fade));
    draw_panel(rc, app, m->panel, m->corner_radius * 2.0f);
    text_draw(rc->text, TEXT_BOLD, m->font_title_px, col(app, THEME_TEXT), "Settings", m->title,
              TEXT_LEFT, NULL);

    /* One text size for every choice, the largest at which all fit, so the
     * rows look alike instead of each label shrinking on its own. */
    int base_px = m->row_count > 0 ? (int)((float)m->rows[0].control.h * MENU_OPTION_FONT_FRACTION)
                                   : m->font_px;
    if (base_px < 1) base_px = 1;
    int option_px = base_px;
    for (int i = 0; i < m->row_count; i++) {
        const layout_menu_row *row = &m->rows[i];
        for (int j = 0; j < row->option_count; j++) {
            int w = 0, h = 0;
            int room = row->options[j].w - 2 * (row->options[j].h / MENU_OPTION_INSET_DIVISOR);
            if (text_measure(rc->text, TEXT_BOLD, base_px, menu_option_label(i, j), &w, &h) &&
                w > room && w > 0) {
                int px = base_px * room / w;
                if (px < option_px) option_px = px;
            }
        }
    }

    for (int i = 0; i < m->row_count; i++) {
        const layout_menu_row *row = &m->rows[i];
        if (app->menu.show_focus && app->menu.focus == i) {
            float bw = fmaxf(2.0f, (float)m->panel.w * FOCUS_BAR_WIDTH_FRACTION);
            float x = (float)row->row.x - bw * 2.5f;
            shape_capsule(ctx, x, (float)row->row.y + bw, x,
                          (float)(row->control.y + row->control.h) - bw, bw, col(app, THEME_FOCUS));
        }
        text_draw(rc->text, TEXT_REGULAR, m->font_px, col(app, THEME_TEXT), menu_row_label(i),
                  row->label, TEXT_LEFT, NULL);
        if (i == MENU_ROW_MISTAKES) {
            char value[16];
            snprintf(value, sizeof value, "%d%%",
                     (int)lround(settings_effective_mistake_probability(&app->settings) * 100.0));
            text_draw(rc->text, TEXT_BOLD, m->font_px, col(app, THEME_TEXT), value, row->label,
                      TEXT_RIGHT, NULL);
        }

        if (row->option_count == 0) {
            /* The mistake slider: a track, the filled part, and a knob. */
            double v = settings_effective_mistake_probability(&app->settings);
            float track_h = fmaxf(2.0f, (float)row->control.h * SLIDER_TRACK_FRACTION);
            float knob_r = (float)row->control.h * SLIDER_KNOB_FRACTION * 0.5f + track_h;
            float y = (float)row->control.y + (float)row->control.h * 0.5f;
            float x0 = (float)row->control.x + knob_r;
            float x1 = (float)(row->control.x + row->control.w) - knob_r;
            float xv = x0 + (x1 - x0) * (float)v;
            bool custom = app->settings.difficulty == SETTINGS_DIFFICULTY_CUSTOM;
            shape_capsule(ctx, x0, y, x1, y, track_h, col(app, THEME_SEGMENT));
            shape_capsule(ctx, x0, y, xv, y, track_h,
                          col(app, custom ? THEME_SEGMENT_SELECTED : THEME_TEXT_MUTED));
            shape_disc(ctx, xv, y, knob_r,
                       col(app, custom ? THEME_SEGMENT_SELECTED : THEME_TEXT_MUTED));
            continue;
        }
        int selected = menu_selected_option(&app->settings, i);
        for (int j = 0; j < row->option_count; j++) {
            bool sel = j == selected;
            bool enabled = menu_option_enabled(&app->settings, i, j);
            bool hot = enabled && layout_rect_contains(row->options[j], app->mouse_x, app->mouse_y);
            float alpha = enabled ? 1.0f : DISABLED_ALPHA;
            if (i == MENU_ROW_SCORES) {
                /* An action, drawn as a button rather than a choice. */
                draw_button(rc, app, row->options[j], menu_option_label(i, j),
                            col(app, hot ? THEME_BUTTON_HOVER : THEME_BUTTON), option_px);
                continue;
            }
            theme_color face = col(app, sel ? THEME_SEGMENT_SELECTED : THEME_SEGMENT);
            if (hot && !sel)
                face = theme_fade(col(app, THEME_SEGMENT_SELECTED), SEGMENT_HOVER_ALPHA);
            shape_round_rect(ctx, row->options[j], m->corner_radius, theme_fade(face, alpha));
            layout_rect tb = row->options[j];
            int inset = tb.h / MENU_OPTION_INSET_DIVISOR;
            tb.x += inset;
            tb.w -= 2 * inset;
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
    draw_button(rc, app, m->done, "Done", col(app, hot ? THEME_BUTTON_HOVER : THEME_BUTTON),
                m->font_px);
}

/* ------------------------------------------------------------------------- */
/* Help                                                                      */
/* ------------------------------------------------------------------------- */

static const char *const HELP_KEYS[][2] = {
    {"Arrows, Enter / Space", "Move the cursor, place a mark"},
    {"1 \xE2\x80\x93 9 (3\xC3\x97"
     "3 board)",
     "Place, as on a keypad (7 = top left)"},
    {"N", "New game"},
    {"U, Ctrl+Z", "Undo your move (and the reply)"},
    {"Ctrl+Y, Ctrl+Shift+Z", "Redo"},
    {"H", "Hint: each free square's outcome"},
    {"Esc", "Settings (arrows, Tab, Enter)"},
    {"F3", "Performance overlay"},
    {"F11", "Fullscreen"},
    {"F1, ?", "This help"},
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
    int pad = w / 20;
    /* Title, the key lines, and a closing note: HELP_LINES + 3 rows. */
    int row_h = (h - 2 * pad) / (HELP_LINES + 3);
    int px = row_h * 11 / 20;
    layout_rect title = {panel.x + pad, panel.y + pad, w - 2 * pad, row_h * 3 / 2};
    text_draw(rc->text, TEXT_BOLD, px * 13 / 10, col(app, THEME_TEXT), "Keys", title, TEXT_LEFT,
              NULL);
    int key_w = (int)((float)(w - 2 * pad) * HELP_KEY_COLUMN_FRACTION);
    /* One size for every line, the largest at which all fit, so the list
     * reads evenly instead of each long line shrinking on its own. */
    int fit_px = px;
    for (int i = 0; i < HELP_LINES; i++) {
        for (int c = 0; c < 2; c++) {
            int tw = 0, th = 0;
            int room = c == 0 ? key_w - pad / 2 : w - 2 * pad - key_w;
            if (text_measure(rc->text, c == 0 ? TEXT_BOLD : TEXT_REGULAR, px, HELP_KEYS[i][c], &tw,
                             &th) &&
                tw > room && tw > 0 && px * room / tw < fit_px)
                fit_px = px * room / tw;
        }
    }
    px = fit_px < 1 ? 1 : fit_px;
    for (int i = 0; i < HELP_LINES; i++) {
        int y = title.y + title.h + i * row_h;
        layout_rect kb = {panel.x + pad, y, key_w - pad / 2, row_h};
        layout_rect db = {panel.x + pad + key_w, y, w - 2 * pad - key_w, row_h};
        text_draw(rc->text, TEXT_BOLD, px, col(app, THEME_TEXT), HELP_KEYS[i][0], kb, TEXT_LEFT,
                  NULL);
        text_draw(rc->text, TEXT_REGULAR, px, col(app, THEME_TEXT_MUTED), HELP_KEYS[i][1], db,
                  TEXT_LEFT, NULL);
    }
    layout_rect note = {panel.x + pad, title.y + title.h + HELP_LINES * row_h, w - 2 * pad,
                        row_h * 3 / 2};
    text_draw(rc->text, TEXT_REGULAR, px, col(app, THEME_TEXT_MUTED),
              "Esc, Enter or a click closes this help.", note, TEXT_CENTER, NULL);
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
        if (i == 4 && app->play.have_last_ai && !app->play.last_ai.exact) role = THEME_BAD;
        text_draw(rc->text, TEXT_REGULAR, px, col(app, role), app->overlay_lines[i], box, TEXT_LEFT,
                  NULL);
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
    set_draw_color(rc, col(app, THEME_BACKGROUND));
    if (SDL_RenderClear(rc->renderer) != 0) SDL_Log("Couldn't clear: %s", SDL_GetError());
    draw_board(rc, app);
    draw_status(rc, app);
    draw_scores(rc, app);
    draw_buttons(rc, app);
    /* The overlay has its own strip on the main screen; the menu and the
     * help cover it like everything else. */
    if (app->settings.show_overlay) draw_overlay(rc, app);
    if (app->menu_open) draw_menu(rc, app);
    if (app->help_open) draw_help(rc, app);
}
