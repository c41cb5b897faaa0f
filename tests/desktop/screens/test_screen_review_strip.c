/*
 * test_screen_review_strip.c (part of the old test_review_app.c) - the review's strip through the
 * real app loop under SDL's dummy video driver: each position's distance readable at every window
 * size, the better move's mark clear of the labels, and a long game's strip a page at a time
 * (issue 28). The review's flow is test_screen_review.c.
 */
#include <stdio.h>
#include <string.h>

#include "app_driver.h"
#include "gamefile.h"
#include "screen_game.h"
#include "render.h"
#include "screen_review.h"
#include "review_driver.h"

/* The strip shows each position's distance ("2", "=") at every window size
 * the game allows, the smallest included (there it once showed colours
 * only): a 3x3 game's ten positions, a 4x4 game's seventeen. */
static void test_strip_shows_distances_at_every_size(void **state)
{
    (void)state;
    static const int sizes[][2] = {{LAYOUT_MIN_WIDTH, LAYOUT_MIN_HEIGHT},
                                   {720, 820},
                                   {1500, 950},
                                   {LAYOUT_MIN_WIDTH, 900},
                                   {900, LAYOUT_MIN_HEIGHT}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        for (int n = 3; n <= 4; n++) {
            layout l;
            layout_compute(&l, sizes[i][0], sizes[i][1], n, false);
            int count = n * n + 1;
            int px = screen_review_strip_text_px(l.scores, count);
            assert_true(px >= LAYOUT_MIN_READABLE_PX);
            layout_rect cell = screen_review_cell_rect(l.scores, count, 0, 0);
            assert_true(px < cell.h);
            /* Cells are never taller than wide, and stay in the strip's box. */
            for (int c = 0; c < count; c++) {
                /* (On the page of the position shown.) */
                layout_rect r = screen_review_cell_rect(l.scores, count, c, c);
                assert_true(r.h <= r.w);
                assert_true(r.y >= l.scores.y && r.y + r.h <= l.scores.y + l.scores.h);
                assert_int_equal(
                    screen_review_cell_at(l.scores, count, c, r.x + r.w / 2, r.y + r.h / 2), c);
            }
        }
    }
    /* A short game beside a landscape board: three cells, not three tiles
     * as tall as the column. */
    layout l;
    layout_compute(&l, 1500, 950, 3, false);
    assert_true(l.landscape);
    for (int c = 0; c < 3; c++) {
        layout_rect r = screen_review_cell_rect(l.scores, 3, 0, c);
        assert_true(r.h < r.w);
    }
    /* No cells, no text. */
    layout_compute(&l, 720, 820, 3, false);
    assert_int_equal(screen_review_strip_text_px(l.scores, 0), 0);
}

/* The texts a frame drew, where. */
typedef struct drawn_texts {
    layout_rect rects[400];
    char strs[400][64];
    int count;
} drawn_texts;

static void note_drawn(void *user, const text_drawn *d)
{
    drawn_texts *t = user;
    if (t->count >= 400) return;
    t->rects[t->count] = d->drawn;
    snprintf(t->strs[t->count], sizeof t->strs[0], "%s", d->str);
    t->count++;
}

/* Issue 28: the better move's faint mark was drawn through a hint's label.
 * With the review's hints on, at each position whose move had a better
 * one, the mark is in the corner of its square, over no text drawn. */
static void test_better_mark_clear_of_labels(void **state)
{
    (void)state;
    settings s = two_players(3);
    app_state *app = start(&s);
    steps(app, 2);
    play_x_wins(app);
    click_rect(app, app->layout.buttons[LAYOUT_BUTTON_HINT]);
    steps(app, 1);
    wait_for_review(app);
    if (!app->review_screen.hints) press_key(app, SDLK_h);
    steps(app, SETTLE_FRAMES);
    assert_true(app->review_screen.hints);
    drawn_texts *seen = calloc(1, sizeof *seen);
    assert_non_null(seen);
    int checked = 0;
    for (int ply = 1; ply <= 5; ply++) {
        review_seek(&app->review, ply, app->play.now_ms);
        steps(app, SETTLE_FRAMES);
        const view_review *v = &app->view.game.review;
        if (!v->has_better) continue;
        int at = v->better.row * 3 + v->better.col;
        layout_rect mark = screen_review_better_rect(app, v);
        layout_rect sq = draw_square_rect(&app->layout, v->better.row, v->better.col);
        assert_true(mark.w > 0 && layout_rect_contains(sq, mark.x, mark.y));
        seen->count = 0;
        text_set_observer(app->text, note_drawn, seen);
        render_invalidate(app->draw);
        SDL_Surface *shot = app_capture(app);
        assert_non_null(shot);
        SDL_FreeSurface(shot);
        text_set_observer(app->text, NULL, NULL);
        bool labelled = false;
        for (int i = 0; i < seen->count; i++) {
            layout_rect t = seen->rects[i];
            if (layout_rect_contains(sq, t.x + t.w / 2, t.y + t.h / 2)) labelled = true;
            bool over = t.x < mark.x + mark.w && mark.x < t.x + t.w && t.y < mark.y + mark.h &&
                        mark.y < t.y + t.h;
            if (over)
                fail_msg("position %d: the better move's mark is drawn over \"%s\"", ply,
                         seen->strs[i]);
        }
        assert_true(app->view.game.hints[at].kind != VIEW_HINT_NONE);
        assert_true(labelled);
        checked++;
    }
    assert_true(checked > 0);
    free(seen);
    stop(app);
}

