/*
 * screen_stats.c - the statistics panel (see screen_stats.h): its input,
 * then its drawing.
 */
#include "screen_stats.h"

#include <math.h>
#include <stdio.h>

#include "i18n.h"
#include "numparse.h"
#include "screen_puzzle.h"
#include "screens.h"

/* The table's columns: the board and level, then four numbers, as shares
 * of a row's width. */
#define LABEL_COLUMN_FRACTION 0.34f
#define NUMBER_COLUMNS 4
/* A heading, or a board and level, may take two lines ("Best / streak"). */
#define HEADING_LINES 2
/* Every other row is striped in the segment colour at this opacity. */
#define STRIPE_ALPHA 0.6f

void screen_stats_shown(app_state *app, bool open)
{
    app->stats_screen.changed_ms = app->play.now_ms;
    if (open) app->stats_screen.mode = (int)app->settings.mode;
}

void screen_stats_do(app_state *app, app_action action)
{
    switch (action) {
    case APP_ACTION_LEFT:
    case APP_ACTION_PREVIOUS:
        app->stats_screen.mode =
            (app->stats_screen.mode + SETTINGS_MODE_COUNT - 1) % SETTINGS_MODE_COUNT;
        return;
    case APP_ACTION_RIGHT:
    case APP_ACTION_NEXT:
        app->stats_screen.mode = (app->stats_screen.mode + 1) % SETTINGS_MODE_COUNT;
        return;
    case APP_ACTION_BACK:
    case APP_ACTION_ACTIVATE:
    case APP_ACTION_STATS:
    case APP_ACTION_MENU: screen_show(app, SCREEN_STATS, false); return;
    default: return;
    }
}

void screen_stats_mouse_down(app_state *app, int x, int y)
{
    layout_list_hit hit = layout_list_hit_test(&app->stats_screen.layout, x, y);
    if (!hit.inside) {
        screen_show(app, SCREEN_STATS, false);
        return;
    }
    if (hit.tab >= 0 && hit.tab < SETTINGS_MODE_COUNT) app->stats_screen.mode = hit.tab;
}

bool screen_stats_clickable(const app_state *app, int x, int y)
{
    return layout_list_hit_test(&app->stats_screen.layout, x, y).tab >= 0;
}

void screen_stats_entry_label(const tally_entry *e, char *buf, size_t cap)
{
    if (e->level == TALLY_NO_LEVEL)
        /* TRANSLATORS: a line of the statistics: the board (×: a
           multiplication sign) and how many in a row win. */
        snprintf(buf, cap, _("%d\xC3\x97%d, %d in a row"), e->size, e->size, e->k);
    else
        /* TRANSLATORS: a line of the statistics: the board, how many in a
           row win, and the computer's level (Easy, ..., Custom). */
        snprintf(buf, cap, _("%d\xC3\x97%d, %d in a row \xC2\xB7 %s"), e->size, e->size, e->k,
                 settings_difficulty_label(e->level));
}

void screen_stats_puzzle_line(const app_state *app, char *buf, size_t cap)
{
    const puzzle_stats *st = &app->prefs.puzzles;
    /* The daily puzzle of the day the puzzles show (a test may set it). */
    bool daily = st->daily_day == screen_puzzle_today(app);
    /* TRANSLATORS: the statistics' line on puzzles: solved, missed, solved
       in a row now, the most in a row, then whether today's puzzle is
       solved (the next two strings). */
    snprintf(buf, cap, _("Puzzles: %d solved, %d missed \xC2\xB7 streak %d, best %d \xC2\xB7 %s"),
             st->solved, st->missed, st->streak, st->best,
             /* TRANSLATORS: the end of the statistics' line on puzzles. */
             daily ? _("daily puzzle solved") : _("daily puzzle not solved yet"));
}

/* ------------------------------------------------------------------------- */
/* Drawing                                                                   */
/* ------------------------------------------------------------------------- */

/* The columns of row @p r: the label's box, then each number's. */
static void columns(layout_rect r, layout_rect *label, layout_rect numbers[NUMBER_COLUMNS])
{
    int pad = r.h / 6;
    int label_w = (int)((float)r.w * LABEL_COLUMN_FRACTION);
    *label = (layout_rect){r.x + pad, r.y, label_w - pad, r.h};
    int x = r.x + label_w, w = (r.w - label_w) / NUMBER_COLUMNS;
    for (int i = 0; i < NUMBER_COLUMNS; i++)
        numbers[i] = (layout_rect){x + i * w, r.y, w - pad / 2, r.h};
}

