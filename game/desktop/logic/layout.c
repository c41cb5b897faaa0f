/*
 * layout.c - geometry of the main screen and the settings menu (see layout.h).
 *
 * Sizes are fractions of the window's smaller side ("unit") so the game looks
 * the same at any size and aspect; only the placement uses the full width and
 * height.
 */
#include "layout.h"

#include <math.h>
#include <stddef.h>

/* Main screen proportions, as fractions of the smaller window side. */
#define PAD_FRACTION 0.04
#define GAP_FRACTION 0.025
#define STATUS_HEIGHT_FRACTION 0.085
#define RULE_HEIGHT_FRACTION 0.04
#define SCORES_HEIGHT_FRACTION 0.065
#define BUTTON_HEIGHT_FRACTION 0.075
#define BUTTON_WIDTH_FRACTION 0.21
#define BUTTON_GAP_FRACTION 0.02
/* Under the board: one row of buttons while their labels fit at this
 * fraction of the buttons' text size or more; else two rows, whose buttons
 * may be this wide (of the unit). */
#define BUTTON_ONE_ROW_MIN_TEXT_FRACTION 0.75
#define BUTTON_TWO_ROW_WIDTH_FRACTION 0.30
#define BUTTON_TWO_ROW_COUNT 2
#define CORNER_FRACTION 0.018
#define TEXT_ROW_MAX_FRACTION 1.1 /* Widest score or overlay row, in units. */
/* Side-by-side layout: the text column's narrowest and widest, in units, and
 * how much larger the board must get to be worth it. */
#define LANDSCAPE_COLUMN_MIN_FRACTION 0.55
#define LANDSCAPE_COLUMN_MAX_FRACTION 0.80
#define LANDSCAPE_MIN_GAIN 1.08
#define LANDSCAPE_SCORE_ROWS 3
#define LANDSCAPE_BUTTONS_PER_ROW 2
/* Beside the board the buttons go two by two, Undo next to Redo. */
static const int LANDSCAPE_BUTTON_SLOT[LAYOUT_BUTTON_COUNT] = {[LAYOUT_BUTTON_NEW_GAME] = 0,
                                                               [LAYOUT_BUTTON_HINT] = 1,
                                                               [LAYOUT_BUTTON_UNDO] = 2,
                                                               [LAYOUT_BUTTON_REDO] = 3,
                                                               [LAYOUT_BUTTON_SETTINGS] = 4};
/* Text heights as fractions of their boxes. */
#define STATUS_FONT_FRACTION 0.52
#define RULE_FONT_FRACTION 0.72
#define SCORES_FONT_FRACTION 0.55
#define BUTTON_FONT_FRACTION 0.42
#define SMALL_FONT_FRACTION 0.024
/* Overlay line spacing, in text heights, and its widest box, of the unit. */
#define OVERLAY_LINE_HEIGHT_FACTOR 1.4
#define OVERLAY_WIDTH_FRACTION 0.92
/* The overlay's text, of the unit: smaller than the game's small text, as it
 * sits over the game. */
#define OVERLAY_FONT_FRACTION 0.018
/* Strokes as fractions of one square. */
#define GRID_LINE_FRACTION 0.035
#define MARK_STROKE_FRACTION 0.10
#define MARK_RADIUS_FRACTION 0.31
#define STRIKE_STROKE_FRACTION 0.085
/* Smallest text drawn, in pixels; below it glyphs are unreadable. */
#define MIN_FONT_PX LAYOUT_MIN_READABLE_PX

/* Menu proportions. */
#define MENU_WIDTH_OF_HEIGHT 1.05
#define MENU_WIDTH_FRACTION 0.94
#define MENU_HEIGHT_FRACTION 0.92
#define MENU_LABEL_ROWS 0.72 /* Height of a row's label line, in control rows. */
#define MENU_INNER_PAD_FRACTION 0.045
#define MENU_SEGMENT_GAP_FRACTION 0.012
#define MENU_ROW_FILL_FRACTION 0.86
#define MENU_TITLE_ROWS 1.2
#define MENU_NOTE_ROWS 1.4 /* Two lines of the note. */
#define MENU_DONE_ROWS 1.2
#define MENU_DONE_WIDTH_FRACTION 0.34
#define MENU_LABEL_FONT_FRACTION 0.78  /* Of the label line. */
#define MENU_OPTION_FONT_FRACTION 0.62 /* Of a choice's height. */
#define MENU_TITLE_FONT_FRACTION 0.50
#define MENU_NOTE_FONT_FRACTION 0.36 /* Of the note's two lines together. */
/* The width of a character of a choice's text (bold), in text heights, and
 * the longest label assumed when none are given ("Unbeatable"); the inset on
 * each side of a choice's text, as a fraction of its height. */