/* Issue 28: a 64-move game on 8x8 made 3 rows of 25x10 px cells. At every
 * window size, with and without F3's overlay, its 65 cells come a page at
 * a time, each at least SCREEN_REVIEW_CELL_MIN_W x SCREEN_REVIEW_CELL_MIN_H
 * with its count readable; the page is the one of the position shown;
 * every cell is found where it is drawn, and the arrows page. */
static void test_long_game_strip_pages(void **state)
{
    (void)state;
    static const int sizes[][2] = {{LAYOUT_MIN_WIDTH, LAYOUT_MIN_HEIGHT},
                                   {720, 820},
                                   {1500, 950},
                                   {1920, 1080},
                                   {900, LAYOUT_MIN_HEIGHT}};
    const int count = 65;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        for (int overlay = 0; overlay < 2; overlay++) {
            layout l;
            layout_compute(&l, sizes[i][0], sizes[i][1], 8, overlay != 0);
            assert_true(screen_review_strip_text_px(l.scores, count) >= LAYOUT_MIN_READABLE_PX);
            int pages = 0;
            for (int ply = 0; ply < count; ply++) {
                int first = 0, shown = 0;
                screen_review_strip_page(l.scores, count, ply, &first, &shown);
                assert_true(first <= ply && ply < first + shown);
                if (first == ply) pages++;
                for (int c = 0; c < count; c++) {
                    layout_rect r = screen_review_cell_rect(l.scores, count, ply, c);
                    if (c < first || c >= first + shown) {
                        assert_int_equal(r.w, 0);
                        continue;
                    }
                    assert_true(r.w >= SCREEN_REVIEW_CELL_MIN_W);
                    assert_true(r.h >= SCREEN_REVIEW_CELL_MIN_H);
                    assert_true(r.x >= l.scores.x && r.x + r.w <= l.scores.x + l.scores.w);
                    assert_true(r.y >= l.scores.y && r.y + r.h <= l.scores.y + l.scores.h);
                    assert_int_equal(
                        screen_review_cell_at(l.scores, count, ply, r.x + r.w / 2, r.y + r.h / 2),
                        c);
                }
            }
            assert_true(pages >= 1);
            /* The arrows: back from a later page, on from an earlier one. */
            if (pages > 1) {
                int y = l.scores.y + l.scores.h / 2;
                assert_int_equal(screen_review_cell_at(l.scores, count, 0, l.scores.x + 1, y), -1);
                assert_int_equal(
                    screen_review_cell_at(l.scores, count, 0, l.scores.x + l.scores.w - 2, y),
                    SCREEN_REVIEW_PAGE_ON);
                assert_int_equal(
                    screen_review_cell_at(l.scores, count, count - 1, l.scores.x + 1, y),
                    SCREEN_REVIEW_PAGE_BACK);
            }
        }
    }
}

/* The review of a 64-move game in the smallest window: the strip shows the
 * page of the position shown, and its arrow pages on. */
static void test_long_game_review_pages(void **state)
{
    (void)state;
    settings s;
    settings_defaults(&s);
    char err[128];
    assert_true(settings_set(&s, "size", "8", err, sizeof err));
    assert_true(settings_set(&s, "k", "5", err, sizeof err));
    app_state *app = start_with(&s, NULL, NULL);
    SDL_SetWindowSize(app->window, LAYOUT_MIN_WIDTH, LAYOUT_MIN_HEIGHT);
    steps(app, 2);
    record g;
    record_init(&g);
    g.size = 8;
    g.k = 5;
    g.mode = RECORD_MODE_TWO_PLAYERS;
    ttt_pos xs[32], os[32];
    int nx = 0, no = 0;
    for (int i = 0; i < 64; i++) {
        ttt_pos p = {i / 8, i % 8};
        if ((p.col / 2 + p.row) % 2 == 0)
            xs[nx++] = p;
        else
            os[no++] = p;
    }
    for (int i = 0; i < 32; i++) {
        g.moves[g.move_count++] = xs[i];
        g.moves[g.move_count++] = os[i];
    }
    assert_true(screen_review_open(app, &g, false));
    steps(app, 2);
    press_key(app, SDLK_HOME);
    steps(app, 2);
    assert_int_equal(app->review.ply, 0);
    layout_rect box = app->layout.scores;
    int first = 0, shown = 0;
    screen_review_strip_page(box, 65, 0, &first, &shown);
    assert_int_equal(first, 0);
    assert_true(shown < 65);
    /* The arrow on the right: the next page's first position. */
    click_rect(app, (layout_rect){box.x + box.w - 4, box.y, 4, box.h});
    steps(app, 2);
    assert_int_equal(app->review.ply, shown);
    /* Stepping back shows the first page again. */
    press_key(app, SDLK_LEFT);
    steps(app, 2);
    assert_int_equal(app->review.ply, shown - 1);
    layout_rect cell = screen_review_cell_rect(box, 65, app->review.ply, 0);
    assert_true(cell.w >= SCREEN_REVIEW_CELL_MIN_W);
    click_rect(app, cell);
    steps(app, 2);
    assert_int_equal(app->review.ply, 0);
    stop(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strip_shows_distances_at_every_size),
        cmocka_unit_test(test_long_game_strip_pages),
        cmocka_unit_test(test_better_mark_clear_of_labels),
        cmocka_unit_test(test_long_game_review_pages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
