/*
 * screen_online.c - the online lobby (see screen_online.h): its input,
 * then its drawing.
 */
#include "screen_online.h"

#include <math.h>
#include <string.h>

#include "app_online.h"
#include "i18n.h"
#include "screens.h"

/* How long the copy button says the link was copied. */
#define COPIED_NOTE_MS 2000
/* The information lines are quieter than the entries. */
#define INFO_TEXT_ALPHA 0.9f

/* ------------------------------------------------------------------------- */
/* Input                                                                     */
/* ------------------------------------------------------------------------- */

bool screen_online_enabled(const app_state *app, online_entry e)
{
    if (!app_online_available()) return false;
    bool in_room = app_online_active(app);
    switch (e) {
    case ONLINE_CREATE: return true;
    case ONLINE_HOST:
#if defined(__EMSCRIPTEN__) || defined(_WIN32)
        /* A page cannot listen for connections; the Windows build has no
         * server in it (ttt-server is not built for Windows). */
        return false;
#else
        return true;
#endif
    case ONLINE_JOIN: return app->online_screen.typed[0] != '\0';
    case ONLINE_COPY_LINK: return app_online_code(app)[0] != '\0';
    case ONLINE_RESIGN: return app_online_can_resign(app);
    case ONLINE_REMATCH: return app_online_can_rematch(app);
    case ONLINE_LEAVE: return in_room;
    case ONLINE_COUNT:
    default: return false;
    }
}

static bool usable(const app_state *app, int e)
{
    return screen_online_enabled(app, (online_entry)e);
}

static int next_enabled(const app_state *app, int from, int step)
{
    return screen_list_next(app, from, step, ONLINE_COUNT, usable);
}

bool screen_online_resign_armed(const app_state *app)
{
    Uint64 armed = app->online_screen.resign_armed_ms;
    return armed != 0 && app->play.now_ms < armed + APP_RESIGN_CONFIRM_MS;
}

void screen_online_shown(app_state *app, bool open)
{
    app->online_screen.changed_ms = app->play.now_ms;
    if (open) {
        app->online_screen.show_focus = false;
        app->online_screen.focus = next_enabled(app, ONLINE_COUNT - 1, 1);
        SDL_StartTextInput();
    }
}

void screen_online_choose(app_state *app, online_entry e)
{
    if (!screen_online_enabled(app, e)) return;
    switch (e) {
    case ONLINE_CREATE: app_online_create(app); break;
    case ONLINE_HOST: app_online_host(app); break;
    case ONLINE_JOIN: app_online_join(app, app->online_screen.typed); break;
    case ONLINE_COPY_LINK: {
        char link[APP_ONLINE_TEXT_MAX];
        app_online_link(app, link, sizeof link);
        if (SDL_SetClipboardText(link) != 0)
            SDL_Log("Couldn't copy the link: %s", SDL_GetError());
        else
            app->online_screen.copied_ms = app->play.now_ms;
        return;
    }
    case ONLINE_RESIGN:
        /* A game given up cannot be taken back: the first press asks, a
           second within APP_RESIGN_CONFIRM_MS resigns. */
        if (screen_online_resign_armed(app)) {
            app->online_screen.resign_armed_ms = 0;
            app_online_resign(app);
        } else {
            app->online_screen.resign_armed_ms = app->play.now_ms ? app->play.now_ms : 1;
        }
        return;
    case ONLINE_REMATCH: app_online_rematch(app); return;
    case ONLINE_LEAVE: app_online_leave(app); return;
    case ONLINE_COUNT:
    default: return;
    }
}

int screen_online_do(app_state *app, app_action action)
{
    online_screen_state *s = &app->online_screen;
    switch (action) {
    case APP_ACTION_UP:
    case APP_ACTION_PREVIOUS:
        s->show_focus = true;
        s->focus = next_enabled(app, s->focus, -1);
        return -1;
    case APP_ACTION_DOWN:
    case APP_ACTION_NEXT:
        s->show_focus = true;
        s->focus = next_enabled(app, s->focus, 1);
        return -1;
    case APP_ACTION_ACTIVATE:
        /* Enter with a code typed joins, wherever the focus is. */
        if (!s->show_focus && s->typed[0])
            screen_online_choose(app, ONLINE_JOIN);
        else
            screen_online_choose(app, (online_entry)s->focus);
        return -1;
    case APP_ACTION_MENU:
    case APP_ACTION_BACK: screen_show(app, SCREEN_ONLINE, false); return -1;
    default: return -1;
    }
}

int screen_online_mouse_down(app_state *app, int x, int y)
{
    layout_list_hit hit = layout_list_hit_test(&app->online_screen.layout, x, y);
    if (!hit.inside) {
        screen_show(app, SCREEN_ONLINE, false);
        return -1;
    }
    if (hit.row >= 0 && hit.row < ONLINE_COUNT) screen_online_choose(app, (online_entry)hit.row);
    return -1;
}

