/*
 * screen_puzzle.c - the puzzles (see screen_puzzle.h): the puzzle on the
 * board and its chooser, their input, then the chooser's drawing.
 */
#include "screen_puzzle.h"

#include <math.h>
#include <stdio.h>

#include "audio.h"
#include "i18n.h"
#include "screen_review.h"
#include "screens.h"

/* The chooser's focus bar and quieter hint, as the game menu's. */
#define CHOOSER_ARROWS_FRACTION 0.12f

/* ------------------------------------------------------------------------- */
/* The puzzle on the board                                                   */
/* ------------------------------------------------------------------------- */

/* The boards that have puzzles (the set is constant: worked out each time). */
static int boards(int *sizes, int *ks)
{
    return puzzle_session_boards(sizes, ks, PUZZLE_SESSION_MAX_BOARDS);
}

int64_t screen_puzzle_today(const app_state *app)
{
    int64_t day = 0;
    if (app->cfg.puzzle_date && puzzle_day_from_date(app->cfg.puzzle_date, &day)) return day;
    return puzzle_utc_day_now();
}

int screen_puzzle_board_size(const app_state *app)
{
    const puzzle_session *s = &app->puzzle_screen.session;
    return s->index >= 0 ? s->size : ttt_game_size(app->play.game);
}

void screen_puzzle_start(app_state *app, int index, bool daily, int64_t day)
{
    puzzle_session *s = &app->puzzle_screen.session;
    if (!puzzle_session_start(s, index, daily, day, app->play.now_ms)) return;
    app->cursor_shown = false;
    app->cursor_row = app->cursor_col = s->size / 2;
    app->redraw = true;
}

/* The puzzle shown, again from its start, the cursor at the centre. */
static void retry(app_state *app)
{
    puzzle_session *s = &app->puzzle_screen.session;
    puzzle_session_retry(s, app->play.now_ms);
    app->cursor_row = app->cursor_col = s->size / 2;
    app->redraw = true;
}

/* The chosen board's and level's puzzle after the one shown. */
static void next_puzzle(app_state *app)
{
    puzzle_screen_state *ps = &app->puzzle_screen;
    int sizes[PUZZLE_SESSION_MAX_BOARDS], ks[PUZZLE_SESSION_MAX_BOARDS];
    int n = boards(sizes, ks);
    if (n == 0) return;
    if (ps->board < 0 || ps->board >= n) ps->board = 0;
    int after = ps->session.daily ? -1 : ps->session.index;
    int index = puzzle_session_next(sizes[ps->board], ks[ps->board], ps->difficulty, after);
    if (index < 0) index = puzzle_session_next(sizes[ps->board], ks[ps->board], PUZZLE_ANY, after);
    if (index >= 0) screen_puzzle_start(app, index, false, 0);
}

static void daily_puzzle(app_state *app)
{
    int64_t day = screen_puzzle_today(app);
    screen_puzzle_start(app, puzzle_daily(day), true, day);
}

void screen_puzzle_open(app_state *app)
{
    puzzle_screen_state *ps = &app->puzzle_screen;
    if (app_showing(app, SCREEN_REVIEW)) screen_review_close(app);
    /* The game's turn waits: no search runs while a puzzle is played. */
    play_invalidate_ai(&app->play);
    if (app->play.hint_shown || app->play.hint_waiting) play_hint_toggle(&app->play);
    if (ps->session.index < 0) {
        /* The current board when it has puzzles, else the first that has. */
        int sizes[PUZZLE_SESSION_MAX_BOARDS], ks[PUZZLE_SESSION_MAX_BOARDS];
        int n = boards(sizes, ks);
        ps->board = 0;
        for (int i = 0; i < n; i++)
            if (sizes[i] == ttt_game_size(app->play.game) && ks[i] == ttt_game_k(app->play.game))
                ps->board = i;
        if (ps->difficulty == PUZZLE_ANY) ps->difficulty = PUZZLE_EASY;
        next_puzzle(app);
    }
    /* A move left waiting when the puzzles closed: the game's jobs may have
     * replaced it on the worker since, so it is asked again (same id). */
    if (ps->session.phase == PUZZLE_SESSION_WAITING &&
        (!app->ai || !worker_submit_puzzle(app->ai, &ps->session.moves, ps->session.job_id)))
        puzzle_session_on_result(&ps->session, ps->session.job_id, NULL, app->play.now_ms);
    screen_show(app, SCREEN_PUZZLE, true);
    screen_show(app, SCREEN_PUZZLE_MENU, true);
}

