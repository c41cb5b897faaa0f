/*
 * screen_settings.c - the settings screen (see screen_settings.h): its
 * input, then its drawing.
 */
#include "screen_settings.h"

#include <math.h>
#include <stdio.h>

#include "audio.h"
#include "i18n.h"
#include "level.h"
#include "numparse.h"
#include "screens.h"
#include "speech_out.h"

/* The slider's track and knob, as fractions of its control's height. */
#define SLIDER_TRACK_FRACTION 0.16f
#define SLIDER_KNOB_FRACTION 0.42f
/* A choice under the mouse: the selected colour at this opacity. */
#define SEGMENT_HOVER_ALPHA 0.18f
/* Reset scores' outline, of its height. */
#define ACTION_OUTLINE_FRACTION 0.07f
/* The mistake probability is shown in percent. */
#define PERCENT 100.0

/* ------------------------------------------------------------------------- */
/* Input                                                                     */
/* ------------------------------------------------------------------------- */

void screen_settings_shown(app_state *app, bool open)
{
    (void)open; /* the fade runs both ways from the same time */
    app->settings_screen.changed_ms = app->play.now_ms;
    app->settings_screen.menu.dragging = false;
}

/* Reset scores: the first press asks; a second within APP_RESET_CONFIRM_MS
 * resets the current mode's scores. */
static void press_reset(app_state *app)
{
    Uint64 now = app->play.now_ms;
    if (app->settings_screen.reset_armed_ms != 0 &&
        now < app->settings_screen.reset_armed_ms + APP_RESET_CONFIRM_MS) {
        play_reset_scores(&app->play);
        app->settings_screen.reset_armed_ms = 0;
    } else {
        app->settings_screen.reset_armed_ms = now;
    }
}

/* React to a change made in row @p row (-1: none): what @p change (a
 * menu_change mask) means for the saved settings, the game and the sound. */
static void apply_change(app_state *app, int change, int row)
{
    if (change == MENU_CHANGE_NONE) return;
    app->redraw = true;
    if (change & MENU_CHANGE_RESET_SCORES) press_reset(app);
    if (row >= 0 && (change & ~(MENU_CHANGE_CLOSE | MENU_CHANGE_RESET_SCORES))) {
        /* A choice made in the menu is saved; the command line's are not. */
        menu_copy_row(&app->prefs.settings, &app->settings, row);
        app->prefs_dirty = true;
    }
    screen_settings_apply(app, change);
}

void screen_settings_apply(app_state *app, int change)
{
    if (change == MENU_CHANGE_NONE) return;
    app->redraw = true;
    /* A result computed under the old settings must not be played. */
    if ((change & MENU_CHANGE_AI) && (app->play.ai_waiting || app->play.ai_ready))
        play_invalidate_ai(&app->play);
    if (change & MENU_CHANGE_SIDE) play_side_changed(&app->play);
    if (change & MENU_CHANGE_DISPLAY) app->theme = theme_get(app->settings.theme);
    if (change & MENU_CHANGE_SOUND) audio_set_enabled(app->audio, app->settings.sound);
    if (change & MENU_CHANGE_SPEAK) speech_out_set_mode(app->speech, app->settings.speak);
    if (change & (MENU_CHANGE_FIRST | MENU_CHANGE_BOARD | MENU_CHANGE_SIDE)) {
        /* On an untouched board the change applies at once; otherwise from
         * the next game (play_new_game reads size and k). */
        ttt_player first = (change & MENU_CHANGE_FIRST) ? app->settings.first_player
                                                        : ttt_game_first_player(app->play.game);
        play_restart_if_untouched(&app->play, first);
    }
    if (change & MENU_CHANGE_CLOSE) screen_show(app, SCREEN_SETTINGS, false);
}

