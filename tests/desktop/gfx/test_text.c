/*
 * test_text.c (was test_fit.c) - every label of the desktop game fits the box the layout gives
 * it, in every language the game speaks (English, German, French, Spanish)
 * and at the default and the smallest window size.
 *
 * The real app runs under SDL's dummy video driver with the software
 * renderer and the build tree's catalogues. Each screen is drawn (the game,
 * the computer thinking, a hint on 3x3 and one with every kind of square on
 * 8x8, the performance overlay, the settings with and without Reset's
 * confirmation, the help, the words for a board the first player wins on
 * the game screen and in the settings), and a text observer (text.h) notes every text
 * drawn with its size and box; each is then measured with the real font
 * (TTF_SizeUTF8, through text_measure) and must be no wider than its box,
 * at no less than LAYOUT_MIN_READABLE_PX. Every status line play.c can
 * write is measured against the status box too, so the game-over and hint
 * statuses are checked without playing each game out.
 *
 * A failure lists each label that does not fit with its language, window
 * size, text size and widths. For each language and size the tightest label
 * (least room to spare) and the smallest text are printed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <SDL.h>

#include "app_driver.h"
#include "input.h"
#include "screen_puzzle.h"
#include "i18n.h"
#include "language.h"
#include "render.h"
#include "screen_game.h"
#include "screen_review.h"
#include "verdict.h"

#ifndef TTT_TEST_LOCALEDIR
#error "TTT_TEST_LOCALEDIR must name the build tree's catalogues"
#endif

/* Texts noted per screen: a screen draws about 100. */
#define SEEN_MAX 400
#define TEXT_CAP 256
/* Problems listed in a failure before the rest are counted only. */
#define REPORT_CAP 65536

/* The languages, by their key in the settings file. */
static const char *const LANGUAGES[] = {"en", "de", "fr", "es"};
#define LANGUAGE_COUNT ((int)(sizeof LANGUAGES / sizeof LANGUAGES[0]))

/* One text drawn. */
typedef struct seen_text {
    char str[TEXT_CAP];
    text_font font;
    int px;
    layout_rect box;
    layout_rect drawn;
} seen_text;

/* What the observer noted, and the check's findings so far. */
typedef struct fit_run {
    seen_text seen[SEEN_MAX];
    int count;
    const char *language;
    int width, height;
    const char *screen;
    char report[REPORT_CAP];
    size_t report_len;
    int problems;
    int checked;
    /* The tightest label: least room left. */
    int tightest_margin;
    char tightest[TEXT_CAP + 64];
    /* The smallest text drawn. */
    int smallest_px;
    /* The least room between the status text and the muted speaker. */
    int speaker_gap;
    char smallest[TEXT_CAP + 64];
} fit_run;

static void observe(void *user, const text_drawn *d)
{
    fit_run *run = user;
    if (run->count >= SEEN_MAX) return;
    seen_text *t = &run->seen[run->count++];
    snprintf(t->str, sizeof t->str, "%s", d->str);
    t->font = d->font;
    t->px = d->px;
    t->box = d->box;
    t->drawn = d->drawn;
}

