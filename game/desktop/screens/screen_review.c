/*
 * screen_review.c - the review (see screen_review.h): its input, then what
 * it draws of its own.
 */
#include "screen_review.h"

#include <math.h>
#include <stdio.h>

#include "i18n.h"
#include "numparse.h"
#include "screens.h"

/* The strip: most rows of cells, and how a cell's shape is judged (wide
 * cells read better than tall ones, up to this ratio). */
#define STRIP_MAX_ROWS 4
#define STRIP_CELL_ASPECT 1.6
#define STRIP_GAP_FRACTION 0.08   /* Between cells, of a cell's width. */
#define STRIP_FILL_ALPHA 0.88f    /* A proven value's colour. */
#define STRIP_PENDING_ALPHA 0.45f /* A cell still being worked out. */
#define STRIP_TEXT_FRACTION 0.58f /* The count, of the cell's height. */
#define STRIP_MOVER_BAR 0.12f     /* The mover's colour under a cell, of its height. */
#define STRIP_CURRENT_STROKE 0.09f
#define STRIP_MISTAKE_FRACTION 0.34f /* The corner mark of a move thrown away. */
/* The move played next: a ring in the square, as a fraction of it; the
 * better move: a faint mark. */
#define NEXT_RING_INSET_FRACTION 0.10f
#define NEXT_RING_STROKE_FRACTION 0.04f
#define BETTER_MARK_ALPHA 0.30f
#define BETTER_MARK_SCALE 0.8f /* The better move's mark, of a placed mark's size. */
/* A strip cell's corners, of the layout's corner radius: squarer than a
 * button, as the cells sit close. */
#define STRIP_CELL_CORNER_FACTOR 0.6f

/* ------------------------------------------------------------------------- */
/* Input                                                                     */
/* ------------------------------------------------------------------------- */

bool screen_review_subject(const app_state *app, record *out)
{
    if (ttt_game_move_count(app->play.game) > 0) {
        if (out) play_record(&app->play, out);
        return true;
    }
    if (!app->have_last_game || app->last_game.move_count == 0) return false;
    if (out) *out = app->last_game;
    return true;
}

/* The replay's step: the watching speed's pace between a game's moves,
 * twice over, so each position can be seen. */
static int replay_step_ms(const app_state *app)
{
    return 2 * settings_speed_move_delay_ms(app->settings.speed);
}

bool screen_review_open(app_state *app, const record *game, bool replay)
{
    record subject;
    if (game)
        subject = *game;
    else if (!screen_review_subject(app, &subject))
        return false;
    /* The game's turn waits: no search runs while the solver reviews. */
    play_invalidate_ai(&app->play);
    if (app->play.hint_shown || app->play.hint_waiting) play_hint_toggle(&app->play);
    review_open(&app->review, &subject, replay ? 0 : subject.move_count, replay,
                replay_step_ms(app), app->play.now_ms);
    app->cursor_shown = false;
    screen_show(app, SCREEN_REVIEW, true);
    app->redraw = true;
    return true;
}

void screen_review_close(app_state *app)
{
    review_close(&app->review);
    screen_show(app, SCREEN_REVIEW, false);
    app->redraw = true;
}

/* Play on from the position shown: it becomes the game, you the side to
 * move against the computer. */
static void play_on(app_state *app)
{
    review_state *r = &app->review;
    record prefix = r->game;
    prefix.move_count = r->ply;
    ttt_state st = record_final_state(&prefix);
    if (st != TTT_STATE_X_TO_MOVE && st != TTT_STATE_O_TO_MOVE) return;
    if (!play_resume(&app->play, &prefix, TTT_PLAYER_NONE)) return;
    screen_review_close(app);
}

/* The watching speed one step faster (@p step 1) or slower (-1); it is
 * saved like a choice in the menu. */