#define MENU_OPTION_CHAR_EMS 0.66
#define MENU_OPTION_DEFAULT_CHARS 10
#define MENU_OPTION_INSET_FRACTION 0.125
/* Two menu columns once the window is this much wider than tall; the panel
 * is then at most this many times as wide as it is tall. */
#define MENU_TWO_COLUMN_ASPECT 1.2
#define MENU_TWO_COLUMN_WIDTH_OF_HEIGHT 1.9

static int imax(int a, int b)
{
    return a > b ? a : b;
}

static int imin(int a, int b)
{
    return a < b ? a : b;
}

static int frac(int unit, double fraction)
{
    return (int)lround((double)unit * fraction);
}

static int font_px(int box, double fraction)
{
    return imax(MIN_FONT_PX, frac(box, fraction));
}

/* Touch-screen minimums (layout_set_touch_minimums), 0: none. */
static int touch_target_px, touch_text_px;

void layout_set_touch_minimums(int target_px, int text_px)
{
    touch_target_px = imax(0, target_px);
    touch_text_px = imax(0, text_px);
}

/* A box's height raised so that its text (@p font_fraction of it) is at
 * least the touch minimum, and to @p target when it is a control. */
static int touch_box(int h, double font_fraction, bool control)
{
    if (touch_text_px > 0) h = imax(h, (int)ceil((double)touch_text_px / font_fraction));
    if (control) h = imax(h, touch_target_px);
    return h;
}

bool layout_rect_contains(layout_rect r, int x, int y)
{
    return x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h;
}

void layout_compute(layout *out, int width, int height, int board_size, bool overlay)
{
    layout_compute_labelled(out, width, height, board_size, overlay, NULL, 0.0);
}

/* The main screen's measures for one output size, before anything is
 * placed: heights of each row, the button sizes, the cell size each way. */
typedef struct measures {
    int w, h, n, unit;
    int gap, status_h, rule_h, scores_h, button_h;
    int small_px, button_px;
    int button_w, button_gap, inset;
    double ems[LAYOUT_BUTTON_COUNT]; /* Each label's width in text heights. */
    int row_px;                      /* The labels' size with all buttons in one row. */
    int under_rows; /* Rows of buttons under the board: 1 or BUTTON_TWO_ROW_COUNT. */
    int chrome;     /* Height of everything but the board, portrait. */
    int portrait_cell, landscape_cell, col_w;
} measures;