void screen_settings_do(app_state *app, app_action action)
{
    menu_key mk;
    switch (action) {
    case APP_ACTION_UP:
    case APP_ACTION_PREVIOUS: mk = MENU_KEY_UP; break;
    case APP_ACTION_DOWN:
    case APP_ACTION_NEXT: mk = MENU_KEY_DOWN; break;
    case APP_ACTION_LEFT: mk = MENU_KEY_LEFT; break;
    case APP_ACTION_RIGHT: mk = MENU_KEY_RIGHT; break;
    case APP_ACTION_ACTIVATE: mk = MENU_KEY_ACTIVATE; break;
    case APP_ACTION_SETTINGS:
    case APP_ACTION_BACK: screen_show(app, SCREEN_SETTINGS, false); return;
    case APP_ACTION_NEW_GAME:
    case APP_ACTION_UNDO:
    case APP_ACTION_REDO:
    case APP_ACTION_HINT:
    case APP_ACTION_HELP:
    case APP_ACTION_OVERLAY:
    case APP_ACTION_SOUND:
    case APP_ACTION_FULLSCREEN:
    default: return;
    }
    int row =
        app->settings_screen.menu.focus < MENU_ROW_COUNT ? app->settings_screen.menu.focus : -1;
    apply_change(app, menu_key_press(&app->settings_screen.menu, &app->settings, mk), row);
}

void screen_settings_mouse_down(app_state *app, int x, int y)
{
    layout_menu_hit hit = layout_menu_hit_test(&app->settings_screen.layout, x, y);
    if (!hit.inside || hit.done) {
        screen_show(app, SCREEN_SETTINGS, false);
        return;
    }
    if (hit.row < 0) return;
    app->settings_screen.menu.focus = hit.row;
    app->settings_screen.menu.show_focus = false;
    if (hit.option >= 0) {
        apply_change(app, menu_choose(&app->settings, hit.row, hit.option), hit.row);
    } else if (app->settings_screen.layout.rows[hit.row].option_count == 0) {
        app->settings_screen.menu.dragging = true;
        apply_change(app, menu_set_slider(&app->settings, hit.value), hit.row);
    }
}

void screen_settings_drag(app_state *app, int x)
{
    if (!app->settings_screen.menu.dragging) return;
    double value = layout_menu_slider_value(&app->settings_screen.layout, MENU_ROW_MISTAKES, x);
    apply_change(app, menu_set_slider(&app->settings, value), MENU_ROW_MISTAKES);
}

bool screen_settings_clickable(const app_state *app, int x, int y)
{
    layout_menu_hit hit = layout_menu_hit_test(&app->settings_screen.layout, x, y);
    return hit.row >= 0 || hit.done;
}

/* ------------------------------------------------------------------------- */
/* Drawing                                                                   */
/* ------------------------------------------------------------------------- */

/* The one text size for every choice: the layout's, or less if a label
 * still does not fit its segment. */
static int option_px(draw_ctx *d, const layout_menu *m)
{
    int px = m->font_option_px;
    for (int i = 0; i < m->row_count; i++) {
        const layout_menu_row *row = &m->rows[i];
        for (int j = 0; j < row->option_count; j++) {
            int w = 0, h = 0;
            int room = row->options[j].w - 2 * m->option_inset;
            if (text_measure(d->text, TEXT_BOLD, m->font_option_px, menu_option_label(i, j), &w,
                             &h) &&
                w > room && w > 0 && m->font_option_px * room / w < px)
                px = m->font_option_px * room / w;
        }
    }
    return px < 1 ? 1 : px;
}

static void draw_slider(draw_ctx *d, const app_state *app, const layout_menu_row *row, float alpha)
{
    double v = settings_effective_mistake_probability(&app->settings);
    float track_h = fmaxf(2.0f, (float)row->control.h * SLIDER_TRACK_FRACTION);
    float knob_r = (float)row->control.h * SLIDER_KNOB_FRACTION * 0.5f + track_h;
    float y = (float)row->control.y + (float)row->control.h * 0.5f;
    float x0 = (float)row->control.x + knob_r;
    float x1 = (float)(row->control.x + row->control.w) - knob_r;
    float xv = x0 + (x1 - x0) * (float)v;
    bool custom = app->settings.difficulty == SETTINGS_DIFFICULTY_CUSTOM;
    theme_color fill = draw_color(app, custom ? THEME_SEGMENT_SELECTED : THEME_TEXT_MUTED);
    shape_capsule(&d->shapes, x0, y, x1, y, track_h,
                  theme_fade(draw_color(app, THEME_SEGMENT), alpha));
    shape_capsule(&d->shapes, x0, y, xv, y, track_h, theme_fade(fill, alpha));
    shape_disc(&d->shapes, xv, y, knob_r, theme_fade(fill, alpha));
}

/* Reset scores: an action, so an outlined button, not a choice; the first
 * press asks for a second one to confirm. */