void screen_puzzle_close(app_state *app)
{
    screen_show(app, SCREEN_PUZZLE_MENU, false);
    screen_show(app, SCREEN_PUZZLE, false);
    app->cursor_shown = false;
    app->redraw = true;
}

/* The player plays @p pos: shown at once, answered by the worker. */
static void play_at(app_state *app, int row, int col)
{
    puzzle_session *s = &app->puzzle_screen.session;
    puzzle_session_job job;
    if (!puzzle_session_move(s, (ttt_pos){row, col}, app->play.now_ms, &job)) {
        audio_play(app->audio, SOUND_CUE_REFUSED);
        return;
    }
    audio_play(app->audio, s->solver == TTT_PLAYER_O ? SOUND_CUE_PLACE_O : SOUND_CUE_PLACE_X);
    if (!app->ai || !worker_submit_puzzle(app->ai, &job, s->job_id))
        puzzle_session_on_result(s, s->job_id, NULL, app->play.now_ms);
    app->redraw = true;
}

void screen_puzzle_on_result(app_state *app, const worker_result *r)
{
    puzzle_session *s = &app->puzzle_screen.session;
    if (!puzzle_session_on_result(s, r->job_id, r->status == TTT_OK ? &r->puzzle : NULL,
                                  app->play.now_ms))
        return;
    app->redraw = true;
    if (r->status != TTT_OK) {
        SDL_Log("Couldn't answer a puzzle move: %s", ttt_status_message(r->status));
        return;
    }
    if (s->phase == PUZZLE_SESSION_SOLVED || s->phase == PUZZLE_SESSION_MISSED) {
        app->cursor_shown = false; /* the board is for looking now */
        bool solved = s->phase == PUZZLE_SESSION_SOLVED;
        /* Counted in the settings file's [puzzles]; the saver writes it. */
        puzzle_stats_count(&app->prefs.puzzles, solved, s->daily, s->day);
        app->prefs_dirty = true;
        audio_play(app->audio, solved ? SOUND_CUE_WIN : SOUND_CUE_LOSS);
    } else if (s->has_reply) {
        audio_play(app->audio, s->solver == TTT_PLAYER_O ? SOUND_CUE_PLACE_X : SOUND_CUE_PLACE_O);
    }
}

/* Move the keyboard cursor, showing it (the first press only shows it). */
static void move_cursor(app_state *app, int drow, int dcol)
{
    int n = screen_puzzle_board_size(app);
    if (app->cursor_shown) {
        app->cursor_row = (app->cursor_row + drow + n) % n;
        app->cursor_col = (app->cursor_col + dcol + n) % n;
    }
    app->cursor_shown = true;
    app->redraw = true;
}

int screen_puzzle_do(app_state *app, app_action action)
{
    puzzle_session *s = &app->puzzle_screen.session;
    bool over = s->phase == PUZZLE_SESSION_SOLVED || s->phase == PUZZLE_SESSION_MISSED;
    switch (action) {
    case APP_ACTION_UP: move_cursor(app, -1, 0); return -1;
    case APP_ACTION_DOWN: move_cursor(app, 1, 0); return -1;
    case APP_ACTION_LEFT: move_cursor(app, 0, -1); return -1;
    case APP_ACTION_RIGHT: move_cursor(app, 0, 1); return -1;
    case APP_ACTION_ACTIVATE:
        if (over) {
            /* Enter after the end: the next puzzle, or this one again. */
            if (s->phase == PUZZLE_SESSION_SOLVED)
                next_puzzle(app);
            else
                retry(app);
        } else if (!app->cursor_shown) {
            app->cursor_shown = true;
        } else {
            play_at(app, app->cursor_row, app->cursor_col);
        }
        app->redraw = true;
        return -1;
    case APP_ACTION_UNDO: retry(app); return -1;
    case APP_ACTION_NEW_GAME:
    case APP_ACTION_REDO: next_puzzle(app); return -1;
    case APP_ACTION_HINT: daily_puzzle(app); return -1;
    case APP_ACTION_MENU:
    case APP_ACTION_SETTINGS: screen_show(app, SCREEN_PUZZLE_MENU, true); return -1;
    case APP_ACTION_STATS: screen_show(app, SCREEN_STATS, true); return -1;
    case APP_ACTION_BACK: screen_puzzle_close(app); return -1;
    default: return -1;
    }
}

