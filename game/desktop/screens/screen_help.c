/*
 * screen_help.c - the help screen (see screen_help.h): its input, then its
 * drawing.
 */
#include "screen_help.h"

#include "app_online.h"
#include "i18n.h"
#include "screens.h"

/* Help panel: size as fractions of the window. */
#define HELP_WIDTH_FRACTION 0.94f
#define HELP_HEIGHT_FRACTION 0.92f
/* The keys' column: as wide as its widest key, within these fractions of
 * the panel's inside. */
#define HELP_KEY_COLUMN_MIN_FRACTION 0.22f
#define HELP_KEY_COLUMN_MAX_FRACTION 0.45f

/* ------------------------------------------------------------------------- */
/* Input                                                                     */
/* ------------------------------------------------------------------------- */

void screen_help_shown(app_state *app, bool open)
{
    (void)open; /* the fade runs both ways from the same time */
    app->help_screen.changed_ms = app->play.now_ms;
}

void screen_help_do(app_state *app, app_action action)
{
    if (action == APP_ACTION_BACK || action == APP_ACTION_ACTIVATE)
        screen_show(app, SCREEN_HELP, false);
}

void screen_help_mouse_down(app_state *app)
{
    screen_show(app, SCREEN_HELP, false);
}

/* ------------------------------------------------------------------------- */
/* Drawing                                                                   */
/* ------------------------------------------------------------------------- */

/* The help's lines: keys (bold) and what they do; translated when drawn.
 * Key names stay as printed on keyboards in most languages, but a
 * translator may use the local names ("Eingabe", "Entrée"); they are
 * looked up in the context "key" (C_), so a key's name never takes the
 * translation of the same English word elsewhere ("H", the --height
 * option's value, is "ALTO" in Spanish). */
static const char *const HELP_KEYS[][2] = {
    /* TRANSLATORS: the help lists keys on the left and what they do on the
       right, in two columns of a narrow panel: keep both short. */
    {NC_("key", "Arrow keys"), N_("Show and move the cursor")},
    /* TRANSLATORS: the cursor is hidden until an arrow key is used; the
       first press of Enter or Space only shows it. */
    {NC_("key", "Enter, Space"), N_("Place a mark (a hidden cursor shows first)")},
    /* TRANSLATORS: the digit keys 1 to 9 place a mark on a 3×3 board, 1 in
       the top-left corner, row by row. */
    {NC_("key", "1 \xE2\x80\x93 9 (3\xC3\x97"
                "3 board)"),
     N_("Place, 1 at the top left, row by row")},
    {"N", N_("New game")},
    {NC_("key", "U, Ctrl+Z"), N_("Undo your move (and the reply)")},
    {NC_("key", "Ctrl+Y, Ctrl+Shift+Z"), N_("Redo")},
    {"H", N_("Hint: each free square's outcome")},
    /* TRANSLATORS: F10 opens the game menu (the Menu button). */
    {"F10", N_("Menu: review, replay, statistics, save")},
    /* TRANSLATORS: F10 opens the game menu (the Menu button), where saving
       to a file is off (the browser, or a run without a settings folder). */
    {"F10", N_("Menu: review, replay, statistics")},
    {"R", N_("Review the game: each move's verdict")},
    {"P", N_("Replay the last game")},
    {"S", N_("Statistics")},
    {NC_("key", "Ctrl+S"), N_("Save the game to a file")},
    /* TRANSLATORS: in the online lobby (Play a friend online), Ctrl+V
       pastes what was copied into the room code's field. */
    {NC_("key", "Online: Ctrl+V"), N_("Paste a room code or an invite link")},
    /* TRANSLATORS: keys while reviewing a game. */
    {NC_("key", "Review: arrows, wheel"), N_("A move back or on")},
    {NC_("key", "Review: Home, End, + \xE2\x88\x92"), N_("First, last; replay faster, slower")},
    {NC_("key", "Esc"), N_("Settings (arrows, Tab, Enter)")},
    {"M", N_("Sound on / off")},
    {"F3", N_("Performance overlay")},
    {"F11", N_("Fullscreen")},
    {"F1, ?", N_("This help")},
    /* TRANSLATORS: a game controller's buttons (A, B, X, Y, Start, Back, LB
       and RB are printed on it: keep them). */
    {NC_("key", "Pad: d-pad / stick, A, B"), N_("Move, place, undo (B: back)")},
    {NC_("key", "Pad: X, Y, Start, Back"), N_("Hint, redo, menu, this help")},
    {NC_("key", "Pad: LB, RB"), N_("A move back, on (review)")},
};
#define HELP_ALL_LINES ((int)(sizeof HELP_KEYS / sizeof HELP_KEYS[0]))
/* The lines that depend on saving to a file (HELP_KEYS' order). */
#define HELP_MENU_WITH_SAVE 7
#define HELP_MENU_WITHOUT_SAVE 8
#define HELP_CTRL_S 12
/* The online lobby's paste: where online play is built. */
#define HELP_ONLINE_PASTE 13
/* Lines shown: all but one of the two F10 lines, Ctrl+S only where
 * saving works, the online lobby's line only where online play is. */
