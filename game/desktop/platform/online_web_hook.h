/*
 * online_web_hook.h - the page's hold on the online game's network client
 * (net_client.h, the browser's WebSocket: net_client_web.c), for the
 * browser tests: they create, join and move through the page, and read the
 * room back, as a player's page does. Exported to JavaScript as
 * ttt_web_net_start/create/join/move/json (window.tttTest.net in
 * web/ttt-page.js). Built only for Emscripten with the online game
 * (TTT_NET); everything runs on the page's main thread, where the
 * client's events arrive. It is a client of its own, beside the game's
 * (app/app_online.c, which joins the room of a "#join=CODE" link).
 */
#ifndef GAME_ONLINE_WEB_HOOK_H
#define GAME_ONLINE_WEB_HOOK_H

/** Connects to @p url ("" or NULL: the page's own origin). 0, or -1. */
int ttt_web_net_start(const char *url);
/** Asks for a new room of @p size and @p k, the creator first. 0 or -1. */
int ttt_web_net_create(int size, int k);
/** Joins the room @p code. 0 or -1. */
int ttt_web_net_join(const char *code);
/** Plays (@p row, @p col) as the next move of the room's game. 0 or -1. */
int ttt_web_net_move(int row, int col);
/** The connection and the room as JSON, valid until the next call. */
const char *ttt_web_net_json(void);

#endif /* GAME_ONLINE_WEB_HOOK_H */
