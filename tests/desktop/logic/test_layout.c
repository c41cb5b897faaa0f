/*
 * test_layout.c - hit-testing and geometry of the desktop game, without SDL:
 * pixels to squares at several window sizes and HiDPI scale factors,
 * including the board's edges and the grid lines, and the menu's controls.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "layout.h"
#include "menu.h"
#include "theme.h"
#include "view.h"

/* Window sizes in points: portrait default, landscape, square, tiny, huge. */
static const int SIZES[][2] = {{720, 820}, {1280, 720}, {600, 600}, {200, 200}, {3000, 1900}};
/* HiDPI scale factors between window points and output pixels. */
static const int SCALES[] = {1, 2, 3};

static bool rects_overlap(layout_rect a, layout_rect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

static void check_board_mapping(const layout *l)
{
    int n = l->board_size;
    int row, col;
    /* Every square's centre maps to that square. */
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            float cx, cy;
            layout_square_center(l, r, c, &cx, &cy);
            assert_true(layout_square_at(l, (int)cx, (int)cy, &row, &col));
            assert_int_equal(row, r);
            assert_int_equal(col, c);
        }
    }
    /* Corners of the board are inside; one pixel beyond is outside. */
    layout_rect b = l->board;
    assert_true(layout_square_at(l, b.x, b.y, &row, &col));
    assert_int_equal(row, 0);
    assert_int_equal(col, 0);
    assert_true(layout_square_at(l, b.x + b.w - 1, b.y + b.h - 1, &row, &col));
    assert_int_equal(row, n - 1);
    assert_int_equal(col, n - 1);
    assert_false(layout_square_at(l, b.x - 1, b.y, &row, &col));
    assert_false(layout_square_at(l, b.x, b.y - 1, &row, &col));
    assert_false(layout_square_at(l, b.x + b.w, b.y, &row, &col));
    assert_false(layout_square_at(l, b.x, b.y + b.h, &row, &col));
    assert_false(layout_square_at(l, -5, -5, &row, &col));

    /* Grid lines: the pixel on a line belongs to the square right of / below
     * it, the pixel just before it to the square on the other side. */
    int mid_y = b.y + l->cell / 2;
    for (int i = 1; i < n; i++) {
        int line_x = b.x + i * l->cell;
        assert_true(layout_square_at(l, line_x, mid_y, &row, &col));
        assert_int_equal(col, i);
        assert_int_equal(row, 0);
        assert_true(layout_square_at(l, line_x - 1, mid_y, &row, &col));
        assert_int_equal(col, i - 1);
        int line_y = b.y + i * l->cell;
        assert_true(layout_square_at(l, b.x + l->cell / 2, line_y, &row, &col));
        assert_int_equal(row, i);
        assert_int_equal(col, 0);
        assert_true(layout_square_at(l, b.x + l->cell / 2, line_y - 1, &row, &col));
        assert_int_equal(row, i - 1);
    }
}

static void check_inside_window(const layout *l)
{
    layout_rect rects[4 + LAYOUT_BUTTON_COUNT] = {l->status, l->rule, l->board, l->scores};
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++)
        rects[4 + i] = l->buttons[i];
    for (size_t i = 0; i < sizeof rects / sizeof rects[0]; i++) {
        assert_true(rects[i].x >= 0);
        assert_true(rects[i].y >= 0);
        assert_true(rects[i].x + rects[i].w <= l->width);
        assert_true(rects[i].y + rects[i].h <= l->height);
    }
    /* The overlay (when shown) in the window's top-left corner; text stacked
     * top to bottom without overlap; the board above the text, or left of
     * it when landscape. */
    if (l->overlay.h > 0) {
        assert_true(l->overlay.x >= 0 && l->overlay.y >= 0);
        assert_true(l->overlay.x + l->overlay.w <= l->width);
        assert_true(l->overlay.y + l->overlay.h <= l->height / 2);
    }
    assert_true(l->status.y + l->status.h <= l->rule.y);
    if (l->landscape) {
        assert_true(l->board.x + l->board.w <= l->status.x);
        assert_true(l->rule.y + l->rule.h <= l->scores.y);
    } else {
        assert_true(l->rule.y + l->rule.h <= l->board.y);
        assert_true(l->board.y + l->board.h <= l->scores.y);
    }
    /* The buttons under the scores, none overlapping another; Redo right
     * of Undo in the same row. */
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        assert_true(l->scores.y + l->scores.h <= l->buttons[i].y);
        for (int j = i + 1; j < LAYOUT_BUTTON_COUNT; j++) {
            layout_rect a = l->buttons[i], b = l->buttons[j];
            assert_true(a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y ||
                        b.y + b.h <= a.y);
        }
    }
    layout_rect undo = l->buttons[LAYOUT_BUTTON_UNDO], redo = l->buttons[LAYOUT_BUTTON_REDO];
    assert_int_equal(undo.y, redo.y);
    assert_true(undo.x + undo.w <= redo.x);
}