/* What each button does on the puzzle, by slot (layout_button). */
static const app_action BUTTON_ACTIONS[LAYOUT_BUTTON_COUNT] = {
    [LAYOUT_BUTTON_NEW_GAME] = APP_ACTION_BACK,
    [LAYOUT_BUTTON_UNDO] = APP_ACTION_UNDO,
    [LAYOUT_BUTTON_REDO] = APP_ACTION_REDO,
    [LAYOUT_BUTTON_HINT] = APP_ACTION_HINT,
    [LAYOUT_BUTTON_SETTINGS] = APP_ACTION_MENU};

int screen_puzzle_mouse_down(app_state *app, int x, int y)
{
    layout_button b = layout_button_at(&app->layout, x, y);
    if (b != LAYOUT_BUTTON_NONE && b < LAYOUT_BUTTON_COUNT) return (int)BUTTON_ACTIONS[b];
    int row, col;
    if (layout_square_at(&app->layout, x, y, &row, &col)) {
        app->cursor_shown = false;
        play_at(app, row, col);
    }
    return -1;
}

bool screen_puzzle_clickable(const app_state *app, int x, int y)
{
    int row, col;
    if (layout_button_at(&app->layout, x, y) != LAYOUT_BUTTON_NONE) return true;
    return layout_square_at(&app->layout, x, y, &row, &col) &&
           puzzle_session_playable(&app->puzzle_screen.session, (ttt_pos){row, col});
}

void screen_puzzle_draw_board(draw_ctx *d, const app_state *app, const view_puzzle *v)
{
    if (!v->has_key) return;
    view_review key = {.has_next = true,
                       .next = v->key,
                       .has_better = true,
                       .better = v->key,
                       .better_mover = v->solver};
    screen_review_draw_board(d, app, &key);
}

/* ------------------------------------------------------------------------- */
/* The chooser                                                               */
/* ------------------------------------------------------------------------- */

static const char *level_label(puzzle_difficulty d)
{
    switch (d) {
    /* TRANSLATORS: a puzzle's grade (Easy, Medium, Hard). */
    case PUZZLE_MEDIUM: return C_("puzzle", "Medium");
    case PUZZLE_HARD: return C_("puzzle", "Hard");
    case PUZZLE_EASY:
    case PUZZLE_ANY:
    default: return C_("puzzle", "Easy");
    }
}

void screen_puzzle_menu_label(const app_state *app, int row, char *buf, size_t cap)
{
    const puzzle_screen_state *ps = &app->puzzle_screen;
    int sizes[PUZZLE_SESSION_MAX_BOARDS], ks[PUZZLE_SESSION_MAX_BOARDS];
    int n = boards(sizes, ks), b = ps->board >= 0 && ps->board < n ? ps->board : 0;
    switch (row) {
    case PUZZLE_MENU_BOARD:
        if (n == 0) {
            snprintf(buf, cap, "%s", _("No puzzle for this board."));
            return;
        }
        /* TRANSLATORS: the puzzles' chooser: the board (×: a
           multiplication sign) and how many in a row win; the arrows
           change it. */
        snprintf(buf, cap, _("Board: %d\xC3\x97%d, %d in a row"), sizes[b], sizes[b], ks[b]);
        return;
    case PUZZLE_MENU_LEVEL:
        /* TRANSLATORS: the puzzles' chooser: the grade; the arrows change it. */
        snprintf(buf, cap, _("Level: %s"), level_label(ps->difficulty));
        return;
    case PUZZLE_MENU_PLAY:
        /* TRANSLATORS: the puzzles' chooser: a puzzle of that board and level. */
        snprintf(buf, cap, "%s", _("Play a puzzle"));
        return;
    case PUZZLE_MENU_DAILY:
        if (app->prefs.puzzles.daily_day == screen_puzzle_today(app))
            /* TRANSLATORS: the puzzles' chooser: today's puzzle, solved already. */
            snprintf(buf, cap, "%s", _("Daily puzzle (solved)"));
        else
            /* TRANSLATORS: the puzzles' chooser: the puzzle of the day, the
               same for everyone that (UTC) day. */
            snprintf(buf, cap, "%s", _("Daily puzzle"));
        return;
    default: buf[0] = '\0'; return;
    }
}

