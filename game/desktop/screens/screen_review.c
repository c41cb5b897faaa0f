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
/* Over a hint's words the better move's mark goes in the square's corner
 * instead: this much of the square wide, less faint, its stroke of its
 * half width. */
#define BETTER_CORNER_FRACTION 0.2f
#define BETTER_CORNER_ALPHA 0.7f
#define BETTER_CORNER_STROKE 0.3f
/* A strip cell's corners, of the layout's corner radius: squarer than a
 * button, as the cells sit close. */
#define STRIP_CELL_CORNER_FACTOR 0.6f
/* A paging arrow's half height, of its column's width. */
#define STRIP_ARROW_FRACTION 0.4f

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
    int cell = screen_review_cell_at(app->layout.scores, v->strip_count, v->ply, x, y);
    if (cell == SCREEN_REVIEW_PAGE_BACK || cell == SCREEN_REVIEW_PAGE_ON) {
        /* A page back: its last cell; a page on: its first. */
        int first = 0, shown = 0;
        screen_review_strip_page(app->layout.scores, v->strip_count, v->ply, &first, &shown);
        cell = cell == SCREEN_REVIEW_PAGE_BACK ? first - 1 : first + shown;
    }
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
    const view_review *v = &app->view.game.review;
    int cell = screen_review_cell_at(app->layout.scores, v->strip_count, v->ply, x, y);
    return cell >= 0 || cell == SCREEN_REVIEW_PAGE_BACK || cell == SCREEN_REVIEW_PAGE_ON;
}

/* ------------------------------------------------------------------------- */
/* The strip's geometry                                                      */
/* ------------------------------------------------------------------------- */

/* The strip's page: where its cells go, how they are set out, and the
 * paging arrows. */
typedef struct strip_geom {
    layout_rect cells; /* The page's cells' box (the arrows' room left out). */
    int rows, per_row; /* For a full page (the last page's cells are as large). */
    int first, shown;  /* The cells on the page. */
    bool paged;
    layout_rect back, on; /* The arrows, when paged. */
} strip_geom;

/* How many rows @p count cells take in @p box, at most @p max_rows: the
 * number that gives the roomiest cells. */