static void draw_reset(draw_ctx *d, const app_state *app, layout_rect r, bool hot, int px)
{
    bool armed = app->settings_screen.reset_armed_ms != 0 &&
                 app->view.now_ms < app->settings_screen.reset_armed_ms + APP_RESET_CONFIRM_MS;
    theme_color ink = draw_color(app, armed ? THEME_HINT_LOSS : THEME_TEXT);
    float radius = app->settings_screen.layout.corner_radius * DRAW_BUTTON_CORNER_FACTOR;
    if (hot || armed)
        shape_round_rect(
            &d->shapes, r, radius,
            theme_fade(armed ? ink : draw_color(app, THEME_SEGMENT_SELECTED), SEGMENT_HOVER_ALPHA));
    float t = fmaxf(1.5f, (float)r.h * ACTION_OUTLINE_FRACTION);
    shape_outline_rect(&d->shapes, draw_inset_rect(r, (int)(t * 0.5f)), t, ink);
    layout_rect tb = r;
    tb.x += app->settings_screen.layout.option_inset;
    tb.w -= 2 * app->settings_screen.layout.option_inset;
    /* TRANSLATORS: the Reset scores button after one press, asking for a
       second: it must fit the button's width. */
    const char *label = armed ? _("Press again to reset this mode's scores")
                              : menu_option_label(MENU_ROW_SCORES, 0);
    text_draw(d->text, TEXT_BOLD, px, ink, label, tb, TEXT_CENTER, NULL);
}

/* Row @p i's label, with the slider's value on the right of it. */
static void draw_row_label(draw_ctx *d, const app_state *app, int i, float alpha)
{
    const layout_menu *m = &app->settings_screen.layout;
    const layout_menu_row *row = &m->rows[i];
    layout_rect label = row->label;
    theme_color ink = theme_fade(draw_color(app, THEME_TEXT), alpha);
    if (i == MENU_ROW_MISTAKES && app->settings.difficulty == SETTINGS_DIFFICULTY_CUSTOM) {
        /* The value on the right; the label keeps clear of it. */
        char value[NUMPARSE_TEXT_MAX];
        snprintf(value, sizeof value, "%d%%",
                 (int)lround(settings_effective_mistake_probability(&app->settings) * PERCENT));
        SDL_Rect drawn = {0, 0, 0, 0};
        text_draw(d->text, TEXT_BOLD, m->font_px, ink, value, row->label, TEXT_RIGHT, &drawn);
        label.w = drawn.x - label.x - m->font_px;
    }
    if (i == MENU_ROW_SIZE && app->view.board_value[0]) {
        /* What the chosen board is worth with perfect play (issue 21: so
         * that "Unbeatable" promises nothing the board cannot keep), on
         * the right, shrunk to the room the label leaves. */
        int label_w = 0, label_h = 0;
        text_measure(d->text, TEXT_REGULAR, m->font_px, menu_row_label(i), &label_w, &label_h);
        layout_rect room = label;
        room.x += label_w + m->font_px;
        room.w -= label_w + m->font_px;
        int px = text_fit(d->text, TEXT_REGULAR, m->font_px, app->view.board_value, room, false);
        text_draw(d->text, TEXT_REGULAR, px, ink, app->view.board_value, room, TEXT_RIGHT, NULL);
    }
    const char *text = menu_row_label(i);
    if (i == MENU_ROW_MISTAKES && app->settings.difficulty != SETTINGS_DIFFICULTY_CUSTOM) {
        /* A named level: what it does on this board, in words, in place of
         * the row's label (issue 29: its own probability, 50/60/70% on
         * 7x7, read backwards), shrunk to the row if need be. */
        char words[LEVEL_TEXT_MAX];
        settings_level_description(&app->settings, words, sizeof words);
        int px = text_fit(d->text, TEXT_REGULAR, m->font_px, words, label, false);
        text_draw(d->text, TEXT_REGULAR, px, ink, words, label, TEXT_LEFT, NULL);
        return;
    }
    /* TRANSLATORS: the Sound row's label on a machine without a sound
       device (M is the key that turns sound on or off). */
    if (i == MENU_ROW_SOUND && app->audio_missing) text = _("Sound (M): no audio device");
    text_draw(d->text, TEXT_REGULAR, m->font_px, ink, text, label, TEXT_LEFT, NULL);
}