static void problem(fit_run *run, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void problem(fit_run *run, const char *fmt, ...)
{
    run->problems++;
    if (run->report_len >= sizeof run->report - 1) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(run->report + run->report_len, sizeof run->report - run->report_len, fmt, ap);
    va_end(ap);
    if (n > 0) run->report_len += (size_t)n;
    if (run->report_len > sizeof run->report - 1) run->report_len = sizeof run->report - 1;
}

/* Measure @p str at @p px with the real font against a box @p room wide. */
static void check_text(fit_run *run, app_state *app, text_font font, int px, const char *str,
                       int room)
{
    if (!str[0]) return;
    int w = 0, h = 0;
    assert_true(text_measure(app->text, font, px, str, &w, &h));
    run->checked++;
    if (px < LAYOUT_MIN_READABLE_PX)
        problem(run, "  [%s %dx%d, %s] \"%s\": %d px text, below the readable %d px\n",
                run->language, run->width, run->height, run->screen, str, px,
                LAYOUT_MIN_READABLE_PX);
    if (w > room)
        problem(run, "  [%s %dx%d, %s] \"%s\": %d px wide at %d px, its box %d px\n", run->language,
                run->width, run->height, run->screen, str, w, px, room);
    if (px < run->smallest_px) {
        run->smallest_px = px;
        snprintf(run->smallest, sizeof run->smallest, "\"%s\" (%s)", str, run->screen);
    }
    if (room - w < run->tightest_margin) {
        run->tightest_margin = room - w;
        snprintf(run->tightest, sizeof run->tightest, "\"%s\" (%s, %d px text: %d of %d px)", str,
                 run->screen, px, w, room);
    }
}

/* Texts of one screen may touch; overlapping by more than this many pixels
 * each way, they run into each other (issue 22: the help's two-line rows in
 * French and Spanish). */
#define OVERLAP_TOLERANCE_PX 2

static bool overlapping(layout_rect a, layout_rect b)
{
    int w = (a.x + a.w < b.x + b.w ? a.x + a.w : b.x + b.w) - (a.x > b.x ? a.x : b.x);
    int h = (a.y + a.h < b.y + b.h ? a.y + a.h : b.y + b.h) - (a.y > b.y ? a.y : b.y);
    return w > OVERLAP_TOLERANCE_PX && h > OVERLAP_TOLERANCE_PX;
}

/* Check and forget what the observer noted; with @p apart, no two texts
 * may overlap (a screen where nothing is meant to lie over anything). */
static void check_seen_apart(fit_run *run, app_state *app, const char *screen, bool apart)
{
    run->screen = screen;
    assert_true(run->count > 0);
    for (int i = 0; i < run->count; i++) {
        const seen_text *t = &run->seen[i];
        check_text(run, app, t->font, t->px, t->str, t->box.w);
        for (int j = i + 1; apart && j < run->count; j++) {
            const seen_text *u = &run->seen[j];
            if (overlapping(t->drawn, u->drawn))
                problem(run, "  [%s %dx%d, %s] \"%s\" and \"%s\" overlap\n", run->language,
                        run->width, run->height, run->screen, t->str, u->str);
        }
    }
    run->count = 0;
}

static void check_seen(fit_run *run, app_state *app, const char *screen)
{
    check_seen_apart(run, app, screen, false);
}

/* Draw a whole frame, cached layers included, noting every text. */
static void draw_all(fit_run *run, app_state *app)
{
    run->count = 0;
    render_invalidate(app->draw);
    SDL_Surface *shot = app_capture(app);
    assert_non_null(shot);
    SDL_FreeSurface(shot);
}

/* The thinking dots' reach right of the status text, at text size @p px
 * (as screen_game_status.c draws them, with a pixel to spare). */
static int dots_reach(int px)
{
    return px * 121 / 100 + 1;
}

/* Issue 28: the status text (and its thinking dots, with @p thinking)
 * drawn at @p drawn keeps SCREEN_GAME_SPEAKER_GAP_PX clear of the muted
 * speaker. */
static void check_speaker_gap(fit_run *run, app_state *app, const char *str, layout_rect drawn,
                              bool thinking)
{
    if (app->settings.sound && !app->audio_missing) return;
    layout_rect speaker = screen_game_speaker_rect(app);
    int right = drawn.x + drawn.w + (thinking ? dots_reach(app->layout.font_status_px) : 0);
    int gap = speaker.x - right;
    if (gap < SCREEN_GAME_SPEAKER_GAP_PX)
        problem(run, "  [%s %dx%d, %s] \"%s\" ends %d px from the speaker, less than %d px\n",
                run->language, run->width, run->height, run->screen, str, gap,
                SCREEN_GAME_SPEAKER_GAP_PX);
    if (gap < run->speaker_gap) run->speaker_gap = gap;
}

/* Every text on the status line of the frame just drawn keeps its gap to
 * the speaker. */
static void check_status_row(fit_run *run, app_state *app, const char *screen)
{
    run->screen = screen;
    layout_rect row = app->layout.status;
    for (int i = 0; i < run->count; i++) {
        layout_rect t = run->seen[i].drawn;
        if (t.y < row.y + row.h && row.y < t.y + t.h && t.x < row.x + row.w && row.x < t.x + t.w)
            check_speaker_gap(run, app, run->seen[i].str, t, app->view.game.status_dots);
    }
}

/* Draw a frame and check what it drew. */
static void capture_and_check(fit_run *run, app_state *app, const char *screen)
{
    draw_all(run, app);
    check_status_row(run, app, screen);
    check_seen(run, app, screen);
}

/* Draw a frame of a panel and check its texts, which may not overlap: the
 * game under it comes from the cached layers built by a first frame, so
 * the second frame draws only the panel. */
static void capture_panel(fit_run *run, app_state *app, const char *screen)
{
    draw_all(run, app);
    check_seen(run, app, screen);
    SDL_Surface *shot = app_capture(app);
    assert_non_null(shot);
    SDL_FreeSurface(shot);
    check_seen_apart(run, app, screen, true);
}

/* The status text's box as the game screen draws it, and its size: the
 * layout's. */
static bool status_box(const fit_run *run, const app_state *app, const char *status, int *px,
                       layout_rect *box)
{
    (void)run;
    (void)status;
    bool thinking = app->view.game.status_dots;
    *px = app->layout.font_status_px;
    *box = screen_game_status_box(app, status, false, !app->settings.sound || app->audio_missing,
                                  thinking);
    return true;
}

/* Every status view_status_text() can write, measured against the box the
 * status gets (narrower when something thinks: the dots), its gap to the
 * speaker kept. */
static void check_all_statuses(fit_run *run, app_state *app, int px)
{
    bool muted = !app->settings.sound || app->audio_missing;
    const theme_color ink = app->theme->colors[THEME_TEXT];
    for (int mode = 0; mode < SETTINGS_MODE_COUNT; mode++) {
        for (int c = 0; c < 14; c++) {
            view_game v;
            memset(&v, 0, sizeof v);
            v.mode = (settings_mode)mode;
            v.turn = (c & 1) ? TTT_PLAYER_O : TTT_PLAYER_X;
            v.state = v.turn == TTT_PLAYER_O ? TTT_STATE_O_TO_MOVE : TTT_STATE_X_TO_MOVE;
            switch (c / 2) {
            case 0: v.state = TTT_STATE_DRAW; break;
            case 1:
                v.winner = v.turn;
                v.computer_plays[v.turn] = mode != SETTINGS_MODE_TWO_PLAYERS;
                break;
            case 2: v.winner = v.turn; break;
            case 3:
                v.computer_plays[v.turn] = true;
                v.computer_thinking = (c & 1) != 0;
                break;
            case 4: v.hint_thinking = true; break;
            case 5:
            case 6:
            default:
                /* A hint on a board too big to solve: one square proven,
                 * or none; its estimates shaded, or (high contrast) as
                 * blocks. */
                v.hint_shown = true;
                v.hint_exact = false;
                v.hint_proven = (c & 1) ? 1 : 0;
                v.heat_blocks = c / 2 == 6;
                break;
            }
            char status[96];
            bool thinking = false;
            view_status_text(&v, status, sizeof status, &thinking);
            /* Drawn as the game screen draws the status: at the largest size that
             * fits, on two lines if need be. */
            layout_rect box = screen_game_status_box(app, status, false, muted, thinking);
            int fit = text_fit(app->text, TEXT_BOLD, px, status, box, true);
            run->count = 0;
            assert_true(
                text_draw_wrapped(app->text, TEXT_BOLD, fit, ink, status, box, TEXT_CENTER, NULL));
            run->screen = "every status";
            for (int i = 0; i < run->count; i++)
                check_speaker_gap(run, app, run->seen[i].str, run->seen[i].drawn, thinking);
            check_seen(run, app, "every status");
        }
    }
}

/* Every verdict a review can say, for a 3x3 board (the squares' names) and
 * an 8x8 one (rows and columns), measured in the status box as the review
 * draws it (up to three lines). */
static void check_all_verdicts(fit_run *run, app_state *app)
{
    bool muted = !app->settings.sound;
    int px = app->layout.font_status_px;
    const theme_color ink = app->theme->colors[THEME_TEXT];
    const verdict_value win = {TTT_OUTCOME_WIN, 59, true, TTT_AI_ESTIMATE_WIN};
    const verdict_value draw = {TTT_OUTCOME_DRAW, 59, true, 0};
    const verdict_value loss = {TTT_OUTCOME_LOSS, 58, true, -TTT_AI_ESTIMATE_WIN};
    const verdict_value guess = {TTT_OUTCOME_UNKNOWN, 0, false, -999};
    const verdict_value won = {TTT_OUTCOME_WIN, 1, true, TTT_AI_ESTIMATE_WIN};
    const struct {
        verdict_kind kind;
        verdict_value before, after, earlier, better;
        bool has_better;
    } cases[] = {
        {VERDICT_KEPT, win, win, draw, draw, false},
        {VERDICT_KEPT, draw, draw, draw, draw, false},
        {VERDICT_KEPT, loss, loss, loss, draw, false},
        {VERDICT_GAINED, win, win, draw, draw, false},
        {VERDICT_GAINED, win, win, loss, draw, false},
        {VERDICT_GAINED, draw, draw, loss, draw, false},
        {VERDICT_KEPT, won, won, draw, draw, false},
        {VERDICT_GAINED, won, won, loss, draw, false},
        {VERDICT_SLOWER, win, win, win, win, true},
        {VERDICT_SLOWER, loss, loss, loss, loss, true},
        {VERDICT_THREW_AWAY, win, draw, draw, win, true},
        {VERDICT_THREW_AWAY, win, loss, draw, win, true},
        {VERDICT_THREW_AWAY, draw, loss, draw, draw, true},
        {VERDICT_UNKNOWN, guess, draw, draw, win, false},
        {VERDICT_UNKNOWN, guess, loss, draw, win, false},
        {VERDICT_UNKNOWN, guess, guess, draw, win, true},
        {VERDICT_ESTIMATE_WORSE, guess, guess, draw, guess, true},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (int size = 3; size <= 8; size += 5) {
            verdict v;
            memset(&v, 0, sizeof v);
            v.number = 59;
            v.mover = TTT_PLAYER_O;
            v.move = (ttt_pos){size - 1, 0};
            v.kind = cases[c].kind;
            v.before = cases[c].before;
            v.after = cases[c].after;
            v.has_earlier = true;
            v.earlier = cases[c].earlier;
            v.has_better = cases[c].has_better;
            v.better = (ttt_pos){size - 1, size - 1};
            v.better_value = cases[c].better;
            char text[VERDICT_TEXT_MAX];
            verdict_text(&v, size, text, sizeof text);
            layout_rect box = screen_game_status_box(app, text, true, muted, false);
            int fit =
                text_fit_lines(app->text, TEXT_REGULAR, px, text, box, SCREEN_GAME_STATUS_LINES);
            run->count = 0;
            assert_true(text_draw_lines(app->text, TEXT_REGULAR, fit, ink, text, box, TEXT_CENTER,
                                        SCREEN_GAME_STATUS_LINES, NULL));
            run->screen = "every verdict";
            for (int i = 0; i < run->count; i++)
                check_speaker_gap(run, app, run->seen[i].str, run->seen[i].drawn, false);
            if (run->count > SCREEN_GAME_STATUS_LINES)
                problem(run, "  [%s %dx%d] the verdict \"%s\" takes %d lines\n", run->language,
                        run->width, run->height, text, run->count);
            check_seen_apart(run, app, "every verdict", true);
        }
    }
}

/* The game menu, the statistics with a line for each kind of entry, a
 * notice naming a long path, a board chosen for the next game, and the
 * review of the game just played (after the computer's move). */
static void check_panels_and_review(fit_run *run, app_state *app)
{
    press_key(app, SDLK_F10);
    steps(app, SETTLE_FRAMES);
    assert_true(app_showing(app, SCREEN_GAMEMENU));
    capture_panel(run, app, "game menu");
    press_key(app, SDLK_ESCAPE);
    steps(app, 2);
    tally *t = &app->prefs.tally;
    for (int level = 0; level < SETTINGS_DIFFICULTY_COUNT; level++)
        tally_count(t, SETTINGS_MODE_HUMAN_VS_COMPUTER, 8, 8, level, 0);
    tally_count(t, SETTINGS_MODE_TWO_PLAYERS, 8, 5, TALLY_NO_LEVEL, 2);
    tally_entry *e = tally_find(t, SETTINGS_MODE_HUMAN_VS_COMPUTER, 8, 8, 3);
    e->wins[0] = e->draws = e->wins[1] = e->best = 999999;
    for (int mode = 0; mode < SETTINGS_MODE_COUNT; mode++) {
        press_key(app, SDLK_s);
        steps(app, SETTLE_FRAMES);
        assert_true(app_showing(app, SCREEN_STATS));
        app->stats_screen.mode = mode;
        capture_panel(run, app, "statistics");
        press_key(app, SDLK_ESCAPE);
        steps(app, 2);
    }
    /* The puzzles: the chooser on the last board, big counts; the puzzle
     * on the board, then each way it ends. */
    app->prefs.puzzles.solved = app->prefs.puzzles.missed = 999999;
    app->prefs.puzzles.streak = app->prefs.puzzles.best = 999999;
    input_do(app, APP_ACTION_PUZZLES);
    int sizes[PUZZLE_SESSION_MAX_BOARDS], ks[PUZZLE_SESSION_MAX_BOARDS];
    app->puzzle_screen.board = puzzle_session_boards(sizes, ks, PUZZLE_SESSION_MAX_BOARDS) - 1;
    app->puzzle_screen.difficulty = PUZZLE_MEDIUM;
    steps(app, SETTLE_FRAMES);
    assert_true(app_showing(app, SCREEN_PUZZLE_MENU));
    capture_panel(run, app, "puzzle chooser");
    press_key(app, SDLK_RETURN); /* a puzzle of that board */
    steps(app, SETTLE_FRAMES);
    assert_false(app_showing(app, SCREEN_PUZZLE_MENU));
    capture_and_check(run, app, "puzzle");
    puzzle_session *ps = &app->puzzle_screen.session;
    ps->phase = PUZZLE_SESSION_WAITING;
    steps(app, 2);
    capture_and_check(run, app, "puzzle, answering");
    ps->phase = PUZZLE_SESSION_MISSED;
    ps->has_reply = ps->refutation_wins = true;
    ps->refutation_plies = 9;
    steps(app, 2);
    capture_and_check(run, app, "puzzle missed");
    ps->refutation_wins = false;
    steps(app, 2);
    capture_and_check(run, app, "puzzle missed, held");
    ps->phase = PUZZLE_SESSION_SOLVED;
    steps(app, 2);
    capture_and_check(run, app, "puzzle solved");
    press_key(app, SDLK_ESCAPE);
    steps(app, 2);
    assert_false(app_showing(app, SCREEN_PUZZLE));
    /* A notice: a record saved to a long folder. */
    snprintf(
        app->notice, sizeof app->notice, _("Game saved to %.400s"),
        "/home/a-rather-long-user-name/.local/share/ttt/tictactoe/games/2026-11-24-103000.ttt");
    app->notice_ms = app->play.now_ms;
    steps(app, 2);
    capture_and_check(run, app, "notice");
    app->notice[0] = '\0';
    /* Another board chosen: the rule line says both. */
    app->settings.board_size = 8;
    app->settings.k = 5;
    steps(app, 2);
    capture_and_check(run, app, "next board");
    app->settings.board_size = 3;
    app->settings.k = 3;
    /* The review, its analyses in. */
    press_key(app, SDLK_r);
    for (int i = 0; i < AI_GUARD_FRAMES && !review_complete(&app->review); i++) {
        SDL_WaitEventTimeout(NULL, 10);
        steps(app, 1);
    }
    steps(app, SETTLE_FRAMES);
    assert_true(app->review.open);
    capture_and_check(run, app, "review");
    press_key(app, SDLK_HOME);
    steps(app, SETTLE_FRAMES);
    capture_and_check(run, app, "review, start");
    press_key(app, SDLK_p);
    steps(app, 2);
    capture_and_check(run, app, "replay");
    check_all_verdicts(run, app);
    press_key(app, SDLK_ESCAPE);
    steps(app, 2);
}

/* The screens of a 3x3 game against the computer, and every status. */
static void check_game_screens(fit_run *run)
{
    settings s = settings_in(run->language, 3);
    app_state *app = start_sized(&s, run->width, run->height);
    text_set_observer(app->text, observe, run);
    assert_int_equal(app->language, language_from_key(run->language));

    steps(app, SETTLE_FRAMES);
    draw_all(run, app);
    char status[96];
    bool thinking = false;
    view_status_text(&app->view.game, status, sizeof status, &thinking);
    assert_false(thinking);
    int px = 0;
    layout_rect idle_box = {0, 0, 0, 0}, thinking_box = {0, 0, 0, 0};
    assert_true(status_box(run, app, status, &px, &idle_box));
    check_status_row(run, app, "game");
    check_seen(run, app, "game");

    /* The computer thinking: the status leaves room for its dots. */
    click_square(app, 0, 0);
    steps(app, 2);
    assert_true(app->view.game.computer_thinking);
    draw_all(run, app);
    view_status_text(&app->view.game, status, sizeof status, &thinking);
    assert_true(thinking);
    int thinking_px = 0;
    assert_true(status_box(run, app, status, &thinking_px, &thinking_box));
    assert_int_equal(thinking_px, px);
    check_status_row(run, app, "computer thinking");
    check_seen(run, app, "computer thinking");
    check_all_statuses(run, app, px);

    /* A hint: every free square's outcome, in words. */
    wait_for_computer(app);
    steps(app, SETTLE_FRAMES);
    press_key(app, SDLK_h);
    for (int i = 0; i < AI_GUARD_FRAMES && !app->play.hint_shown; i++) {
        if (app->play.hint_waiting) SDL_WaitEventTimeout(NULL, 10);
        steps(app, 1);
    }
    assert_true(app->play.hint_shown);
    steps(app, SETTLE_FRAMES);
    capture_and_check(run, app, "hint");
    press_key(app, SDLK_h);

    /* The performance overlay over the game. */
    press_key(app, SDLK_F3);
    steps(app, 2);
    assert_true(app->settings.show_overlay);
    capture_and_check(run, app, "overlay");
    press_key(app, SDLK_F3);
    steps(app, 2);

    /* The settings, then Reset scores pressed once (its confirmation). */
    press_key(app, SDLK_ESCAPE);
    steps(app, SETTLE_FRAMES);
    assert_true(app_showing(app, SCREEN_SETTINGS));
    capture_panel(run, app, "settings");
    click_rect(app, app->settings_screen.layout.rows[MENU_ROW_SCORES].options[0]);
    steps(app, 2);
    assert_true(app->settings_screen.reset_armed_ms != 0);
    capture_panel(run, app, "settings, reset armed");
    /* Without a sound device the Sound row says so. */
    app->audio_missing = true;
    capture_panel(run, app, "settings, no audio device");
    app->audio_missing = false;
    press_key(app, SDLK_ESCAPE);
    steps(app, SETTLE_FRAMES);

    /* The help. */
    press_key(app, SDLK_F1);
    steps(app, SETTLE_FRAMES);
    assert_true(app_showing(app, SCREEN_HELP));
    capture_panel(run, app, "help");
    press_key(app, SDLK_ESCAPE);
    steps(app, SETTLE_FRAMES);
    check_panels_and_review(run, app);
    text_set_observer(app->text, NULL, NULL);
    stop(app);
}

/* A hint on the largest board, where squares are smallest: one square of
 * each kind (won, lost and drawn with their move counts, the best guess,
 * an unknown), put in place of a real search's answer. */
static void check_small_squares(fit_run *run)
{
    settings s = settings_in(run->language, TTT_MAX_SIZE);
    app_state *app = start_sized(&s, run->width, run->height);
    text_set_observer(app->text, observe, run);
    steps(app, SETTLE_FRAMES);
    ttt_analysis *h = &app->play.hint;
    memset(h, 0, sizeof *h);
    static const ttt_outcome outcomes[] = {TTT_OUTCOME_WIN, TTT_OUTCOME_LOSS, TTT_OUTCOME_DRAW,
                                           TTT_OUTCOME_UNKNOWN, TTT_OUTCOME_UNKNOWN};
    h->count = (int)(sizeof outcomes / sizeof outcomes[0]);
    for (int i = 0; i < h->count; i++) {
        h->moves[i].pos = (ttt_pos){i / TTT_MAX_SIZE, i % TTT_MAX_SIZE};
        h->moves[i].outcome = outcomes[i];
        h->moves[i].plies = 59; /* two digits: the widest count */
        /* The draw best too: "Best" under its word (a proven best move). */
        h->moves[i].best = i == 3 || i == 2;
    }
    app->play.hint_shown = true;
    app->play.hint_ms = app->play.now_ms - APP_HINT_FADE_MS - 1;
    capture_and_check(run, app, "hint on 8x8");
    text_set_observer(app->text, NULL, NULL);
    stop(app);
}

/* A board the first player wins (7x7, 4 in a row), the longest words
 * about a board's value: the line under the status says so, and so does
 * the settings' Board size row, right of its label; then a hint with its
 * heat map on that board. */
static void check_board_value(fit_run *run)
{
    settings s = settings_in(run->language, 7);
    char err[128];
    assert_true(settings_set(&s, "k", "4", err, sizeof err));
    app_state *app = start_sized(&s, run->width, run->height);
    text_set_observer(app->text, observe, run);
    steps(app, SETTLE_FRAMES);
    assert_true(app->view.board_value[0] != '\0');
    assert_string_equal(app->view.game.rule, app->view.board_value);
    capture_and_check(run, app, "first-player win");
    press_key(app, SDLK_ESCAPE);
    steps(app, SETTLE_FRAMES);
    assert_true(app_showing(app, SCREEN_SETTINGS));
    capture_panel(run, app, "settings, first-player win");
    press_key(app, SDLK_ESCAPE);
    steps(app, SETTLE_FRAMES);
    text_set_observer(app->text, NULL, NULL);
    stop(app);
}

static void test_every_label_fits(void **state)
{
    (void)state;
    /* The build tree's catalogues, as the installed game finds its own. */
    SDL_setenv("TTT_LOCALEDIR", TTT_TEST_LOCALEDIR, 1);
    assert_true(i18n_init("tictactoe", NULL, I18N_CHARSET_UTF8));
    /* The default window, the smallest, a large landscape one and a full HD
     * screen. */
    static const window_size sizes[] = {{ARGS_DEFAULT_WIDTH, ARGS_DEFAULT_HEIGHT},
                                        {LAYOUT_MIN_WIDTH, LAYOUT_MIN_HEIGHT},
                                        {1500, 950},
                                        {1920, 1080}};
    fit_run *run = calloc(1, sizeof *run);
    assert_non_null(run);
    for (int l = 0; l < LANGUAGE_COUNT; l++) {
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
            run->language = LANGUAGES[l];
            run->width = sizes[z].width;
            run->height = sizes[z].height;
            run->tightest_margin = INT32_MAX;
            run->tightest[0] = '\0';
            run->smallest_px = INT32_MAX;
            run->smallest[0] = '\0';
            run->speaker_gap = INT32_MAX;
            check_game_screens(run);
            check_small_squares(run);
            check_board_value(run);
            printf("%s %dx%d: the tightest label is %s, %d px to spare; the smallest text is "
                   "%d px, %s; the status ends %d px from the speaker\n",
                   run->language, run->width, run->height, run->tightest, run->tightest_margin,
                   run->smallest_px, run->smallest, run->speaker_gap);
        }
    }
    printf("%d labels measured\n", run->checked);
    if (run->problems > 0) {
        /* cmocka cuts long messages: the list goes to stdout. */
        printf("Labels that do not fit their boxes:\n%s", run->report);
        fail_msg("%d labels do not fit their boxes (listed above)", run->problems);
    }
    free(run);
    /* A catalogue that did not load would pass as English: the German
     * labels must differ. */
    i18n_set_language("de");
    assert_string_not_equal(menu_row_label(MENU_ROW_LANGUAGE), "Language");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_label_fits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
