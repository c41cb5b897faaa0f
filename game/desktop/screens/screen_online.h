/*
 * screen_online.h - the online lobby: a panel over the game, opened by the
 * game menu's "Play a friend online". Create a room (the settings' board,
 * k and first player), join one by typing its code (or the host's address
 * and the code, or pasting an invite link), host a game on this network;
 * once in a room: its code, the invite link (copied to the clipboard on a
 * button), this machine's addresses when hosting, resign, rematch, leave.
 * The connection itself is app_online.h's; the status line says how it
 * stands.
 */
#ifndef GAME_SCREEN_ONLINE_H
#define GAME_SCREEN_ONLINE_H

#include <stdbool.h>
#include <stddef.h>

#include "app_state.h"
#include "draw.h"

/** The lobby's rows, top to bottom; then two lines of information. */
typedef enum online_entry {
    ONLINE_CREATE = 0,
    ONLINE_JOIN, /**< Shows what is typed; Enter joins. */
    ONLINE_HOST,
    ONLINE_COPY_LINK,
    ONLINE_RESIGN,
    ONLINE_REMATCH,
    ONLINE_LEAVE,
    ONLINE_COUNT
} online_entry;

/** Rows the lobby's layout has: the entries and two information lines. */
#define ONLINE_LAYOUT_ROWS (ONLINE_COUNT + 2)

/** Opened or closed: the fade, the focus on the first entry usable. */
void screen_online_shown(app_state *app, bool open);

/** An action while on top: arrows move the focus, Enter chooses, Esc closes. */
int screen_online_do(app_state *app, app_action action);

/** A click: an entry is chosen; outside the panel closes it. */
int screen_online_mouse_down(app_state *app, int x, int y);

/** Can what is under (@p x, @p y) be clicked? */
bool screen_online_clickable(const app_state *app, int x, int y);

/** Typing: letters, digits and an address's characters go to the code;
 *  Backspace takes one back; Ctrl+V pastes. @return true when taken. */
bool screen_online_key(app_state *app, SDL_Keycode key, Uint16 mod);
void screen_online_text(app_state *app, const char *utf8);

/** Can entry @p e be used now? */
bool screen_online_enabled(const app_state *app, online_entry e);

/** Has "Resign" been pressed once, waiting for the confirming second press? */
bool screen_online_resign_armed(const app_state *app);

/** Choose entry @p e (what a click or Enter on it does). Tests call it. */
void screen_online_choose(app_state *app, online_entry e);

/** Entry @p e's label now, translated, into @p buf (the desktop's speech
 *  says it as the keyboard's focus reaches it). */
void screen_online_label(const app_state *app, online_entry e, char *buf, size_t cap);

/** The join entry's name without the code ("Join the room", translated),
 *  and the code's field's ("Room code"): what speech says of the entry and
 *  what the browser's screen-reader mirror names its button and field. */
const char *screen_online_join_name(void);
const char *screen_online_code_name(void);

/** The lobby's two information lines into @p a and @p b (each @p cap
 *  bytes, "" when there is nothing to say): the room's code and invite
 *  link (or how to start), then an error (@p b_error set) or, when hosting,
 *  this machine's addresses. */
void screen_online_info(const app_state *app, char *a, char *b, size_t cap, bool *b_error);

/** Draw the lobby over the game. */
void screen_online_draw(draw_ctx *d, const app_state *app);

#endif /* GAME_SCREEN_ONLINE_H */