bool screen_online_clickable(const app_state *app, int x, int y)
{
    layout_list_hit hit = layout_list_hit_test(&app->online_screen.layout, x, y);
    return hit.row >= 0 && hit.row < ONLINE_COUNT &&
           screen_online_enabled(app, (online_entry)hit.row);
}

/* Characters a code, an address or an invite link is made of. */
static bool typable(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           strchr(".:/#=-_ [", c) != NULL || c == ']';
}

void screen_online_text(app_state *app, const char *utf8)
{
    online_screen_state *s = &app->online_screen;
    size_t n = strlen(s->typed);
    for (const char *p = utf8; *p && n + 1 < sizeof s->typed; p++) {
        if (!typable(*p)) continue;
        s->typed[n++] = *p;
    }
    s->typed[n] = '\0';
}

bool screen_online_key(app_state *app, SDL_Keycode key, Uint16 mod)
{
    online_screen_state *s = &app->online_screen;
    if ((mod & KMOD_CTRL) && key == SDLK_v) {
        char *clip = SDL_GetClipboardText();
        if (clip) {
            s->typed[0] = '\0';
            screen_online_text(app, clip);
            SDL_free(clip);
        }
        return true;
    }
    if (key == SDLK_BACKSPACE) {
        size_t n = strlen(s->typed);
        if (n > 0) s->typed[n - 1] = '\0';
        return true;
    }
    if (mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI)) return false;
    /* Printable keys are typing (SDL_TEXTINPUT brings the character), not
     * the game's letter keys. */
    return key >= SDLK_SPACE && key <= SDLK_z;
}

/* ------------------------------------------------------------------------- */
/* Drawing                                                                   */
/* ------------------------------------------------------------------------- */

void screen_online_label(const app_state *app, online_entry e, char *buf, size_t cap)
{
    switch (e) {
    case ONLINE_CREATE:
        /* The settings say who starts: X's player, and you take X's seat
         * when the settings' first player is X. */
        if (app->settings.first_player == TTT_PLAYER_X)
            /* TRANSLATORS: the online lobby: make a new room; %d x %d is the
               board, the next %d how many in a row win. */
            snprintf(buf, cap, _("Create a room: %d \xC3\x97 %d, %d in a row, you start"),
                     app->settings.board_size, app->settings.board_size, app->settings.k);
        else
            /* TRANSLATORS: as "Create a room: %d x %d, %d in a row, you
               start", where the friend moves first. */
            snprintf(buf, cap, _("Create a room: %d \xC3\x97 %d, %d in a row, your friend starts"),
                     app->settings.board_size, app->settings.board_size, app->settings.k);
        return;
    case ONLINE_JOIN:
        /* TRANSLATORS: the online lobby: %s is the code typed so far (or
           the host's address and the code); "_" stands for the cursor. */
        snprintf(buf, cap, _("Join the room: %s_"), app->online_screen.typed);
        return;
    case ONLINE_HOST:
        /* TRANSLATORS: the online lobby: run a server in this game for a
           friend on the same network. */
        snprintf(buf, cap, "%s", _("Host a game on this network"));
        return;
    case ONLINE_COPY_LINK:
        snprintf(buf, cap, "%s",
                 app->online_screen.copied_ms &&
                         app->play.now_ms < app->online_screen.copied_ms + COPIED_NOTE_MS
                     /* TRANSLATORS: the copy button, just after a click. */
                     ? _("Copied!")
                     /* TRANSLATORS: the online lobby: put the room's link on
                        the clipboard. */
                     : _("Copy the invite link"));
        return;
    case ONLINE_RESIGN:
        snprintf(buf, cap, "%s",
                 screen_online_resign_armed(app)
                     /* TRANSLATORS: the online lobby's Resign button after
                        one press: a second press gives the game up. */
                     ? _("Resign? Press again to give up")
                     /* TRANSLATORS: the online lobby: give the game up. */
                     : _("Resign"));
        return;
    case ONLINE_REMATCH:
        /* TRANSLATORS: the online lobby: play again, sides swapped. */
        snprintf(buf, cap, "%s", _("Rematch (sides swap)"));
        return;
    case ONLINE_LEAVE:
        /* TRANSLATORS: the online lobby: leave the room for good. */
        snprintf(buf, cap, "%s", _("Leave the room"));
        return;
    case ONLINE_COUNT:
    default: buf[0] = '\0'; return;
    }
}

const char *screen_online_join_name(void)
{
    /* TRANSLATORS: the online lobby's join entry as it is said aloud and
       as the browser's screen-reader page names its button (beside the
       field of the code). */
    return _("Join the room");
}

const char *screen_online_code_name(void)
{
    /* TRANSLATORS: the online lobby: the field where a friend's room code
       is typed, as it is said aloud and named for a screen reader. */
    return _("Room code");
}