static measures measure(layout *out, int width, int height, int board_size,
                        const double *button_label_ems, double row_ems)
{
    measures m;
    m.w = imax(width, 1);
    m.h = imax(height, 1);
    m.n = board_size < 1 ? 1 : board_size;
    m.unit = imin(m.w, m.h);
    out->pad = imax(1, frac(m.unit, PAD_FRACTION));
    m.gap = imax(1, frac(m.unit, GAP_FRACTION));
    m.status_h = imax(1, frac(m.unit, STATUS_HEIGHT_FRACTION));
    m.rule_h = imax(1, frac(m.unit, RULE_HEIGHT_FRACTION));
    m.scores_h = imax(1, frac(m.unit, SCORES_HEIGHT_FRACTION));
    m.button_h = imax(1, frac(m.unit, BUTTON_HEIGHT_FRACTION));
    m.status_h = touch_box(m.status_h, STATUS_FONT_FRACTION, false);
    m.rule_h = touch_box(m.rule_h, RULE_FONT_FRACTION, false);
    m.scores_h = touch_box(m.scores_h, SCORES_FONT_FRACTION, false);
    m.button_h = touch_box(m.button_h, BUTTON_FONT_FRACTION, true);
    m.small_px = font_px(m.unit, SMALL_FONT_FRACTION);
    m.button_w = imax(1, frac(m.unit, BUTTON_WIDTH_FRACTION));
    m.button_gap = frac(m.unit, BUTTON_GAP_FRACTION);
    m.button_px = font_px(m.button_h, BUTTON_FONT_FRACTION);
    m.inset = frac(m.button_h, LAYOUT_BUTTON_LABEL_INSET_FRACTION);
    double sum = 0.0;
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        double e = button_label_ems ? button_label_ems[i] : LAYOUT_BUTTON_LABEL_EMS_DEFAULT;
        m.ems[i] = e > 0.0 ? e : LAYOUT_BUTTON_LABEL_EMS_DEFAULT;
        sum += m.ems[i];
    }
    /* Under the board: one row of buttons, each as wide as its label, or
     * two rows when the labels (the widest set of them) would shrink too far
     * in one. */
    int room = m.w - 2 * out->pad - (LAYOUT_BUTTON_COUNT - 1) * m.button_gap -
               LAYOUT_BUTTON_COUNT * 2 * m.inset;
    double widest = row_ems > sum ? row_ems : sum;
    double fit_px = (double)room / widest;
    m.row_px = imin(m.button_px, (int)fit_px);
    bool one_row = fit_px >= (double)m.button_px * BUTTON_ONE_ROW_MIN_TEXT_FRACTION &&
                   fit_px >= (double)touch_text_px;
    m.under_rows = one_row ? 1 : BUTTON_TWO_ROW_COUNT;
    m.chrome = m.status_h + m.rule_h + m.scores_h + m.under_rows * m.button_h +
               (m.under_rows - 1) * m.button_gap + 3 * m.gap;
    int avail = imin(m.w - 2 * out->pad, m.h - 2 * out->pad - m.chrome);
    m.portrait_cell = imax(1, avail / m.n);
    /* Beside the board the text needs a column of at least its narrowest
     * width: the board gives way to it rather than the layout staying tall
     * in a wide window. */
    int col_min = frac(m.unit, LANDSCAPE_COLUMN_MIN_FRACTION);
    m.landscape_cell =
        imax(1, imin((m.h - 2 * out->pad) / m.n, (m.w - 2 * out->pad - 2 * m.gap - col_min) / m.n));
    m.col_w = imin(m.w - m.landscape_cell * m.n - 2 * out->pad - 2 * m.gap,
                   frac(m.unit, LANDSCAPE_COLUMN_MAX_FRACTION));
    return m;
}

/* The performance overlay's box, in small text: beside the board, above
 * the text's column, when a landscape window leaves room there (it then
 * covers nothing); else the top-left corner (layout_compute_labelled()
 * then lays the game out under it). */
static void place_overlay(layout *out, const measures *m)
{
    int px = font_px(m->unit, OVERLAY_FONT_FRACTION);
    int h = (int)lround((double)px * OVERLAY_LINE_HEIGHT_FACTOR * LAYOUT_OVERLAY_LINES) + px;
    int margin = imax(1, out->pad / 3);
    int w = imin(m->w - 2 * margin, frac(m->unit, OVERLAY_WIDTH_FRACTION));
    out->overlay = (layout_rect){margin, margin, w, h};
    if (out->landscape) {
        int x = out->board.x + out->board.w + margin;
        layout_rect beside = {x, margin, imin(w, m->w - margin - x), h};
        if (beside.y + beside.h + margin <= out->status.y &&
            beside.w >= frac(m->unit, LANDSCAPE_COLUMN_MIN_FRACTION))
            out->overlay = beside;
    }
    out->font_small_px = px;
}

/* Wide windows: the board takes the full height on the left, the text a
 * column on its right, the buttons two by two under it. */
static void place_landscape(layout *out, const measures *m)
{
    out->button_rows =
        (LAYOUT_BUTTON_COUNT + LANDSCAPE_BUTTONS_PER_ROW - 1) / LANDSCAPE_BUTTONS_PER_ROW;
    out->cell = m->landscape_cell;
    int side = out->cell * m->n;
    int content_w = side + 2 * m->gap + m->col_w;
    int x0 = (m->w - content_w) / 2;
    out->board = (layout_rect){x0, (m->h - side) / 2, side, side};
    int cx0 = x0 + side + 2 * m->gap;
    int stacked_scores_h = LANDSCAPE_SCORE_ROWS * m->scores_h;
    int buttons_h = out->button_rows * m->button_h + (out->button_rows - 1) * m->button_gap;
    int col_h = m->status_h + m->rule_h + stacked_scores_h + buttons_h + 2 * m->gap;
    int y = imax(0, (m->h - col_h) / 2);
    out->status = (layout_rect){cx0, y, m->col_w, m->status_h};
    y += m->status_h;
    out->rule = (layout_rect){cx0, y, m->col_w, m->rule_h};
    y += m->rule_h + m->gap;
    out->scores = (layout_rect){cx0, y, m->col_w, stacked_scores_h};
    y += stacked_scores_h + m->gap;
    int per_row = LANDSCAPE_BUTTONS_PER_ROW;
    int button_w = imax(1, (m->col_w - (per_row - 1) * m->button_gap) / per_row);
    int row_w = per_row * button_w + (per_row - 1) * m->button_gap;
    int bx0 = cx0 + (m->col_w - row_w) / 2;
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        int slot = LANDSCAPE_BUTTON_SLOT[i];
        int bx = bx0 + (slot % per_row) * (button_w + m->button_gap);
        int by = y + (slot / per_row) * (m->button_h + m->button_gap);
        /* A last button alone in its row is centred. */
        if (slot == LAYOUT_BUTTON_COUNT - 1 && LAYOUT_BUTTON_COUNT % per_row != 0)
            bx = bx0 + (row_w - button_w) / 2;
        out->buttons[i] = (layout_rect){bx, by, button_w, m->button_h};
    }
}