static void test_squares_at_every_size_and_scale(void **state)
{
    (void)state;
    for (size_t s = 0; s < sizeof SIZES / sizeof SIZES[0]; s++) {
        for (size_t f = 0; f < sizeof SCALES / sizeof SCALES[0]; f++) {
            for (int n = 3; n <= 8; n++) {
                layout l;
                /* Even sizes with the performance overlay, odd ones without. */
                layout_compute(&l, SIZES[s][0] * SCALES[f], SIZES[s][1] * SCALES[f], n,
                               (n % 2) == 0);
                assert_int_equal(l.board.w, l.cell * n);
                assert_int_equal(l.board.h, l.cell * n);
                assert_true(l.cell >= 1);
                check_board_mapping(&l);
                check_inside_window(&l);
            }
        }
    }
}

static void test_mouse_points_scale_to_pixels(void **state)
{
    (void)state;
    for (size_t f = 0; f < sizeof SCALES / sizeof SCALES[0]; f++) {
        int k = SCALES[f];
        int w = 720, h = 820;
        layout l;
        layout_compute(&l, w * k, h * k, 3, false);
        /* A window point at the centre of each square in points lands in
         * that square in pixels. */
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                float cx, cy;
                layout_square_center(&l, r, c, &cx, &cy);
                int px, py, row, col;
                layout_window_to_output((int)cx / k, (int)cy / k, w, h, w * k, h * k, &px, &py);
                assert_true(layout_square_at(&l, px, py, &row, &col));
                assert_int_equal(row, r);
                assert_int_equal(col, c);
            }
        }
        int ox, oy;
        layout_window_to_output(10, 20, w, h, w * k, h * k, &ox, &oy);
        assert_int_equal(ox, 10 * k);
        assert_int_equal(oy, 20 * k);
        /* The last point of the window maps inside the output. */
        layout_window_to_output(w - 1, h - 1, w, h, w * k, h * k, &ox, &oy);
        assert_true(ox < w * k && oy < h * k);
    }
    /* Non-integer scale (1.5x) and a degenerate window size. */
    int ox, oy;
    layout_window_to_output(100, 100, 800, 600, 1200, 900, &ox, &oy);
    assert_int_equal(ox, 150);
    assert_int_equal(oy, 150);
    layout_window_to_output(7, 9, 0, 0, 100, 100, &ox, &oy);
    assert_int_equal(ox, 7);
    assert_int_equal(oy, 9);
}

static void test_buttons(void **state)
{
    (void)state;
    layout l;
    layout_compute(&l, 720, 820, 3, false);
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        layout_rect b = l.buttons[i];
        assert_int_equal(layout_button_at(&l, b.x + b.w / 2, b.y + b.h / 2), i);
        assert_int_equal(layout_button_at(&l, b.x, b.y), i);
        assert_int_not_equal(layout_button_at(&l, b.x + b.w, b.y + b.h / 2), i);
        assert_int_equal(layout_button_at(&l, b.x + b.w / 2, b.y + b.h), LAYOUT_BUTTON_NONE);
        assert_int_equal(layout_button_at(&l, b.x + b.w / 2, b.y - 1), LAYOUT_BUTTON_NONE);
    }
    /* The board is not a button. */
    assert_int_equal(layout_button_at(&l, l.board.x + 5, l.board.y + 5), LAYOUT_BUTTON_NONE);
}