static void change_speed(app_state *app, int step)
{
    int speed = (int)app->settings.speed + step;
    if (speed < 0 || speed >= SETTINGS_SPEED_COUNT) return;
    app->settings.speed = (settings_speed)speed;
    menu_copy_row(&app->prefs.settings, &app->settings, MENU_ROW_SPEED);
    app->prefs_dirty = true;
    review_set_step(&app->review, replay_step_ms(app), app->play.now_ms);
}

bool screen_review_do(app_state *app, app_action action)
{
    review_state *r = &app->review;
    uint64_t now = app->play.now_ms;
    switch (action) {
    case APP_ACTION_LEFT:
    case APP_ACTION_UP:
    case APP_ACTION_EARLIER: review_step(r, -1, now); return true;
    case APP_ACTION_RIGHT:
    case APP_ACTION_DOWN:
    case APP_ACTION_LATER: review_step(r, 1, now); return true;
    case APP_ACTION_FIRST: review_seek(r, 0, now); return true;
    case APP_ACTION_LAST: review_seek(r, r->game.move_count, now); return true;
    case APP_ACTION_ACTIVATE:
    case APP_ACTION_REPLAY: review_toggle_play(r, now); return true;
    case APP_ACTION_HINT: app->review_screen.hints = !app->review_screen.hints; return true;
    case APP_ACTION_PLAY_ON: play_on(app); return true;
    case APP_ACTION_FASTER: change_speed(app, 1); return true;
    case APP_ACTION_SLOWER: change_speed(app, -1); return true;
    case APP_ACTION_BACK:
    case APP_ACTION_REVIEW: screen_review_close(app); return true;
    case APP_ACTION_NEW_GAME:
        screen_review_close(app);
        play_new_game(&app->play);
        return true;
    case APP_ACTION_UNDO:
    case APP_ACTION_REDO:
        /* Undo and redo step through the review, as their keys suggest. */
        review_step(r, action == APP_ACTION_UNDO ? -1 : 1, now);
        return true;
    default: return false;
    }
}

/* What each button does in the review, by slot (layout_button). */
static const app_action BUTTON_ACTIONS[LAYOUT_BUTTON_COUNT] = {
    [LAYOUT_BUTTON_NEW_GAME] = APP_ACTION_REVIEW,
    [LAYOUT_BUTTON_UNDO] = APP_ACTION_EARLIER,
    [LAYOUT_BUTTON_REDO] = APP_ACTION_LATER,
    [LAYOUT_BUTTON_HINT] = APP_ACTION_REPLAY,
    [LAYOUT_BUTTON_SETTINGS] = APP_ACTION_PLAY_ON};

int screen_review_mouse_down(app_state *app, int x, int y)
{
    layout_button b = layout_button_at(&app->layout, x, y);
    if (b != LAYOUT_BUTTON_NONE && b < LAYOUT_BUTTON_COUNT) return (int)BUTTON_ACTIONS[b];
    const view_review *v = &app->view.game.review;
    int cell = screen_review_cell_at(app->layout.scores, v->strip_count, x, y);
    if (cell >= 0) review_seek(&app->review, cell, app->play.now_ms);
    return -1;
}

void screen_review_wheel(app_state *app, int steps)
{
    /* A turn towards the player (down) goes on, as scrolling a list does. */
    if (steps != 0) review_step(&app->review, steps > 0 ? -1 : 1, app->play.now_ms);
}

bool screen_review_clickable(const app_state *app, int x, int y)
{
    return screen_review_cell_at(app->layout.scores, app->view.game.review.strip_count, x, y) >= 0;
}

/* ------------------------------------------------------------------------- */
/* The strip's geometry                                                      */
/* ------------------------------------------------------------------------- */

/* How many rows the strip's @p count cells take in @p box: the most that
 * gives the roomiest cells. */
static int strip_rows(layout_rect box, int count)
{
    int best = 1;
    double best_score = -1.0;
    for (int rows = 1; rows <= STRIP_MAX_ROWS; rows++) {
        int per_row = (count + rows - 1) / rows;
        if (per_row < 1) per_row = 1;
        double cw = (double)box.w / (double)per_row, ch = (double)box.h / (double)rows;
        double score = fmin(cw, ch * STRIP_CELL_ASPECT);
        if (score > best_score + 0.5) {
            best = rows;
            best_score = score;
        }
    }
    return best;
}