/* One row under the board: each button as wide as its label needs at the
 * row's text size, the narrow ones evened out to a common width (water
 * filling), the row at most as wide as five preferred buttons. */
static void place_one_row(layout *out, const measures *m, int y)
{
    int need[LAYOUT_BUTTON_COUNT], total_need = 0;
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        need[i] = (int)ceil(m->ems[i] * (double)m->row_px) + 2 * m->inset + 1;
        total_need += need[i];
    }
    int gaps = (LAYOUT_BUTTON_COUNT - 1) * m->button_gap;
    int target = imin(m->w - 2 * out->pad - gaps, LAYOUT_BUTTON_COUNT * m->button_w);
    target = imax(target, total_need);
    /* The common width E of the buttons whose label needs less: what is
     * left once the wider ones have theirs, shared out. */
    int even = target / LAYOUT_BUTTON_COUNT;
    for (int round = 0; round < LAYOUT_BUTTON_COUNT; round++) {
        int rest = target, count = 0;
        for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
            if (need[i] > even)
                rest -= need[i];
            else
                count++;
        }
        int next = count > 0 ? rest / count : even;
        if (next == even) break;
        even = next;
    }
    int widths[LAYOUT_BUTTON_COUNT], row_w = gaps;
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        widths[i] = imax(need[i], even);
        row_w += widths[i];
    }
    int x = (m->w - row_w) / 2;
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        out->buttons[i] = (layout_rect){x, y, widths[i], m->button_h};
        x += widths[i] + m->button_gap;
    }
}

/* The usual column: status, rule, board, scores and buttons, centred. */
static void place_portrait(layout *out, const measures *m)
{
    out->cell = m->portrait_cell;
    int side = out->cell * m->n;
    /* Centre the whole column (status, board, scores, buttons) vertically;
     * on a touch screen the status and the board at the top, the buttons
     * at the bottom, within a thumb's reach. */
    bool touch = touch_target_px > 0;
    int y = touch ? out->pad : imax(0, (m->h - (m->chrome + side)) / 2);
    int cx = m->w / 2;
    /* Rows of text keep to a readable width in wide windows. */
    int text_w = imin(m->w - 2 * out->pad, imax(side, frac(m->unit, TEXT_ROW_MAX_FRACTION)));
    int text_x = (m->w - text_w) / 2;
    out->status = (layout_rect){out->pad, y, m->w - 2 * out->pad, m->status_h};
    y += m->status_h;
    out->rule = (layout_rect){out->pad, y, m->w - 2 * out->pad, m->rule_h};
    y += m->rule_h + m->gap;
    out->board = (layout_rect){cx - side / 2, y, side, side};
    y += side + m->gap;
    out->scores = (layout_rect){text_x, y, text_w, m->scores_h};
    y += m->scores_h + m->gap;
    if (touch) {
        int buttons_h = m->under_rows * m->button_h + (m->under_rows - 1) * m->button_gap;
        y = imax(y, m->h - out->pad - buttons_h);
    }
    out->button_rows = m->under_rows;
    if (m->under_rows == 1) {
        place_one_row(out, m, y);
        return;
    }
    /* Two rows (the first one fuller), the buttons of a row alike. */
    int per_row = (LAYOUT_BUTTON_COUNT + m->under_rows - 1) / m->under_rows;
    int button_w = imax(1, imin(frac(m->unit, BUTTON_TWO_ROW_WIDTH_FRACTION),
                                (m->w - 2 * out->pad - (per_row - 1) * m->button_gap) / per_row));
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        int row = i / per_row;
        int in_row = imin(per_row, LAYOUT_BUTTON_COUNT - row * per_row);
        int row_w = in_row * button_w + (in_row - 1) * m->button_gap;
        int bx = cx - row_w / 2 + (i % per_row) * (button_w + m->button_gap);
        int by = y + row * (m->button_h + m->button_gap);
        out->buttons[i] = (layout_rect){bx, by, button_w, m->button_h};
    }
}