static void test_layout_follows_window(void **state)
{
    (void)state;
    layout small, big;
    layout_compute(&small, 400, 450, 3, false);
    layout_compute(&big, 800, 900, 3, false);
    /* Twice the window, (about) twice everything: no fixed pixel sizes. */
    assert_in_range(big.cell, 2 * small.cell - 2, 2 * small.cell + 2);
    assert_in_range(big.font_status_px, 2 * small.font_status_px - 2, 2 * small.font_status_px + 2);
    assert_true(big.mark_thickness > small.mark_thickness);
    /* Portrait windows centre the board horizontally. */
    layout tall;
    layout_compute(&tall, 700, 900, 3, false);
    assert_false(tall.landscape);
    int left = tall.board.x;
    int right = tall.width - (tall.board.x + tall.board.w);
    assert_true(abs(left - right) <= 1);
    /* Wide windows put the text beside the board, which then gets bigger. */
    layout wide, narrow;
    layout_compute(&wide, 1600, 700, 3, false);
    layout_compute(&narrow, 700, 700, 3, false);
    assert_true(wide.landscape);
    assert_false(narrow.landscape);
    assert_true(wide.cell > narrow.cell);
}

/* Every window the game allows (no smaller than LAYOUT_MIN_WIDTH x
 * LAYOUT_MIN_HEIGHT), at scale 1: no text below LAYOUT_MIN_READABLE_PX,
 * each no taller than its box, in the game and in the settings. */
static void test_text_readable_at_every_allowed_size(void **state)
{
    (void)state;
    int counts[MENU_ROW_COUNT], chars[MENU_ROW_COUNT];
    menu_option_counts(counts);
    menu_option_chars(chars);
    int twice = 0;
    for (int w = LAYOUT_MIN_WIDTH; w <= 2600; w += 60) {
        for (int h = LAYOUT_MIN_HEIGHT; h <= 1700; h += 55) {
            layout l;
            layout_compute(&l, w, h, 8, true);
            const int fonts[] = {l.font_status_px, l.font_rule_px, l.font_score_px,
                                 l.font_button_px, l.font_small_px};
            for (size_t i = 0; i < sizeof fonts / sizeof fonts[0]; i++)
                if (fonts[i] < LAYOUT_MIN_READABLE_PX)
                    fail_msg("%dx%d: font %zu is %d px", w, h, i, fonts[i]);
            assert_true(l.font_rule_px <= l.rule.h);
            assert_true(l.font_button_px <= l.buttons[0].h);
            layout_menu m;
            layout_menu_compute(&m, w, h, MENU_ROW_COUNT, counts, chars);
            if (m.columns == 2) twice++;
            const int menu_fonts[] = {m.font_px, m.font_option_px, m.font_note_px, m.font_title_px};
            for (size_t i = 0; i < sizeof menu_fonts / sizeof menu_fonts[0]; i++)
                if (menu_fonts[i] < LAYOUT_MIN_READABLE_PX)
                    fail_msg("%dx%d menu: font %zu is %d px", w, h, i, menu_fonts[i]);
            assert_true(m.font_px <= m.rows[0].label.h);
            assert_true(m.font_option_px <= m.rows[0].control.h);
            assert_true(2 * m.font_note_px <= m.note.h);
            /* Rows never overlap each other, the title, the note or Done. */
            for (int r = 0; r < m.row_count; r++) {
                layout_rect a = m.rows[r].row;
                assert_true(a.y >= m.title.y + m.title.h);
                assert_true(a.y + a.h <= m.note.y);
                for (int q = r + 1; q < m.row_count; q++) {
                    layout_rect b = m.rows[q].row;
                    assert_true(a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y ||
                                b.y + b.h <= a.y);
                }
            }
            assert_true(m.note.y + m.note.h <= m.done.y);
        }
    }
    assert_true(twice > 0); /* wide windows do get two columns */
}

/* Nothing of the game under F3's overlay. */
static void assert_overlay_covers_nothing(const layout *l)
{
    assert_true(l->overlay.h > 0);
    assert_false(rects_overlap(l->overlay, l->board));
    assert_false(rects_overlap(l->overlay, l->status));
    assert_false(rects_overlap(l->overlay, l->rule));
    assert_false(rects_overlap(l->overlay, l->scores));
    for (int b = 0; b < LAYOUT_BUTTON_COUNT; b++)
        assert_false(rects_overlap(l->overlay, l->buttons[b]));
    assert_true(l->overlay.x + l->overlay.w <= l->width);
    assert_true(l->overlay.y + l->overlay.h <= l->height);
}