layout_rect screen_review_cell_rect(layout_rect box, int count, int i)
{
    int rows = strip_rows(box, count);
    int per_row = (count + rows - 1) / rows;
    if (per_row < 1) per_row = 1;
    int row = i / per_row, col = i % per_row;
    int x0 = box.x + (int)((long)box.w * col / per_row);
    int x1 = box.x + (int)((long)box.w * (col + 1) / per_row);
    /* Cells no taller than wide by STRIP_CELL_ASPECT (the tall box beside
     * a landscape board would make squat tiles), the rows centred. */
    int used_h = box.h;
    int widest_h = (int)((double)box.w / per_row / STRIP_CELL_ASPECT);
    if (widest_h >= 1 && widest_h * rows < used_h) used_h = widest_h * rows;
    int top = box.y + (box.h - used_h) / 2;
    int y0 = top + (int)((long)used_h * row / rows);
    int y1 = top + (int)((long)used_h * (row + 1) / rows);
    return (layout_rect){x0, y0, x1 - x0, y1 - y0};
}

int screen_review_cell_at(layout_rect box, int count, int x, int y)
{
    if (count <= 0 || !layout_rect_contains(box, x, y)) return -1;
    for (int i = 0; i < count; i++)
        if (layout_rect_contains(screen_review_cell_rect(box, count, i), x, y)) return i;
    return -1;
}

/* The room between two cells. */
static int strip_gap(layout_rect cell)
{
    return (int)fmaxf(1.0f, (float)cell.w * (float)STRIP_GAP_FRACTION);
}

int screen_review_strip_text_px(layout_rect box, int count)
{
    if (count <= 0) return 0;
    layout_rect first = screen_review_cell_rect(box, count, 0);
    /* The cell as drawn: inset by half a gap and a pixel on each side. */
    int inner = first.h - 2 * (strip_gap(first) / 2 + 1);
    int px = (int)((float)inner * STRIP_TEXT_FRACTION);
    /* A low strip (the smallest window) still shows the distances, at the
     * smallest readable size, as long as that size fits in the cell. */
    if (px < LAYOUT_MIN_READABLE_PX && inner >= LAYOUT_MIN_READABLE_PX) px = LAYOUT_MIN_READABLE_PX;
    return px >= LAYOUT_MIN_READABLE_PX ? px : 0;
}

/* ------------------------------------------------------------------------- */
/* Drawing                                                                   */
/* ------------------------------------------------------------------------- */

static theme_role cell_role(const view_strip_cell *c)
{
    switch (c->kind) {
    case VIEW_STRIP_WIN: return THEME_HINT_WIN;
    case VIEW_STRIP_LOSS: return THEME_HINT_LOSS;
    case VIEW_STRIP_DRAW: return THEME_HINT_DRAW;
    case VIEW_STRIP_ESTIMATE:
        if (c->estimate > 0) return THEME_HINT_WIN;
        if (c->estimate < 0) return THEME_HINT_LOSS;
        return THEME_HINT_DRAW;
    case VIEW_STRIP_PENDING:
    default: return THEME_SEGMENT;
    }
}

/* A cell's words: the moves left for a win or a loss, "=" for a draw, "~"
 * for an estimate, nothing while it is worked out. */
static void cell_text(const view_strip_cell *c, char *buf, size_t cap)
{
    switch (c->kind) {
    case VIEW_STRIP_WIN:
    case VIEW_STRIP_LOSS: snprintf(buf, cap, "%d", c->plies); return;
    case VIEW_STRIP_DRAW: snprintf(buf, cap, "="); return;
    case VIEW_STRIP_ESTIMATE: snprintf(buf, cap, "~"); return;
    case VIEW_STRIP_PENDING:
    default: buf[0] = '\0'; return;
    }
}