static bool rects_overlap(layout_rect a, layout_rect b)
{
    return a.w > 0 && a.h > 0 && b.w > 0 && b.h > 0 && a.x < b.x + b.w && b.x < a.x + a.w &&
           a.y < b.y + b.h && b.y < a.y + a.h;
}

/* Does the overlay's box cover anything of the game? */
static bool overlay_covers(const layout *l)
{
    if (rects_overlap(l->overlay, l->status) || rects_overlap(l->overlay, l->rule) ||
        rects_overlap(l->overlay, l->board) || rects_overlap(l->overlay, l->scores))
        return true;
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++)
        if (rects_overlap(l->overlay, l->buttons[i])) return true;
    return false;
}

/* Move everything but the overlay @p dy pixels down. */
static void shift_down(layout *l, int dy)
{
    l->status.y += dy;
    l->rule.y += dy;
    l->board.y += dy;
    l->scores.y += dy;
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++)
        l->buttons[i].y += dy;
}

void layout_compute_labelled(layout *out, int width, int height, int board_size, bool overlay,
                             const double *button_label_ems, double row_ems)
{
    out->width = width;
    out->height = height;
    measures m = measure(out, width, height, board_size, button_label_ems, row_ems);
    out->board_size = m.n;
    /* Wide windows (a landscape monitor, fullscreen): landscape when the
     * text's column is wide enough and the board gains noticeably. */
    out->landscape = m.w > m.h && m.col_w >= frac(m.unit, LANDSCAPE_COLUMN_MIN_FRACTION) &&
                     (double)m.landscape_cell > (double)m.portrait_cell * LANDSCAPE_MIN_GAIN;
    if (out->landscape)
        place_landscape(out, &m);
    else
        place_portrait(out, &m);
    out->font_small_px = m.small_px;
    out->overlay = (layout_rect){0, 0, 0, 0};
    if (overlay) {
        place_overlay(out, &m);
        if (overlay_covers(out)) {
            /* No room beside the board: the overlay keeps its strip at the
             * top and the rest is laid out under it. */
            layout_rect strip = out->overlay;
            int small_px = out->font_small_px;
            int top = strip.y + strip.h;
            layout_compute_labelled(out, width, imax(1, height - top), board_size, false,
                                    button_label_ems, row_ems);
            out->height = height;
            shift_down(out, top);
            out->overlay = strip;
            out->font_small_px = small_px;
            return;
        }
    }

    float cell = (float)out->cell;
    out->grid_thickness = fmaxf(1.0f, cell * (float)GRID_LINE_FRACTION);
    out->mark_thickness = fmaxf(1.5f, cell * (float)MARK_STROKE_FRACTION);
    out->mark_radius = cell * (float)MARK_RADIUS_FRACTION;
    out->strike_thickness = fmaxf(2.0f, cell * (float)STRIKE_STROKE_FRACTION);
    out->corner_radius = (float)imax(1, frac(m.unit, CORNER_FRACTION));
    out->font_status_px = font_px(m.status_h, STATUS_FONT_FRACTION);
    out->font_rule_px = font_px(m.rule_h, RULE_FONT_FRACTION);
    out->font_score_px = font_px(m.scores_h, SCORES_FONT_FRACTION);
    out->score_rows = out->landscape ? LANDSCAPE_SCORE_ROWS : 1;
    out->font_button_px = out->button_rows == 1 && !out->landscape ? m.row_px : m.button_px;
}

bool layout_square_at(const layout *l, int x, int y, int *row, int *col)
{
    if (!layout_rect_contains(l->board, x, y) || l->cell <= 0) return false;
    int c = (x - l->board.x) / l->cell;
    int r = (y - l->board.y) / l->cell;
    if (r < 0 || c < 0 || r >= l->board_size || c >= l->board_size) return false;
    *row = r;
    *col = c;
    return true;
}