/* Issue 28: F3's overlay hid the status line in the default and the
 * smallest windows; there it takes a strip at the top and the game goes
 * under it, the board at least three quarters of its size. A large
 * landscape window (1500x950, issue 22) puts the text beside a bigger
 * board, the overlay above the text's column, the board unchanged. */
static void test_overlay_and_landscape(void **state)
{
    (void)state;
    static const int sizes[][2] = {
        {720, 820}, {LAYOUT_MIN_WIDTH, LAYOUT_MIN_HEIGHT}, {900, 600}, {1920, 1080}, {600, 1000}};
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        for (int n = 3; n <= 8; n++) {
            layout with, without;
            layout_compute(&with, sizes[z][0], sizes[z][1], n, true);
            layout_compute(&without, sizes[z][0], sizes[z][1], n, false);
            assert_int_equal(without.overlay.h, 0);
            assert_overlay_covers_nothing(&with);
            assert_true(with.status.y + with.status.h <= with.height);
            assert_true(with.buttons[0].y + with.buttons[0].h <= with.height);
            assert_true(with.board.w * 4 >= without.board.w * 3);
            assert_true(with.font_status_px >= LAYOUT_MIN_READABLE_PX);
        }
    }
    layout wide, tall;
    layout_compute(&wide, 1500, 950, 3, false);
    layout_compute(&tall, 720, 820, 3, false);
    assert_true(wide.landscape);
    assert_true(wide.board.w >= 800); /* it was 545 px in the tall layout */
    assert_true(wide.board.x + wide.board.w <= wide.status.x);
    assert_false(tall.landscape);
    /* There, F3's overlay sits above the text's column: it covers neither
     * the board nor the status, scores and buttons. */
    for (int n = 3; n <= 8; n++) {
        layout l, plain;
        layout_compute(&l, 1500, 950, n, true);
        layout_compute(&plain, 1500, 950, n, false);
        assert_true(l.landscape);
        assert_memory_equal(&l.board, &plain.board, sizeof l.board);
        assert_overlay_covers_nothing(&l);
    }
}

/* Labels as wide as German's keep one row at the default size: each button
 * as wide as its own label, the short ones evened out. */
static void test_buttons_one_row_for_long_labels(void **state)
{
    (void)state;
    /* "Neues Spiel", "Rückgängig", "Wiederholen", "Tipp", "Menü" in
     * DejaVu Sans Bold, in text heights. */
    const double german[LAYOUT_BUTTON_COUNT] = {5.9, 5.6, 6.3, 2.3, 2.8};
    layout l;
    layout_compute_labelled(&l, 720, 820, 3, false, german, 0.0);
    assert_int_equal(l.button_rows, 1);
    for (int i = 0; i < LAYOUT_BUTTON_COUNT; i++) {
        int room = l.buttons[i].w - 2 * (int)(l.buttons[i].h * LAYOUT_BUTTON_LABEL_INSET_FRACTION);
        assert_true(german[i] * l.font_button_px <= room + 1);
    }
    /* The short labels' buttons come out alike. */
    assert_int_equal(l.buttons[3].w, l.buttons[4].w);
    /* Labels no font size could fit in one row go in two. */
    const double huge[LAYOUT_BUTTON_COUNT] = {14, 14, 14, 14, 14};
    layout_compute_labelled(&l, 720, 820, 3, false, huge, 0.0);
    assert_int_equal(l.button_rows, 2);
    /* The rows follow the widest set of labels the buttons show (so the
     * board does not move when the review's replace the game's). */
    layout short_set;
    const double tiny[LAYOUT_BUTTON_COUNT] = {1, 1, 1, 1, 1};
    layout_compute_labelled(&short_set, 720, 820, 3, false, tiny, 70.0);
    assert_int_equal(short_set.button_rows, 2);
    layout_compute_labelled(&short_set, 720, 820, 3, false, tiny, 0.0);
    assert_int_equal(short_set.button_rows, 1);
}

/* The game menu's and the statistics' panels: rows inside the panel, one
 * under the other, hit where drawn, at every allowed window size. */