void screen_review_draw_strip(draw_ctx *d, const app_state *app, const view_review *v,
                              layout_rect box)
{
    int count = v->strip_count;
    if (count <= 0) return;
    layout_rect first = screen_review_cell_rect(box, count, 0);
    int gap = strip_gap(first);
    int text_px = screen_review_strip_text_px(box, count);
    for (int i = 0; i < count; i++) {
        const view_strip_cell *c = &v->strip[i];
        layout_rect r = draw_inset_rect(screen_review_cell_rect(box, count, i), gap / 2 + 1);
        bool proven =
            c->kind == VIEW_STRIP_WIN || c->kind == VIEW_STRIP_LOSS || c->kind == VIEW_STRIP_DRAW;
        theme_color fill = draw_color(app, cell_role(c));
        if (!proven)
            fill = theme_fade(fill, STRIP_PENDING_ALPHA);
        else
            fill = theme_fade(fill, STRIP_FILL_ALPHA);
        shape_round_rect(&d->shapes, r, app->layout.corner_radius * STRIP_CELL_CORNER_FACTOR, fill);
        if (c->mover == TTT_PLAYER_X || c->mover == TTT_PLAYER_O) {
            float bar = fmaxf(2.0f, (float)r.h * STRIP_MOVER_BAR);
            layout_rect b = {r.x, r.y + r.h - (int)bar, r.w, (int)bar};
            shape_round_rect(&d->shapes, b, bar * 0.5f,
                             draw_color(app, c->mover == TTT_PLAYER_O ? THEME_O : THEME_X));
        }
        if (c->threw_away) {
            float t = (float)(r.w < r.h ? r.w : r.h) * STRIP_MISTAKE_FRACTION;
            const float tri[3][2] = {{(float)r.x, (float)r.y},
                                     {(float)r.x + t, (float)r.y},
                                     {(float)r.x, (float)r.y + t}};
            shape_polygon(&d->shapes, tri, 3, draw_color(app, THEME_TEXT));
        }
        char words[NUMPARSE_TEXT_MAX];
        cell_text(c, words, sizeof words);
        if (words[0] && text_px > 0) {
            int w = 0, h = 0;
            if (text_measure(d->text, TEXT_BOLD, text_px, words, &w, &h) && w <= r.w)
                text_draw(d->text, TEXT_BOLD, text_px,
                          draw_color(app, proven ? THEME_BACKGROUND : THEME_TEXT), words, r,
                          TEXT_CENTER, NULL);
        }
        if (i == v->ply) {
            /* Within the cell's own slot: never over its neighbours. */
            float stroke =
                fmaxf(2.0f, fminf((float)r.h * STRIP_CURRENT_STROKE, (float)(gap / 2 + 1)));
            shape_outline_rect(&d->shapes, draw_inset_rect(r, -(int)stroke), stroke,
                               draw_color(app, THEME_FOCUS));
        }
    }
}

void screen_review_draw_board(draw_ctx *d, const app_state *app, const view_review *v)
{
    const layout *l = &app->layout;
    if (v->has_next) {
        layout_rect sq = draw_inset_rect(draw_square_rect(l, v->next.row, v->next.col),
                                         (int)((float)l->cell * NEXT_RING_INSET_FRACTION));
        shape_outline_rect(&d->shapes, sq, fmaxf(2.0f, (float)l->cell * NEXT_RING_STROKE_FRACTION),
                           draw_color(app, THEME_FOCUS));
    }
    if (v->has_better) {
        float cx, cy;
        layout_square_center(l, v->better.row, v->better.col, &cx, &cy);
        theme_color c =
            theme_fade(draw_color(app, v->better_mover == TTT_PLAYER_O ? THEME_O : THEME_X),
                       BETTER_MARK_ALPHA);
        float r = l->mark_radius * BETTER_MARK_SCALE;
        if (v->better_mover == TTT_PLAYER_O)
            shape_ring(&d->shapes, cx, cy, r, l->mark_thickness, c);
        else
            shape_cross(&d->shapes, cx, cy, r * DRAW_CROSS_HALF_FRACTION, l->mark_thickness, c);
    }
}