#define HELP_LINES (HELP_ALL_LINES - 1)

bool screen_help_saving(const app_state *app)
{
#ifdef __EMSCRIPTEN__
    (void)app;
    return false; /* a page has no folder to show a record in (docs/web.md) */
#else
    return app->cfg.records_dir != NULL || app->cfg.settings_path != NULL;
#endif
}

/* Is HELP_KEYS' line @p i shown when saving is @p saving? */
static bool line_shown(int i, bool saving)
{
    if (i == HELP_CTRL_S || i == HELP_MENU_WITH_SAVE) return saving;
    if (i == HELP_MENU_WITHOUT_SAVE) return !saving;
    if (i == HELP_ONLINE_PASTE) return app_online_available();
    return true;
}

/* The HELP_KEYS index of shown line @p n, or -1. */
static int line_index(bool saving, int n)
{
    for (int i = 0; i < HELP_ALL_LINES; i++)
        if (line_shown(i, saving) && n-- == 0) return i;
    return -1;
}

int screen_help_line_count(const app_state *app)
{
    return HELP_LINES - (screen_help_saving(app) ? 0 : 1) - (app_online_available() ? 0 : 1);
}

void screen_help_line(const app_state *app, int n, const char **key, const char **what)
{
    int i = line_index(screen_help_saving(app), n);
    *key = i >= 0 ? C_("key", HELP_KEYS[i][0]) : "";
    *what = i >= 0 ? _(HELP_KEYS[i][1]) : "";
}

/* Lines of text a row takes, and the rows' height, at a size. */
#define HELP_LINE_SPACING 1.25f
#define HELP_MAX_LINES 2
/* Two columns of keys once the window is this much wider than tall. */
#define HELP_TWO_COLUMN_ASPECT 1.2f

/* The help's geometry at one text size: where each row goes. */
typedef struct help_rows {
    int px;
    int columns;
    int key_w, desc_w;
    int lines[HELP_LINES]; /* 1 or 2: a description may wrap once. */
    int height;            /* The tallest column, in pixels. */
} help_rows;

/* Measure the rows at @p px in @p columns columns of @p col_w pixels.
 * @return false when a key or a description does not fit at all. */
static bool measure_rows(draw_ctx *d, const app_state *app, int px, int columns, int col_w,
                         help_rows *out)
{
    int count = screen_help_line_count(app);
    out->px = px;
    out->columns = columns;
    int key_w = (int)((float)col_w * HELP_KEY_COLUMN_MIN_FRACTION);
    for (int i = 0; i < count; i++) {
        const char *key = "", *what = "";
        screen_help_line(app, i, &key, &what);
        int tw = 0, th = 0;
        if (text_measure(d->text, TEXT_BOLD, px, key, &tw, &th) && tw + px > key_w) key_w = tw + px;
    }
    if (key_w > (int)((float)col_w * HELP_KEY_COLUMN_MAX_FRACTION)) return false;
    out->key_w = key_w;
    out->desc_w = col_w - key_w;
    int line_h = (int)((float)px * HELP_LINE_SPACING);
    int per_column = (count + columns - 1) / columns, column_h = 0;
    out->height = 0;
    for (int i = 0; i < count; i++) {
        const char *key = "", *what = "";
        screen_help_line(app, i, &key, &what);
        layout_rect box = {0, 0, out->desc_w, line_h * HELP_MAX_LINES};
        int n = 1;
        int tw = 0, th = 0;
        if (text_measure(d->text, TEXT_REGULAR, px, what, &tw, &th) && tw > out->desc_w) {
            if (text_fit_lines(d->text, TEXT_REGULAR, px, what, box, HELP_MAX_LINES) < px)
                return false;
            n = HELP_MAX_LINES;
        }
        out->lines[i] = n;
        column_h += n * line_h;
        if ((i + 1) % per_column == 0 || i == count - 1) {
            if (column_h > out->height) out->height = column_h;
            column_h = 0;
        }
    }
    return true;
}