static void test_list_panels(void **state)
{
    (void)state;
    for (int w = LAYOUT_MIN_WIDTH; w <= 2600; w += 130) {
        for (int h = LAYOUT_MIN_HEIGHT; h <= 1700; h += 110) {
            layout_list l;
            layout_list_compute(&l, w, h, 9, 3);
            assert_true(l.font_px >= LAYOUT_MIN_READABLE_PX);
            assert_true(l.font_note_px >= LAYOUT_MIN_READABLE_PX);
            assert_true(l.panel.x >= 0 && l.panel.y >= 0);
            assert_true(l.panel.x + l.panel.w <= w && l.panel.y + l.panel.h <= h);
            for (int i = 0; i < l.tab_count; i++) {
                layout_list_hit hit =
                    layout_list_hit_test(&l, l.tabs[i].x + l.tabs[i].w / 2, l.tabs[i].y + 1);
                assert_int_equal(hit.tab, i);
                assert_true(l.tabs[i].y + l.tabs[i].h <= l.rows[0].y);
            }
            for (int i = 0; i < l.row_count; i++) {
                layout_rect r = l.rows[i];
                assert_true(layout_rect_contains(l.panel, r.x, r.y));
                assert_true(r.y + r.h <= l.panel.y + l.panel.h);
                if (i > 0) assert_true(l.rows[i - 1].y + l.rows[i - 1].h <= r.y);
                layout_list_hit hit = layout_list_hit_test(&l, r.x + r.w / 2, r.y + r.h / 2);
                assert_true(hit.inside);
                assert_int_equal(hit.row, i);
                assert_int_equal(hit.tab, -1);
            }
            assert_true(l.rows[l.row_count - 1].y + l.rows[l.row_count - 1].h <= l.note.y);
        }
    }
    layout_list l;
    layout_list_compute(&l, 720, 820, 6, 0);
    layout_list_hit out = layout_list_hit_test(&l, 1, 1);
    assert_false(out.inside);
    assert_int_equal(out.row, -1);
}

/* Issue 22: the hints' words read on what they are drawn on, in every
 * theme (WCAG's 4.5:1 for text): on the board's colour (high contrast,
 * outlined) or on the faint tint of their own colour. */
static void test_hint_colours_read(void **state)
{
    (void)state;
    static const theme_role roles[] = {THEME_HINT_WIN, THEME_HINT_DRAW, THEME_HINT_LOSS};
    const float tint = 0.12f; /* screen_game.c's HINT_TINT_ALPHA */
    for (int t = 0; t < theme_count(); t++) {
        const theme *th = theme_get(t);
        theme_color board = th->colors[THEME_BOARD];
        for (size_t r = 0; r < sizeof roles / sizeof roles[0]; r++) {
            theme_color ink = th->colors[roles[r]];
            theme_color under = board;
            if (!th->strong_hints) {
                under.r = (unsigned char)(board.r + (ink.r - board.r) * tint);
                under.g = (unsigned char)(board.g + (ink.g - board.g) * tint);
                under.b = (unsigned char)(board.b + (ink.b - board.b) * tint);
            }
            double ratio = theme_contrast(ink, under);
            if (ratio < 4.5) fail_msg("theme %s, hint %zu: contrast %.2f", th->name, r, ratio);
        }
    }
    assert_true(theme_get(2)->strong_hints); /* high contrast */
}

/* Issue 21: the best guess's outline and word read on the deepest shade
 * of the heat map (tinted themes) or on the board (high contrast, where
 * the best guess has no block under it), as text does (4.5:1); the heat
 * map's blocks stand out from the board as graphics must (WCAG's 3:1); a
 * shade is never lighter than the one below it. */