/* The headings of the mode's table. */
static void headings(int mode, const char *out[NUMBER_COLUMNS + 1])
{
    bool vs_computer = mode == SETTINGS_MODE_HUMAN_VS_COMPUTER;
    /* TRANSLATORS: the statistics' headings, over narrow columns of
       numbers: keep them short. The board and the level. */
    out[0] = vs_computer ? _("Board, level")
                         : (mode == SETTINGS_MODE_TWO_PLAYERS ? _("Board") : _("Board, level"));
    /* TRANSLATORS: a heading over the games you won. */
    out[1] = vs_computer ? _("Won") : _("X won");
    /* TRANSLATORS: a heading over the drawn games. */
    out[2] = _("Drawn");
    /* TRANSLATORS: a heading over the games you lost. */
    out[3] = vs_computer ? _("Lost") : _("O won");
    /* TRANSLATORS: a heading over the most games won in a row. */
    out[4] = _("Best streak");
}

/* The headings' size: the largest up to @p px at which each fits its
 * column, on two lines if need be. */
static int heading_px(draw_ctx *d, const layout_list *l, const char *head[NUMBER_COLUMNS + 1],
                      int px)
{
    layout_rect label, numbers[NUMBER_COLUMNS];
    columns(l->rows[0], &label, numbers);
    px = text_fit_lines(d->text, TEXT_BOLD, px, head[0], label, HEADING_LINES);
    for (int i = 0; i < NUMBER_COLUMNS; i++) {
        int fit = text_fit_lines(d->text, TEXT_BOLD, px, head[i + 1], numbers[i], HEADING_LINES);
        if (fit < px) px = fit;
    }
    return px;
}

/* The lines' size: the largest up to @p px at which every label fits. */
static int line_px(draw_ctx *d, const layout_list *l, const tally_entry *const *shown, int n,
                   int px)
{
    layout_rect label, numbers[NUMBER_COLUMNS];
    columns(l->rows[0], &label, numbers);
    for (int i = 0; i < n; i++) {
        char text[SCREEN_STATS_LABEL_MAX];
        screen_stats_entry_label(shown[i], text, sizeof text);
        int fit = text_fit_lines(d->text, TEXT_REGULAR, px, text, label, HEADING_LINES);
        if (fit < px) px = fit;
        const int values[NUMBER_COLUMNS] = {shown[i]->wins[0], shown[i]->draws, shown[i]->wins[1],
                                            shown[i]->best};
        for (int j = 0; j < NUMBER_COLUMNS; j++) {
            char num[NUMPARSE_TEXT_MAX];
            snprintf(num, sizeof num, "%d", values[j]);
            fit = text_fit(d->text, TEXT_BOLD, px, num, numbers[j], false);
            if (fit < px) px = fit;
        }
    }
    return px;
}

static void draw_tabs(draw_ctx *d, const app_state *app, const layout_list *l)
{
    int px = l->font_px;
    for (int i = 0; i < l->tab_count; i++) {
        layout_rect tb = draw_inset_rect(l->tabs[i], l->tabs[i].h / 8);
        int fit = text_fit(d->text, TEXT_BOLD, l->font_px, menu_option_label(MENU_ROW_MODE, i), tb,
                           false);
        if (fit < px) px = fit;
    }
    for (int i = 0; i < l->tab_count; i++) {
        bool sel = i == app->stats_screen.mode;
        shape_round_rect(&d->shapes, l->tabs[i], l->corner_radius,
                         draw_color(app, sel ? THEME_SEGMENT_SELECTED : THEME_SEGMENT));
        text_draw(d->text, sel ? TEXT_BOLD : TEXT_REGULAR, px,
                  draw_color(app, sel ? THEME_SEGMENT_TEXT_SELECTED : THEME_SEGMENT_TEXT),
                  menu_option_label(MENU_ROW_MODE, i),
                  draw_inset_rect(l->tabs[i], l->tabs[i].h / 8), TEXT_CENTER, NULL);
    }
}