void layout_square_center(const layout *l, int row, int col, float *cx, float *cy)
{
    *cx = (float)l->board.x + ((float)col + 0.5f) * (float)l->cell;
    *cy = (float)l->board.y + ((float)row + 0.5f) * (float)l->cell;
}

layout_button layout_button_at(const layout *l, int x, int y)
{
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++)
        if (layout_rect_contains(l->buttons[i], x, y)) return (layout_button)i;
    return LAYOUT_BUTTON_NONE;
}

void layout_window_to_output(int wx, int wy, int win_w, int win_h, int out_w, int out_h, int *ox,
                             int *oy)
{
    if (win_w <= 0 || win_h <= 0 || out_w <= 0 || out_h <= 0) {
        *ox = wx;
        *oy = wy;
        return;
    }
    /* Scale the point's position, not its pixel's corner: a window point
     * covers scale x scale output pixels and this picks the first of them. */
    *ox = (int)floor((double)wx * (double)out_w / (double)win_w);
    *oy = (int)floor((double)wy * (double)out_h / (double)win_h);
}

/* ------------------------------------------------------------------------- */
/* Menu                                                                      */
/* ------------------------------------------------------------------------- */

/* The menu in @p columns columns. */
/* Row @p r's control split into @p n segments @p gap apart, the last one
 * absorbing the rounding so the row ends flush. @return a segment's width. */
static int place_segments(layout_menu_row *r, int n, int gap)
{
    layout_rect c = r->control;
    int seg_w = (c.w - (n - 1) * gap) / n;
    for (int j = 0; j < n; j++) {
        int sx = c.x + j * (seg_w + gap);
        int sw = (j == n - 1) ? c.x + c.w - sx : seg_w;
        r->options[j] = (layout_rect){sx, c.y, sw, c.h};
    }
    return seg_w;
}

static void menu_in_columns(layout_menu *out, int w, int h, int rows, const int *option_counts,
                            const int *option_chars, int columns)
{
    int unit = imin(w, h);
    int panel_h = frac(h, MENU_HEIGHT_FRACTION);
    int panel_w =
        imin(frac(w, MENU_WIDTH_FRACTION),
             frac(panel_h, columns == 2 ? MENU_TWO_COLUMN_WIDTH_OF_HEIGHT : MENU_WIDTH_OF_HEIGHT));
    out->columns = columns;
    out->panel = (layout_rect){(w - panel_w) / 2, (h - panel_h) / 2, panel_w, panel_h};
    out->corner_radius = (float)imax(1, frac(unit, CORNER_FRACTION));

    int inner = imax(1, frac(panel_w, MENU_INNER_PAD_FRACTION));
    int content_x = out->panel.x + inner;
    int content_w = panel_w - 2 * inner;
    int rows_per_col = (rows + columns - 1) / columns;
    int col_gap = columns > 1 ? inner : 0;
    int col_w = (content_w - (columns - 1) * col_gap) / columns;
    /* Each row is a label line above a full-width control, so five choices
     * ("Unbeatable" among them) fit even in a narrow window. */
    double slots = (double)rows_per_col * (MENU_LABEL_ROWS + 1.0) + MENU_TITLE_ROWS +
                   MENU_NOTE_ROWS + MENU_DONE_ROWS;
    double row_h = (double)(panel_h - 2 * inner) / slots;
    int rh = imax(1, (int)row_h);
    int label_h = imax(1, (int)(row_h * MENU_LABEL_ROWS));
    double y = (double)(out->panel.y + inner);

    out->title = (layout_rect){content_x, (int)y, content_w, (int)(row_h * MENU_TITLE_ROWS)};
    y += row_h * MENU_TITLE_ROWS;

    int fill_h = imax(1, frac(rh, MENU_ROW_FILL_FRACTION));
    int seg_gap = frac(col_w, MENU_SEGMENT_GAP_FRACTION);
    int inset = frac(fill_h, MENU_OPTION_INSET_FRACTION);
    /* The choices' text: as tall as the row allows, and no wider than any
     * row's segments allow for its longest label. */
    int option_px = frac(fill_h, MENU_OPTION_FONT_FRACTION);

    out->row_count = rows;
    double rows_top = y;
    for (int i = 0; i < rows; i++) {
        layout_menu_row *r = &out->rows[i];
        int column = i / rows_per_col;
        int x0 = content_x + column * (col_w + col_gap);
        int ry = (int)(rows_top + row_h * (MENU_LABEL_ROWS + 1.0) * (double)(i % rows_per_col));
        int cy = ry + label_h + (rh - fill_h) / 2;
        r->row = (layout_rect){x0, ry, col_w, label_h + rh};
        r->label = (layout_rect){x0, ry, col_w, label_h};
        r->control = (layout_rect){x0, cy, col_w, fill_h};
        int n = option_counts ? imin(imax(option_counts[i], 0), LAYOUT_MENU_MAX_OPTIONS) : 0;
        r->option_count = n;
        if (n > 0) {
            int seg_w = place_segments(r, n, seg_gap);
            int chars = option_chars ? imax(1, option_chars[i]) : MENU_OPTION_DEFAULT_CHARS;
            option_px = imin(option_px, (int)((double)(seg_w - 2 * inset) /
                                              ((double)chars * MENU_OPTION_CHAR_EMS)));
        }
    }
    y = rows_top + row_h * (MENU_LABEL_ROWS + 1.0) * (double)rows_per_col;

    out->note = (layout_rect){content_x, (int)y, content_w, (int)(row_h * MENU_NOTE_ROWS)};
    y += row_h * MENU_NOTE_ROWS;
    int done_w = frac(content_w, MENU_DONE_WIDTH_FRACTION);
    int done_h = imax(1, frac((int)(row_h * MENU_DONE_ROWS), MENU_ROW_FILL_FRACTION));
    out->done =
        (layout_rect){content_x + (content_w - done_w) / 2,
                      (int)y + ((int)(row_h * MENU_DONE_ROWS) - done_h) / 2, done_w, done_h};

    out->font_px = font_px(label_h, MENU_LABEL_FONT_FRACTION);
    out->font_title_px = font_px((int)(row_h * MENU_TITLE_ROWS), MENU_TITLE_FONT_FRACTION);
    out->font_note_px = font_px(out->note.h, MENU_NOTE_FONT_FRACTION);
    out->option_inset = inset;
    out->font_option_px = imax(MIN_FONT_PX, option_px);
    /* Labels and the note a little larger than the choices, not twice. */
    out->font_px = imax(MIN_FONT_PX, imin(out->font_px, out->font_option_px * 4 / 3));
    out->font_note_px = imax(MIN_FONT_PX, imin(out->font_note_px, out->font_px));
}

