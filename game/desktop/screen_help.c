/*
 * screen_help.c - the help screen (see screen_help.h): its input, then its
 * drawing.
 */
#include "screen_help.h"

#include "i18n.h"

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

void screen_help_open(app_state *app, bool open)
{
    app->help_open = open;
    app->help_changed_ms = app->play.now_ms;
}

void screen_help_do(app_state *app, app_action action)
{
    if (action == APP_ACTION_BACK || action == APP_ACTION_ACTIVATE) screen_help_open(app, false);
}

void screen_help_mouse_down(app_state *app)
{
    screen_help_open(app, false);
}

/* ------------------------------------------------------------------------- */
/* Drawing                                                                   */
/* ------------------------------------------------------------------------- */

/* The help's lines: keys (bold) and what they do; translated when drawn.
 * Key names stay as printed on keyboards in most languages, but a
 * translator may use the local names ("Eingabe", "Entrée"). */
static const char *const HELP_KEYS[][2] = {
    /* TRANSLATORS: the help lists keys on the left and what they do on the
       right, in two columns of a narrow panel: keep both short. */
    {N_("Arrow keys"), N_("Show and move the cursor")},
    /* TRANSLATORS: the cursor is hidden until an arrow key is used; the
       first press of Enter or Space only shows it. */
    {N_("Enter, Space"), N_("Place a mark (a hidden cursor shows first)")},
    /* TRANSLATORS: the digit keys 1 to 9 place a mark on a 3×3 board as
       the keys of a numeric keypad are laid out (7 8 9 is the top row). */
    {N_("1 \xE2\x80\x93 9 (3\xC3\x97"
        "3 board)"),
     N_("Place, laid out as a keypad")},
    {"N", N_("New game")},
    {N_("U, Ctrl+Z"), N_("Undo your move (and the reply)")},
    {N_("Ctrl+Y, Ctrl+Shift+Z"), N_("Redo")},
    {"H", N_("Hint: each free square's outcome")},
    {N_("Esc"), N_("Settings (arrows, Tab, Enter)")},
    {"M", N_("Sound on / off")},
    {"F3", N_("Performance overlay")},
    {"F11", N_("Fullscreen")},
    {"F1, ?", N_("This help")},
    /* TRANSLATORS: a game controller's buttons (A, B, X, Y, Start and Back
       are printed on it: keep them). */
    {N_("Pad: d-pad / stick, A, B"), N_("Move, place, undo (B: back)")},
    {N_("Pad: X, Y, Start, Back"), N_("Hint, redo, settings, this help")},
};
#define HELP_LINES ((int)(sizeof HELP_KEYS / sizeof HELP_KEYS[0]))

void screen_help_draw(draw_ctx *d, const app_state *app)
{
    float fade = draw_ease_out_cubic(draw_progress(app, app->help_changed_ms, APP_HELP_FADE_MS));
    layout_rect whole = {0, 0, app->out_w, app->out_h};
    shape_round_rect(&d->shapes, whole, 0.0f, theme_fade(draw_color(app, THEME_SCRIM), fade));
    int w = (int)((float)app->out_w * HELP_WIDTH_FRACTION);
    int h = (int)((float)app->out_h * HELP_HEIGHT_FRACTION);
    int unit = app->out_w < app->out_h ? app->out_w : app->out_h;
    /* The panel keeps a readable shape in very wide windows. */
    if (w > unit * 3 / 2) w = unit * 3 / 2;
    layout_rect panel = {(app->out_w - w) / 2, (app->out_h - h) / 2, w, h};
    draw_panel(d, app, panel, app->layout.corner_radius * 2.0f);
    int pad = w / 24;
    int inner = w - 2 * pad;
    /* Title, the key lines, and a closing note: HELP_LINES + 3 rows. */
    int row_h = (h - 2 * pad) / (HELP_LINES + 3);
    int px = row_h * 11 / 20;
    layout_rect title = {panel.x + pad, panel.y + pad, inner, row_h * 3 / 2};
    /* TRANSLATORS: the title of the help panel, which lists the keys. */
    text_draw(d->text, TEXT_BOLD, px * 13 / 10, draw_color(app, THEME_TEXT), _("Keys"), title,
              TEXT_LEFT, NULL);
    /* The keys' column as wide as its widest key needs. */
    int key_w = (int)((float)inner * HELP_KEY_COLUMN_MIN_FRACTION);
    for (int i = 0; i < HELP_LINES; i++) {
        int tw = 0, th = 0;
        if (text_measure(d->text, TEXT_BOLD, px, _(HELP_KEYS[i][0]), &tw, &th) &&
            tw + pad / 2 > key_w)
            key_w = tw + pad / 2;
    }
    if (key_w > (int)((float)inner * HELP_KEY_COLUMN_MAX_FRACTION))
        key_w = (int)((float)inner * HELP_KEY_COLUMN_MAX_FRACTION);
    /* One size for every line, the largest at which all fit (a long
     * description on two lines), so the list reads evenly instead of each
     * long line shrinking on its own. */
    int fit_px = px;
    for (int i = 0; i < HELP_LINES; i++) {
        int y = title.y + title.h + i * row_h;
        layout_rect kb = {panel.x + pad, y, key_w - pad / 2, row_h};
        layout_rect db = {panel.x + pad + key_w, y, inner - key_w, row_h};
        int key_px = text_fit(d->text, TEXT_BOLD, px, _(HELP_KEYS[i][0]), kb, false);
        int what_px = text_fit(d->text, TEXT_REGULAR, px, _(HELP_KEYS[i][1]), db, true);
        if (key_px < fit_px) fit_px = key_px;
        if (what_px < fit_px) fit_px = what_px;
    }
    px = fit_px;
    for (int i = 0; i < HELP_LINES; i++) {
        int y = title.y + title.h + i * row_h;
        layout_rect kb = {panel.x + pad, y, key_w - pad / 2, row_h};
        layout_rect db = {panel.x + pad + key_w, y, inner - key_w, row_h};
        text_draw(d->text, TEXT_BOLD, px, draw_color(app, THEME_TEXT), _(HELP_KEYS[i][0]), kb,
                  TEXT_LEFT, NULL);
        text_draw_wrapped(d->text, TEXT_REGULAR, px, draw_color(app, THEME_TEXT_MUTED),
                          _(HELP_KEYS[i][1]), db, TEXT_LEFT, NULL);
    }
    layout_rect note = {panel.x + pad, title.y + title.h + HELP_LINES * row_h, inner,
                        row_h * 3 / 2};
    const char *closing = _("Esc, Enter or a click closes this help.");
    text_draw(d->text, TEXT_REGULAR, text_fit(d->text, TEXT_REGULAR, px, closing, note, false),
              draw_color(app, THEME_TEXT_MUTED), closing, note, TEXT_CENTER, NULL);
}