/* Row @p i's choices as segments, the selected one filled. */
static void draw_choices(draw_ctx *d, const app_state *app, int i, int px)
{
    const layout_menu *m = &app->settings_screen.layout;
    const layout_menu_row *row = &m->rows[i];
    int selected = menu_selected_option(&app->settings, i);
    for (int j = 0; j < row->option_count; j++) {
        bool sel = j == selected;
        bool enabled = menu_option_enabled(&app->settings, i, j);
        bool hot = enabled && layout_rect_contains(row->options[j], app->mouse_x, app->mouse_y);
        if (i == MENU_ROW_SCORES) {
            bool focused =
                app->settings_screen.menu.show_focus && app->settings_screen.menu.focus == i;
            draw_reset(d, app, row->options[j], hot || focused, px);
            continue;
        }
        float alpha = enabled ? 1.0f : DRAW_DISABLED_ALPHA;
        theme_color face = draw_color(app, sel ? THEME_SEGMENT_SELECTED : THEME_SEGMENT);
        if (hot && !sel)
            face = theme_fade(draw_color(app, THEME_SEGMENT_SELECTED), SEGMENT_HOVER_ALPHA);
        shape_round_rect(&d->shapes, row->options[j], m->corner_radius, theme_fade(face, alpha));
        layout_rect tb = row->options[j];
        tb.x += m->option_inset;
        tb.w -= 2 * m->option_inset;
        theme_role ink = sel ? THEME_SEGMENT_TEXT_SELECTED : THEME_SEGMENT_TEXT;
        text_draw(d->text, sel ? TEXT_BOLD : TEXT_REGULAR, px,
                  theme_fade(draw_color(app, ink), alpha), menu_option_label(i, j), tb, TEXT_CENTER,
                  NULL);
    }
}

/* The note under the rows (two lines) and Done. */
static void draw_footer(draw_ctx *d, const app_state *app)
{
    const layout_menu *m = &app->settings_screen.layout;
    layout_rect n1 = m->note, n2 = m->note;
    n1.h = m->note.h / 2;
    n2.y += n1.h;
    n2.h = m->note.h - n1.h;
    theme_color muted = draw_color(app, THEME_TEXT_MUTED);
    text_draw(d->text, TEXT_REGULAR, m->font_note_px, muted, menu_note(0), n1, TEXT_CENTER, NULL);
    text_draw(d->text, TEXT_REGULAR, m->font_note_px, muted, menu_note(1), n2, TEXT_CENTER, NULL);
    bool hot = layout_rect_contains(m->done, app->mouse_x, app->mouse_y) ||
               (app->settings_screen.menu.show_focus &&
                app->settings_screen.menu.focus == MENU_FOCUS_DONE);
    /* TRANSLATORS: the button that closes the settings. */
    draw_button(d, app, m->done, _("Done"),
                draw_color(app, hot ? THEME_BUTTON_HOVER : THEME_BUTTON),
                draw_color(app, THEME_BUTTON_TEXT), m->font_px, 1.0f);
}

void screen_settings_draw(draw_ctx *d, const app_state *app)
{
    const layout_menu *m = &app->settings_screen.layout;
    float fade =
        draw_ease_out_cubic(draw_progress(app, app->settings_screen.changed_ms, APP_MENU_FADE_MS));
    layout_rect whole = {0, 0, app->out_w, app->out_h};
    shape_round_rect(&d->shapes, whole, 0.0f, theme_fade(draw_color(app, THEME_SCRIM), fade));
    draw_panel(d, app, m->panel, m->corner_radius * DRAW_PANEL_CORNER_FACTOR);
    /* TRANSLATORS: the title of the settings panel. */
    text_draw(d->text, TEXT_BOLD, m->font_title_px, draw_color(app, THEME_TEXT), _("Settings"),
              m->title, TEXT_LEFT, NULL);
    /* One text size for every choice, so the rows look alike instead of
     * each label shrinking on its own. */
    int px = option_px(d, m);
    for (int i = 0; i < m->row_count; i++) {
        const layout_menu_row *row = &m->rows[i];
        float alpha = menu_row_enabled(&app->settings, i) ? 1.0f : DRAW_DISABLED_ALPHA;
        if (app->settings_screen.menu.show_focus && app->settings_screen.menu.focus == i) {
            draw_focus_bar(d, app, (float)m->panel.w, (float)row->row.x, (float)row->row.y,
                           (float)(row->control.y + row->control.h));
        }
        draw_row_label(d, app, i, alpha);
        if (row->option_count == 0)
            draw_slider(d, app, row, alpha);
        else
            draw_choices(d, app, i, px);
    }
    draw_footer(d, app);
}