void screen_puzzle_menu_shown(app_state *app, bool open)
{
    app->puzzle_screen.changed_ms = app->play.now_ms;
    if (open) {
        app->puzzle_screen.focus = PUZZLE_MENU_PLAY;
        app->puzzle_screen.show_focus = false;
    }
}

/* Row @p row's value one step on (@p step 1) or back (-1). */
static void change(app_state *app, int row, int step)
{
    puzzle_screen_state *ps = &app->puzzle_screen;
    if (row == PUZZLE_MENU_BOARD) {
        int sizes[PUZZLE_SESSION_MAX_BOARDS], ks[PUZZLE_SESSION_MAX_BOARDS];
        int n = boards(sizes, ks);
        if (n > 0) ps->board = (ps->board + step + n) % n;
    } else if (row == PUZZLE_MENU_LEVEL) {
        int d = ((int)ps->difficulty - 1 + step + 3) % 3;
        ps->difficulty = (puzzle_difficulty)(d + 1);
    }
}

/* Row @p row chosen (Enter, a click). */
static void choose(app_state *app, int row)
{
    if (row == PUZZLE_MENU_BOARD || row == PUZZLE_MENU_LEVEL) {
        change(app, row, 1);
        return;
    }
    if (row == PUZZLE_MENU_PLAY) {
        /* The puzzle showing when it is of the choice and untouched, else
         * the choice's next. */
        const puzzle_screen_state *ps = &app->puzzle_screen;
        const puzzle_session *s = &ps->session;
        int sizes[PUZZLE_SESSION_MAX_BOARDS], ks[PUZZLE_SESSION_MAX_BOARDS];
        int n = boards(sizes, ks);
        bool fits = s->index >= 0 && !s->daily && s->moves.count == 0 && ps->board < n &&
                    s->size == sizes[ps->board] && s->k == ks[ps->board] &&
                    puzzle_get(s->index)->difficulty == (unsigned char)ps->difficulty;
        if (!fits) next_puzzle(app);
    } else if (row == PUZZLE_MENU_DAILY) {
        daily_puzzle(app);
    } else {
        return;
    }
    screen_show(app, SCREEN_PUZZLE_MENU, false);
}

int screen_puzzle_menu_do(app_state *app, app_action action)
{
    puzzle_screen_state *ps = &app->puzzle_screen;
    switch (action) {
    case APP_ACTION_UP:
    case APP_ACTION_PREVIOUS:
        ps->show_focus = true;
        ps->focus = screen_list_next(app, ps->focus, -1, PUZZLE_MENU_COUNT, NULL);
        return -1;
    case APP_ACTION_DOWN:
    case APP_ACTION_NEXT:
        ps->show_focus = true;
        ps->focus = screen_list_next(app, ps->focus, 1, PUZZLE_MENU_COUNT, NULL);
        return -1;
    case APP_ACTION_LEFT:
    case APP_ACTION_RIGHT:
        ps->show_focus = true;
        change(app, ps->focus, action == APP_ACTION_LEFT ? -1 : 1);
        return -1;
    case APP_ACTION_ACTIVATE: choose(app, ps->focus); return -1;
    case APP_ACTION_HINT: choose(app, PUZZLE_MENU_DAILY); return -1;
    case APP_ACTION_MENU:
    case APP_ACTION_SETTINGS:
    case APP_ACTION_BACK:
        /* Back to the puzzle on the board (Esc there goes back to the game). */
        screen_show(app, SCREEN_PUZZLE_MENU, false);
        return -1;
    default: return -1;
    }
}