void screen_online_info(const app_state *app, char *a, char *b, size_t cap, bool *b_error)
{
    a[0] = b[0] = '\0';
    *b_error = false;
    const char *code = app_online_code(app);
    char link[APP_ONLINE_TEXT_MAX];
    app_online_link(app, link, sizeof link);
    if (code[0])
        /* TRANSLATORS: the online lobby: %s is the room's code, then the
           invite link. */
        snprintf(a, cap, _("Room %s \xE2\x80\x94 %s"), code, link);
    else
        /* TRANSLATORS: the online lobby before a room is open. */
        snprintf(a, cap, "%s", _("Type a friend's room code, or create a room"));
    char addresses[APP_ONLINE_TEXT_MAX];
    app_online_addresses(app, addresses, sizeof addresses);
    const char *err = app_online_error(app);
    if (err[0]) {
        snprintf(b, cap, "%s", err);
        *b_error = true;
    } else if (addresses[0] && code[0]) {
        /* TRANSLATORS: the online lobby when hosting: %s is this machine's
           address(es) and port, then the code: what a friend on the same
           network types in their lobby. */
        snprintf(b, cap, _("On this network: %s, code %s"), addresses, code);
    }
}

void screen_online_draw(draw_ctx *d, const app_state *app)
{
    const layout_list *l = &app->online_screen.layout;
    const online_screen_state *s = &app->online_screen;
    float fade = draw_ease_out_cubic(draw_progress(app, s->changed_ms, APP_PANEL_FADE_MS));
    layout_rect whole = {0, 0, app->out_w, app->out_h};
    shape_round_rect(&d->shapes, whole, 0.0f, theme_fade(draw_color(app, THEME_SCRIM), fade));
    draw_panel(d, app, l->panel, l->corner_radius * DRAW_PANEL_CORNER_FACTOR);
    /* TRANSLATORS: the title of the online lobby. */
    const char *title = _("Play a friend online");
    text_draw(d->text, TEXT_BOLD,
              text_fit(d->text, TEXT_BOLD, l->font_title_px, title, l->title, false),
              draw_color(app, THEME_TEXT), title, l->title, TEXT_LEFT, NULL);
    char label[ONLINE_COUNT][VIEW_STATUS_MAX];
    int px = l->font_px;
    for (int i = 0; i < ONLINE_COUNT && i < l->row_count; i++) {
        screen_online_label(app, (online_entry)i, label[i], sizeof label[i]);
        layout_rect r = l->rows[i];
        int inset = r.h / 3;
        layout_rect lb = {r.x + inset, r.y, r.w - 2 * inset, r.h};
        int a = text_fit(d->text, TEXT_BOLD, l->font_px, label[i], lb, false);
        if (a < px) px = a;
    }
    for (int i = 0; i < ONLINE_COUNT && i < l->row_count; i++) {
        layout_rect r = l->rows[i];
        bool enabled = screen_online_enabled(app, (online_entry)i) || i == ONLINE_JOIN;
        float alpha = enabled ? 1.0f : DRAW_DISABLED_ALPHA;
        theme_color ink =
            draw_list_entry(d, app, r, l->corner_radius * DRAW_BUTTON_CORNER_FACTOR,
                            (float)l->panel.w, enabled, s->show_focus && s->focus == i);
        int inset = r.h / 3;
        layout_rect lb = {r.x + inset, r.y, r.w - 2 * inset, r.h};
        text_draw(d->text, TEXT_BOLD, px, theme_fade(ink, alpha), label[i], lb, TEXT_LEFT, NULL);
    }
    char a[VIEW_STATUS_MAX], b[VIEW_STATUS_MAX];
    bool b_error;
    screen_online_info(app, a, b, sizeof a, &b_error);
    const char *lines[2] = {a, b};
    for (int i = 0; i < 2 && ONLINE_COUNT + i < l->row_count; i++) {
        layout_rect r = l->rows[ONLINE_COUNT + i];
        if (!lines[i][0]) continue;
        theme_color ink = draw_color(app, i == 1 && b_error ? THEME_BAD : THEME_TEXT);
        text_draw(d->text, TEXT_REGULAR,
                  text_fit(d->text, TEXT_REGULAR, l->font_note_px, lines[i], r, false),
                  theme_fade(ink, INFO_TEXT_ALPHA), lines[i], r, TEXT_LEFT, NULL);
    }
    /* In a room, how it stands (as the status line says it). */
    const char *note = app_online_active(app) ? app->view.game.status
                                              : _("Esc or a click outside closes the menu.");
    text_draw(d->text, TEXT_REGULAR,
              text_fit(d->text, TEXT_REGULAR, l->font_note_px, note, l->note, false),
              draw_color(app, THEME_TEXT_MUTED), note, l->note, TEXT_CENTER, NULL);
}