void layout_menu_compute(layout_menu *out, int width, int height, int row_count,
                         const int *option_counts, const int *option_chars)
{
    int w = imax(width, 1);
    int h = imax(height, 1);
    int rows = imin(imax(row_count, 0), LAYOUT_MENU_MAX_ROWS);
    menu_in_columns(out, w, h, rows, option_counts, option_chars, 1);
    /* Two columns in wide windows, when the text gets no smaller for it. */
    if (rows > 1 && (double)w >= (double)h * MENU_TWO_COLUMN_ASPECT) {
        layout_menu two;
        menu_in_columns(&two, w, h, rows, option_counts, option_chars, 2);
        if (two.font_option_px >= out->font_option_px && two.font_px >= out->font_px) *out = two;
    }
}

double layout_menu_slider_value(const layout_menu *m, int row, int x)
{
    if (row < 0 || row >= m->row_count) return 0.0;
    layout_rect t = m->rows[row].control;
    if (t.w <= 1) return 0.0;
    double v = (double)(x - t.x) / (double)(t.w - 1);
    return v < 0.0 ? 0.0 : (v > 1.0 ? 1.0 : v);
}

layout_menu_hit layout_menu_hit_test(const layout_menu *m, int x, int y)
{
    layout_menu_hit hit = {-1, -1, 0.0, false, false};
    hit.inside = layout_rect_contains(m->panel, x, y);
    if (!hit.inside) return hit;
    if (layout_rect_contains(m->done, x, y)) {
        hit.done = true;
        return hit;
    }
    for (int i = 0; i < m->row_count; i++) {
        const layout_menu_row *r = &m->rows[i];
        if (!layout_rect_contains(r->row, x, y)) continue;
        if (r->option_count == 0) {
            /* A slider reacts across its whole row height for easy grabbing. */
            if (x >= r->control.x && x < r->control.x + r->control.w) {
                hit.row = i;
                hit.value = layout_menu_slider_value(m, i, x);
            }
            return hit;
        }
        for (int j = 0; j < r->option_count; j++) {
            if (layout_rect_contains(r->options[j], x, y)) {
                hit.row = i;
                hit.option = j;
                return hit;
            }
        }
        return hit;
    }
    return hit;
}