int screen_puzzle_menu_mouse_down(app_state *app, int x, int y)
{
    layout_list_hit hit = layout_list_hit_test(&app->puzzle_screen.layout, x, y);
    if (!hit.inside) {
        screen_show(app, SCREEN_PUZZLE_MENU, false);
        return -1;
    }
    if (hit.row >= 0 && hit.row < PUZZLE_MENU_COUNT) {
        app->puzzle_screen.focus = hit.row;
        choose(app, hit.row);
    }
    return -1;
}

bool screen_puzzle_menu_clickable(const app_state *app, int x, int y)
{
    layout_list_hit hit = layout_list_hit_test(&app->puzzle_screen.layout, x, y);
    return hit.row >= 0 && hit.row < PUZZLE_MENU_COUNT;
}

void screen_puzzle_menu_draw(draw_ctx *d, const app_state *app)
{
    const puzzle_screen_state *ps = &app->puzzle_screen;
    const layout_list *l = &ps->layout;
    float fade = draw_ease_out_cubic(draw_progress(app, ps->changed_ms, APP_PANEL_FADE_MS));
    layout_rect whole = {0, 0, app->out_w, app->out_h};
    shape_round_rect(&d->shapes, whole, 0.0f, theme_fade(draw_color(app, THEME_SCRIM), fade));
    draw_panel(d, app, l->panel, l->corner_radius * DRAW_PANEL_CORNER_FACTOR);
    /* TRANSLATORS: the title of the puzzles' chooser. */
    const char *title = _("Puzzles");
    text_draw(d->text, TEXT_BOLD,
              text_fit(d->text, TEXT_BOLD, l->font_title_px, title, l->title, false),
              draw_color(app, THEME_TEXT), title, l->title, TEXT_LEFT, NULL);
    char labels[PUZZLE_MENU_COUNT][VIEW_RULE_MAX];
    int px = l->font_px;
    for (int i = 0; i < PUZZLE_MENU_COUNT && i < l->row_count; i++) {
        screen_puzzle_menu_label(app, i, labels[i], sizeof labels[i]);
        layout_rect r = l->rows[i];
        int inset = r.h / 3, arrows = (int)((float)r.w * CHOOSER_ARROWS_FRACTION);
        layout_rect lb = {r.x + inset, r.y, r.w - 2 * inset - arrows, r.h};
        int fit = text_fit(d->text, TEXT_BOLD, l->font_px, labels[i], lb, false);
        if (fit < px) px = fit;
    }
    for (int i = 0; i < PUZZLE_MENU_COUNT && i < l->row_count; i++) {
        layout_rect r = l->rows[i];
        bool focused = ps->show_focus && ps->focus == i;
        theme_color ink = draw_list_entry(d, app, r, l->corner_radius * DRAW_BUTTON_CORNER_FACTOR,
                                          (float)l->panel.w, true, focused);
        int inset = r.h / 3, arrows = (int)((float)r.w * CHOOSER_ARROWS_FRACTION);
        layout_rect lb = {r.x + inset, r.y, r.w - 2 * inset - arrows, r.h};
        layout_rect ab = {r.x + r.w - inset - arrows, r.y, arrows, r.h};
        text_draw(d->text, TEXT_BOLD, px, ink, labels[i], lb, TEXT_LEFT, NULL);
        if (i == PUZZLE_MENU_BOARD || i == PUZZLE_MENU_LEVEL)
            text_draw(d->text, TEXT_REGULAR, px, ink, "\xE2\x97\x80 \xE2\x96\xB6", ab, TEXT_RIGHT,
                      NULL);
    }
    const puzzle_stats *st = &app->prefs.puzzles;
    char note[VIEW_STATUS_MAX];
    /* TRANSLATORS: under the puzzles' chooser: puzzles solved, solved in a
       row now, and the most in a row. */
    snprintf(note, sizeof note, _("Solved %d \xC2\xB7 streak %d \xC2\xB7 best %d"), st->solved,
             st->streak, st->best);
    text_draw(d->text, TEXT_REGULAR,
              text_fit(d->text, TEXT_REGULAR, l->font_note_px, note, l->note, false),
              draw_color(app, THEME_TEXT_MUTED), note, l->note, TEXT_CENTER, NULL);
}