void screen_help_draw(draw_ctx *d, const app_state *app)
{
    float fade =
        draw_ease_out_cubic(draw_progress(app, app->help_screen.changed_ms, APP_HELP_FADE_MS));
    layout_rect whole = {0, 0, app->out_w, app->out_h};
    shape_round_rect(&d->shapes, whole, 0.0f, theme_fade(draw_color(app, THEME_SCRIM), fade));
    int unit = app->out_w < app->out_h ? app->out_w : app->out_h;
    int columns = (float)app->out_w >= (float)app->out_h * HELP_TWO_COLUMN_ASPECT ? 2 : 1;
    int w = (int)((float)app->out_w * HELP_WIDTH_FRACTION);
    int h = (int)((float)app->out_h * HELP_HEIGHT_FRACTION);
    /* The panel keeps a readable shape in very wide windows. */
    if (w > unit * 3 / 2 * columns) w = unit * 3 / 2 * columns;
    int count = screen_help_line_count(app);
    layout_rect panel = {(app->out_w - w) / 2, (app->out_h - h) / 2, w, h};
    draw_panel(d, app, panel, app->layout.corner_radius * DRAW_PANEL_CORNER_FACTOR);
    int pad = (w / columns) / 24;
    int inner = w - 2 * pad;
    int gap = columns > 1 ? pad * 2 : 0;
    int col_w = (inner - gap) / columns;
    /* Title and closing note: about three rows between them. */
    int base = (h - 2 * pad) / (count / columns + 4);
    int title_px = base * 11 / 20 * 13 / 10;
    layout_rect title = {panel.x + pad, panel.y + pad, inner, base * 3 / 2};
    layout_rect note = {panel.x + pad, panel.y + h - pad - base * 3 / 2, inner, base * 3 / 2};
    int room = note.y - (title.y + title.h);
    /* TRANSLATORS: the title of the help panel, which lists the keys. */
    text_draw(d->text, TEXT_BOLD, text_fit(d->text, TEXT_BOLD, title_px, _("Keys"), title, false),
              draw_color(app, THEME_TEXT), _("Keys"), title, TEXT_LEFT, NULL);
    /* One size for every line: the largest at which all the rows, each
     * description on one line or two, fit the room. */
    help_rows rows;
    int per_col = (count + columns - 1) / columns;
    int px = (int)((float)room / (float)per_col / HELP_LINE_SPACING);
    if (px > title_px) px = title_px;
    while (px > LAYOUT_MIN_READABLE_PX &&
           (!measure_rows(d, app, px, columns, col_w, &rows) || rows.height > room))
        px--;
    if (!measure_rows(d, app, px, columns, col_w, &rows))
        measure_rows(d, app, px, columns, col_w, &rows);
    int line_h = (int)((float)rows.px * HELP_LINE_SPACING);
    int per_column = per_col;
    int y0 = title.y + title.h + (room - rows.height) / 2;
    int y = y0;
    for (int i = 0; i < count; i++) {
        const char *key = "", *what = "";
        screen_help_line(app, i, &key, &what);
        int column = i / per_column;
        if (i % per_column == 0) y = y0;
        int x = panel.x + pad + column * (col_w + gap);
        int row_h = rows.lines[i] * line_h;
        layout_rect kb = {x, y, rows.key_w - rows.px / 2, line_h};
        layout_rect db = {x + rows.key_w, y, rows.desc_w, row_h};
        text_draw(d->text, TEXT_BOLD, rows.px, draw_color(app, THEME_TEXT), key, kb, TEXT_LEFT,
                  NULL);
        if (rows.lines[i] > 1)
            text_draw_lines(d->text, TEXT_REGULAR, rows.px, draw_color(app, THEME_TEXT_MUTED), what,
                            db, TEXT_LEFT, HELP_MAX_LINES, NULL);
        else
            text_draw(d->text, TEXT_REGULAR, rows.px, draw_color(app, THEME_TEXT_MUTED), what, db,
                      TEXT_LEFT, NULL);
        y += row_h;
    }
    const char *closing = _("Esc, Enter or a click closes this help.");
    text_draw(d->text, TEXT_REGULAR, text_fit(d->text, TEXT_REGULAR, rows.px, closing, note, false),
              draw_color(app, THEME_TEXT_MUTED), closing, note, TEXT_CENTER, NULL);
}