/* ------------------------------------------------------------------------- */
/* Lists                                                                     */
/* ------------------------------------------------------------------------- */

/* A list panel, as fractions of the window's unit: its widest, its rows'
 * tallest (a game button's), the title's and the note's heights in rows. */
#define LIST_WIDTH_FRACTION 0.92
#define LIST_MAX_WIDTH_OF_UNIT 1.1
#define LIST_ROW_FRACTION BUTTON_HEIGHT_FRACTION
#define LIST_ROW_GAP_FRACTION 0.16 /* Of a row. */
#define LIST_TITLE_ROWS 1.3
#define LIST_TAB_ROWS 1.0
#define LIST_NOTE_ROWS 0.9
#define LIST_HEIGHT_FRACTION 0.92
#define LIST_FONT_FRACTION 0.42
#define LIST_TITLE_FONT_FRACTION 0.5
#define LIST_NOTE_FONT_FRACTION 0.55

void layout_list_compute(layout_list *out, int width, int height, int rows, int tabs)
{
    int w = imax(width, 1), h = imax(height, 1);
    int unit = imin(w, h);
    rows = imin(imax(rows, 0), LAYOUT_LIST_MAX_ROWS);
    tabs = imin(imax(tabs, 0), LAYOUT_MENU_MAX_OPTIONS);
    int panel_w = imin(frac(w, LIST_WIDTH_FRACTION), frac(unit, LIST_MAX_WIDTH_OF_UNIT));
    int inner = imax(1, frac(unit, PAD_FRACTION));
    /* Rows as tall as buttons, or shorter so that all fit. */
    double slots = (double)rows * (1.0 + LIST_ROW_GAP_FRACTION) + LIST_TITLE_ROWS + LIST_NOTE_ROWS +
                   (tabs > 0 ? LIST_TAB_ROWS + LIST_ROW_GAP_FRACTION : 0.0);
    double row_h = (double)touch_box(frac(unit, LIST_ROW_FRACTION), LIST_FONT_FRACTION, true);
    double most = (double)(frac(h, LIST_HEIGHT_FRACTION) - 2 * inner) / slots;
    if (row_h > most) row_h = most;
    int panel_h = (int)(row_h * slots) + 2 * inner;
    out->panel = (layout_rect){(w - panel_w) / 2, (h - panel_h) / 2, panel_w, panel_h};
    out->corner_radius = (float)imax(1, frac(unit, CORNER_FRACTION));
    int x = out->panel.x + inner, cw = panel_w - 2 * inner;
    double y = (double)(out->panel.y + inner);
    out->title = (layout_rect){x, (int)y, cw, (int)(row_h * LIST_TITLE_ROWS)};
    y += row_h * LIST_TITLE_ROWS;
    out->tab_count = tabs;
    if (tabs > 0) {
        int gap = frac(cw, MENU_SEGMENT_GAP_FRACTION);
        int tw = (cw - (tabs - 1) * gap) / tabs;
        for (int i = 0; i < tabs; i++)
            out->tabs[i] =
                (layout_rect){x + i * (tw + gap), (int)y, i == tabs - 1 ? cw - i * (tw + gap) : tw,
                              (int)(row_h * LIST_TAB_ROWS)};
        y += row_h * (LIST_TAB_ROWS + LIST_ROW_GAP_FRACTION);
    }
    out->row_count = rows;
    for (int i = 0; i < rows; i++) {
        out->rows[i] = (layout_rect){x, (int)y, cw, (int)row_h};
        y += row_h * (1.0 + LIST_ROW_GAP_FRACTION);
    }
    out->note = (layout_rect){x, (int)y, cw, (int)(row_h * LIST_NOTE_ROWS)};
    out->font_px = font_px((int)row_h, LIST_FONT_FRACTION);
    out->font_title_px = font_px(out->title.h, LIST_TITLE_FONT_FRACTION);
    out->font_note_px = imin(out->font_px, font_px(out->note.h, LIST_NOTE_FONT_FRACTION));
}

layout_list_hit layout_list_hit_test(const layout_list *l, int x, int y)
{
    layout_list_hit hit = {layout_rect_contains(l->panel, x, y), -1, -1};
    if (!hit.inside) return hit;
    for (int i = 0; i < l->row_count; i++)
        if (layout_rect_contains(l->rows[i], x, y)) hit.row = i;
    for (int i = 0; i < l->tab_count; i++)
        if (layout_rect_contains(l->tabs[i], x, y)) hit.tab = i;
    return hit;
}