static int strip_rows(layout_rect box, int count, int max_rows)
{
    int best = 1;
    double best_score = -1.0;
    for (int rows = 1; rows <= max_rows; rows++) {
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

/* The page of @p count cells in @p box that shows cell @p ply: as many
 * rows and columns of cells at least SCREEN_REVIEW_CELL_MIN_W x
 * SCREEN_REVIEW_CELL_MIN_H as fit; when they do not all fit, an arrow at
 * each end and pages of as many as fit between them. */
static strip_geom strip_geometry(layout_rect box, int count, int ply)
{
    strip_geom g;
    g.cells = box;
    g.paged = false;
    g.back = g.on = (layout_rect){0, 0, 0, 0};
    int max_rows = box.h / SCREEN_REVIEW_CELL_MIN_H;
    if (max_rows > STRIP_MAX_ROWS) max_rows = STRIP_MAX_ROWS;
    if (max_rows < 1) max_rows = 1;
    int cols = box.w / SCREEN_REVIEW_CELL_MIN_W;
    int page = count;
    if (count > max_rows * (cols > 1 ? cols : 1)) {
        g.paged = true;
        int arrow = SCREEN_REVIEW_CELL_MIN_W / 2;
        g.back = (layout_rect){box.x, box.y, arrow, box.h};
        g.on = (layout_rect){box.x + box.w - arrow, box.y, arrow, box.h};
        g.cells = (layout_rect){box.x + arrow, box.y, box.w - 2 * arrow, box.h};
        cols = g.cells.w / SCREEN_REVIEW_CELL_MIN_W;
        page = max_rows * (cols > 1 ? cols : 1);
    }
    if (page < 1) page = 1;
    g.rows = strip_rows(g.cells, page, max_rows);
    g.per_row = (page + g.rows - 1) / g.rows;
    if (g.per_row < 1) g.per_row = 1;
    if (ply < 0) ply = 0;
    if (ply >= count) ply = count - 1;
    g.first = count > 0 ? ply / page * page : 0;
    g.shown = count - g.first < page ? count - g.first : page;
    if (g.shown < 0) g.shown = 0;
    return g;
}

/* Cell @p i's rectangle on page @p g (it must be on it). */
static layout_rect cell_on_page(const strip_geom *g, int i)
{
    layout_rect box = g->cells;
    int local = i - g->first;
    int row = local / g->per_row, col = local % g->per_row;
    int x0 = box.x + (int)((long)box.w * col / g->per_row);
    int x1 = box.x + (int)((long)box.w * (col + 1) / g->per_row);
    /* Cells no taller than wide by STRIP_CELL_ASPECT (the tall box beside
     * a landscape board would make squat tiles), the rows centred. */
    int used_h = box.h;
    int widest_h = (int)((double)box.w / g->per_row / STRIP_CELL_ASPECT);
    if (widest_h >= 1 && widest_h * g->rows < used_h) used_h = widest_h * g->rows;
    int top = box.y + (box.h - used_h) / 2;
    int y0 = top + (int)((long)used_h * row / g->rows);
    int y1 = top + (int)((long)used_h * (row + 1) / g->rows);
    return (layout_rect){x0, y0, x1 - x0, y1 - y0};
}

void screen_review_strip_page(layout_rect box, int count, int ply, int *first, int *shown)
{
    strip_geom g = strip_geometry(box, count, ply);
    *first = g.first;
    *shown = g.shown;
}

layout_rect screen_review_cell_rect(layout_rect box, int count, int ply, int i)
{
    strip_geom g = strip_geometry(box, count, ply);
    if (i < g.first || i >= g.first + g.shown) return (layout_rect){0, 0, 0, 0};
    return cell_on_page(&g, i);
}

int screen_review_cell_at(layout_rect box, int count, int ply, int x, int y)
{
    if (count <= 0 || !layout_rect_contains(box, x, y)) return -1;
    strip_geom g = strip_geometry(box, count, ply);
    if (g.paged && layout_rect_contains(g.back, x, y))
        return g.first > 0 ? SCREEN_REVIEW_PAGE_BACK : -1;
    if (g.paged && layout_rect_contains(g.on, x, y))
        return g.first + g.shown < count ? SCREEN_REVIEW_PAGE_ON : -1;
    for (int i = g.first; i < g.first + g.shown; i++)
        if (layout_rect_contains(cell_on_page(&g, i), x, y)) return i;
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
    strip_geom g = strip_geometry(box, count, 0);
    layout_rect first = cell_on_page(&g, 0);
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

/* The paging arrows at the strip's ends: a triangle pointing out, solid
 * where there is a page that way, faint where there is none. */
static void draw_page_arrows(draw_ctx *d, const app_state *app, const strip_geom *g, int count)
{
    for (int side = 0; side < 2; side++) {
        layout_rect a = side == 0 ? g->back : g->on;
        bool more = side == 0 ? g->first > 0 : g->first + g->shown < count;
        float cx = (float)a.x + (float)a.w * 0.5f, cy = (float)a.y + (float)a.h * 0.5f;
        float half = fminf((float)a.w * STRIP_ARROW_FRACTION, (float)a.h * 0.3f);
        float dir = side == 0 ? -1.0f : 1.0f;
        const float tri[3][2] = {{cx + dir * half, cy},
                                 {cx - dir * half * 0.6f, cy - half},
                                 {cx - dir * half * 0.6f, cy + half}};
        theme_color c = draw_color(app, THEME_TEXT_MUTED);
        shape_polygon(&d->shapes, tri, 3, more ? c : theme_fade(c, STRIP_PENDING_ALPHA * 0.5f));
    }
}

void screen_review_draw_strip(draw_ctx *d, const app_state *app, const view_review *v,
                              layout_rect box)
{
    int count = v->strip_count;
    if (count <= 0) return;
    strip_geom g = strip_geometry(box, count, v->ply);
    layout_rect first = cell_on_page(&g, g.first);
    int gap = strip_gap(first);
    int text_px = screen_review_strip_text_px(box, count);
    if (g.paged) draw_page_arrows(d, app, &g, count);
    for (int i = g.first; i < g.first + g.shown; i++) {
        const view_strip_cell *c = &v->strip[i];
        layout_rect r = draw_inset_rect(cell_on_page(&g, i), gap / 2 + 1);
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

layout_rect screen_review_better_rect(const app_state *app, const view_review *v)
{
    const layout *l = &app->layout;
    if (!v->has_better) return (layout_rect){0, 0, 0, 0};
    const view_game *g = &app->view.game;
    int at = v->better.row * l->board_size + v->better.col;
    layout_rect sq = draw_square_rect(l, v->better.row, v->better.col);
    /* Words on the square: a proven outcome, or the best guess's "Best"
     * (a shade alone has none). */
    bool labelled = g->hint_shown && at >= 0 && at < l->board_size * l->board_size &&
                    g->hints[at].kind != VIEW_HINT_NONE && g->hints[at].kind != VIEW_HINT_UNKNOWN;
    if (labelled) {
        /* A hint's words fill the square's middle: the mark goes small in
         * its top-left corner, clear of them. */
        int side = (int)((float)l->cell * BETTER_CORNER_FRACTION);
        int inset = (int)ceilf(l->grid_thickness * 0.5f) + 1;
        return (layout_rect){sq.x + inset, sq.y + inset, side, side};
    }
    float cx, cy;
    layout_square_center(l, v->better.row, v->better.col, &cx, &cy);
    float r = l->mark_radius * BETTER_MARK_SCALE + l->mark_thickness * 0.5f;
    return (layout_rect){(int)floorf(cx - r), (int)floorf(cy - r), (int)ceilf(2.0f * r),
                         (int)ceilf(2.0f * r)};
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
        layout_rect box = screen_review_better_rect(app, v);
        float cx = (float)box.x + (float)box.w * 0.5f, cy = (float)box.y + (float)box.h * 0.5f;
        float r = (float)box.w * 0.5f;
        bool small = r < l->mark_radius * BETTER_MARK_SCALE * 0.75f;
        theme_color c =
            theme_fade(draw_color(app, v->better_mover == TTT_PLAYER_O ? THEME_O : THEME_X),
                       small ? BETTER_CORNER_ALPHA : BETTER_MARK_ALPHA);
        float stroke = small ? fmaxf(1.5f, r * BETTER_CORNER_STROKE) : l->mark_thickness;
        r -= small ? stroke * 0.5f : 0.0f;
        if (v->better_mover == TTT_PLAYER_O)
            shape_ring(&d->shapes, cx, cy, r, stroke, c);
        else
            shape_cross(&d->shapes, cx, cy, r * DRAW_CROSS_HALF_FRACTION, stroke, c);
    }
}