void screen_stats_draw(draw_ctx *d, const app_state *app)
{
    const layout_list *l = &app->stats_screen.layout;
    float fade =
        draw_ease_out_cubic(draw_progress(app, app->stats_screen.changed_ms, APP_PANEL_FADE_MS));
    layout_rect whole = {0, 0, app->out_w, app->out_h};
    shape_round_rect(&d->shapes, whole, 0.0f, theme_fade(draw_color(app, THEME_SCRIM), fade));
    draw_panel(d, app, l->panel, l->corner_radius * DRAW_PANEL_CORNER_FACTOR);
    /* TRANSLATORS: the title of the statistics panel. */
    const char *title = _("Statistics");
    text_draw(d->text, TEXT_BOLD,
              text_fit(d->text, TEXT_BOLD, l->font_title_px, title, l->title, false),
              draw_color(app, THEME_TEXT), title, l->title, TEXT_LEFT, NULL);
    draw_tabs(d, app, l);

    /* The headings' row, the entries, and the puzzles' line last. */
    const tally_entry *shown[STATS_PANEL_ROWS - 2];
    int n = tally_of_mode(&app->prefs.tally, app->stats_screen.mode, shown, STATS_PANEL_ROWS - 2);
    const char *head[NUMBER_COLUMNS + 1];
    headings(app->stats_screen.mode, head);
    int hpx = heading_px(d, l, head, l->font_px);
    int px = line_px(d, l, shown, n, l->font_px);
    layout_rect label, numbers[NUMBER_COLUMNS];
    columns(l->rows[0], &label, numbers);
    theme_color ink = draw_color(app, THEME_TEXT), muted = draw_color(app, THEME_TEXT_MUTED);
    text_draw_lines(d->text, TEXT_BOLD, hpx, muted, head[0], label, TEXT_LEFT, HEADING_LINES, NULL);
    for (int i = 0; i < NUMBER_COLUMNS; i++)
        text_draw_lines(d->text, TEXT_BOLD, hpx, muted, head[i + 1], numbers[i], TEXT_RIGHT,
                        HEADING_LINES, NULL);
    if (n == 0) {
        /* TRANSLATORS: the statistics of a mode no game was finished in. */
        const char *none = _("No games finished in this mode yet.");
        layout_rect r = l->rows[1];
        text_draw(d->text, TEXT_REGULAR, text_fit(d->text, TEXT_REGULAR, px, none, r, false), muted,
                  none, r, TEXT_CENTER, NULL);
    }
    for (int i = 0; i < n && i + 2 < l->row_count; i++) {
        const tally_entry *e = shown[i];
        columns(l->rows[i + 1], &label, numbers);
        if (i % 2 == 0)
            shape_round_rect(&d->shapes, l->rows[i + 1], l->corner_radius,
                             theme_fade(draw_color(app, THEME_SEGMENT), STRIPE_ALPHA));
        char text[SCREEN_STATS_LABEL_MAX];
        screen_stats_entry_label(e, text, sizeof text);
        text_draw_lines(d->text, TEXT_REGULAR, px, ink, text, label, TEXT_LEFT, HEADING_LINES,
                        NULL);
        const int values[NUMBER_COLUMNS] = {e->wins[0], e->draws, e->wins[1], e->best};
        for (int j = 0; j < NUMBER_COLUMNS; j++) {
            char num[NUMPARSE_TEXT_MAX];
            snprintf(num, sizeof num, "%d", values[j]);
            text_draw(d->text, j == 3 ? TEXT_BOLD : TEXT_REGULAR, px, ink, num, numbers[j],
                      TEXT_RIGHT, NULL);
        }
    }
    if (l->row_count >= 2) {
        char puzzles[VIEW_STATUS_MAX];
        screen_stats_puzzle_line(app, puzzles, sizeof puzzles);
        layout_rect r = l->rows[l->row_count - 1];
        text_draw_lines(d->text, TEXT_REGULAR,
                        text_fit_lines(d->text, TEXT_REGULAR, px, puzzles, r, HEADING_LINES), ink,
                        puzzles, r, TEXT_LEFT, HEADING_LINES, NULL);
    }
    /* TRANSLATORS: under the statistics. */
    const char *note = _("Left and Right change the mode; Esc closes.");
    text_draw(d->text, TEXT_REGULAR,
              text_fit(d->text, TEXT_REGULAR, l->font_note_px, note, l->note, false), muted, note,
              l->note, TEXT_CENTER, NULL);
}