static void test_heat_map_colours_read(void **state)
{
    (void)state;
    for (int t = 0; t < theme_count(); t++) {
        const theme *th = theme_get(t);
        theme_color board = th->colors[THEME_BOARD], heat = th->colors[THEME_HINT_HEAT];
        theme_color ink = th->colors[THEME_HINT_GUESS];
        theme_color under = board;
        if (!th->strong_hints) {
            float a = theme_heat_alpha(VIEW_HINT_HEAT_LEVELS, VIEW_HINT_HEAT_LEVELS);
            under.r = (unsigned char)(board.r + (heat.r - board.r) * a);
            under.g = (unsigned char)(board.g + (heat.g - board.g) * a);
            under.b = (unsigned char)(board.b + (heat.b - board.b) * a);
        } else {
            double blocks = theme_contrast(heat, board);
            if (blocks < 3.0) fail_msg("theme %s: heat blocks at %.2f", th->name, blocks);
        }
        double ratio = theme_contrast(ink, under);
        if (ratio < 4.5) fail_msg("theme %s: the best guess at %.2f", th->name, ratio);
    }
    assert_true(theme_heat_alpha(0, VIEW_HINT_HEAT_LEVELS) == 0.0f);
    assert_true(theme_heat_alpha(1, VIEW_HINT_HEAT_LEVELS) == THEME_HEAT_ALPHA_MIN);
    assert_true(theme_heat_alpha(VIEW_HINT_HEAT_LEVELS, VIEW_HINT_HEAT_LEVELS) ==
                THEME_HEAT_ALPHA_MAX);
    for (int level = 2; level <= VIEW_HINT_HEAT_LEVELS; level++)
        assert_true(theme_heat_alpha(level, VIEW_HINT_HEAT_LEVELS) >
                    theme_heat_alpha(level - 1, VIEW_HINT_HEAT_LEVELS));
}

static void test_menu_hits(void **state)
{
    (void)state;
    int counts[MENU_ROW_COUNT];
    menu_option_counts(counts);
    for (size_t s = 0; s < sizeof SIZES / sizeof SIZES[0]; s++) {
        layout_menu m;
        layout_menu_compute(&m, SIZES[s][0], SIZES[s][1], MENU_ROW_COUNT, counts, NULL);
        assert_int_equal(m.row_count, MENU_ROW_COUNT);
        for (int r = 0; r < m.row_count; r++) {
            const layout_menu_row *row = &m.rows[r];
            assert_int_equal(row->option_count, counts[r]);
            for (int o = 0; o < row->option_count; o++) {
                layout_rect rect = row->options[o];
                layout_menu_hit hit =
                    layout_menu_hit_test(&m, rect.x + rect.w / 2, rect.y + rect.h / 2);
                assert_true(hit.inside);
                assert_int_equal(hit.row, r);
                assert_int_equal(hit.option, o);
            }
            if (row->option_count == 0) {
                layout_rect t = row->control;
                layout_menu_hit lo = layout_menu_hit_test(&m, t.x, t.y + t.h / 2);
                layout_menu_hit hi = layout_menu_hit_test(&m, t.x + t.w - 1, t.y + t.h / 2);
                assert_int_equal(lo.row, r);
                assert_int_equal(lo.option, -1);
                assert_true(lo.value <= 0.001);
                assert_true(hi.value >= 0.999);
                /* Dragging beyond the track clamps. */
                assert_true(layout_menu_slider_value(&m, r, t.x - 100) == 0.0);
                assert_true(layout_menu_slider_value(&m, r, t.x + t.w + 100) == 1.0);
            }
        }
        layout_menu_hit done =
            layout_menu_hit_test(&m, m.done.x + m.done.w / 2, m.done.y + m.done.h / 2);
        assert_true(done.done);
        layout_menu_hit outside = layout_menu_hit_test(&m, m.panel.x - 1, m.panel.y - 1);
        assert_false(outside.inside);
        /* The panel fits in the window. */
        assert_true(m.panel.x >= 0 && m.panel.y >= 0);
        assert_true(m.panel.x + m.panel.w <= SIZES[s][0]);
        assert_true(m.panel.y + m.panel.h <= SIZES[s][1]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_squares_at_every_size_and_scale),
        cmocka_unit_test(test_mouse_points_scale_to_pixels),
        cmocka_unit_test(test_buttons),
        cmocka_unit_test(test_layout_follows_window),
        cmocka_unit_test(test_text_readable_at_every_allowed_size),
        cmocka_unit_test(test_menu_hits),
        cmocka_unit_test(test_overlay_and_landscape),
        cmocka_unit_test(test_buttons_one_row_for_long_labels),
        cmocka_unit_test(test_list_panels),
        cmocka_unit_test(test_hint_colours_read),
        cmocka_unit_test(test_heat_map_colours_read),
    };
    return cmocka_run_group_tests_name("game_layout", tests, NULL, NULL);
}
