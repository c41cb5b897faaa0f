/*
 * platform_web.h - the desktop game in a web browser (Emscripten): the page
 * runs the loop, and the page and its tests can see into the game.
 *
 * The game is the same code as on the desktop (app/ and everything under
 * it); only the loop's owner differs. A browser tab must return to its event
 * loop after every frame (input, the Web Locks the saver waits for and the
 * display all come from there), so instead of app_run()'s loop the page
 * calls the app's step (app_step(), handed over by app_run() with the
 * rest of platform_web_loop) once per animation frame (requestAnimationFrame,
 * through emscripten_set_main_loop), which also paces it: the app's own
 * pacing is off. The rest of the web port: atomic_file_web.c (the settings in
 * localStorage under a Web Lock), the page web/index.html, and docs/web.md.
 *
 * For the page (platform_web.js and web/index.html):
 *   - the first frame on screen calls Module.onFirstFrame() (the loading
 *     indicator goes, the start-up time is noted);
 *   - ttt_web_state_json() is the page's test hook: the game as JSON (the
 *     board, the result and the strike-throughs, the scores, the language,
 *     where the board and buttons are in CSS pixels, the timing figures);
 *   - the page's address: the room of a "#join=CODE" link and the server
 *     of the page's own origin, for the online game;
 *   - after a pass that changed what shows, Module.tttMirror.update() gets
 *     the screen-reader mirror's model (JSON, every text translated) and
 *     what to announce (web/ttt-mirror.js keeps the DOM in step), and the
 *     mirror's buttons come back through ttt_web_mirror_press().
 * Built only for Emscripten.
 */
#ifndef GAME_PLATFORM_WEB_H
#define GAME_PLATFORM_WEB_H

#include <stdbool.h>
#include <stddef.h>

#include "app_state.h"

/**
 * The app's side of the browser's loop. The platform layer calls the app only
 * through these (it never calls into app/), and reads @c state only for the
 * page: the first frame's notice and the test hook's JSON.
 */
typedef struct platform_web_loop {
    /** One pass of the app's loop; false once it wants to quit (the last
     *  frame was drawn). */
    bool (*step)(void *ctx);
    /** After the last pass: shut the app down. @return the exit status. */
    int (*finish)(void *ctx);
    /** The page is going away: hand the saver what it has not got yet. */
    void (*unload)(void *ctx);
    /** Handed to each of the above. */
    void *ctx;
    /** The app's state, read between passes, never changed. */
    const app_state *state;
} platform_web_loop;

/**
 * Hand the loop to the browser: @p loop's step once per animation frame
 * from now on, until it asks to quit (then its finish). Never returns: the
 * page's event loop takes over (emscripten_set_main_loop's simulated
 * infinite loop), so the context and state must live on the heap. The
 * browser paces the frames: the app's own pacing must be off.
 */
void platform_web_run(const platform_web_loop *loop);

/**
 * Hand the GPU what was drawn so far, without waiting for it (glFlush).
 * WebGL sends its commands to the browser's GPU process only when the
 * page waits for one (the compositor reading the canvas at the latest), so
 * drawing that is not shown yet (the start's warm-up, the first frame's
 * cached layers) would be done only when the next frame is shown, which
 * would then wait for all of it. Call on the main thread, with the
 * renderer's context current.
 */
void platform_web_flush_gpu(void);

/**
 * The game as JSON, for the page's tests (see the file comment), in a
 * buffer that stays valid until the next call. Call on the main thread,
 * between frames (the page's JavaScript does).
 */
const char *ttt_web_state_json(void);

/**
 * The room of a link "…/#join=CODE" that opened the page: the code, upper
 * case, in @p code (of @p cap bytes). @return true; false when the page's
 * address has no "join=" in its fragment, or it is empty, too long or not
 * letters and digits. Whether the code is a room's is the server's to say.
 */
bool platform_web_join_code(char *code, size_t cap);

/**
 * The server of the page's own origin, which is where `ttt-server --web`
 * serves both: "ws://HOST:PORT/" for a page loaded over http,
 * "wss://HOST:PORT/" over https (a browser refuses ws:// from a secure
 * page but localhost's), into @p url of @p cap bytes.
 */
void platform_web_server_url(char *url, size_t cap);

/**
 * Takes the "#join=CODE" fragment out of the page's address (without a new
 * history entry) once the game has read it: a link is used once, and a
 * reload of the tab then goes back to the seat the tab keeps.
 */
void platform_web_forget_join_link(void);

/**
 * The tab's online seat (app_online_seat.c's lines), kept in the tab's
 * sessionStorage: a reload of that tab finds it, another tab does not.
 * Load gives "" when nothing is kept; saving "" keeps nothing. Call on
 * the page's main thread (the game's loop).
 */
void platform_web_seat_load(char *text, size_t cap);
void platform_web_seat_save(const char *text);

/** What ttt_web_mirror_press() presses (the page's web/ttt-mirror.js uses
 *  the same numbers). */
typedef enum ttt_web_press {
    TTT_WEB_PRESS_SQUARE = 0,    /**< Square (a: row, b: column). */
    TTT_WEB_PRESS_BUTTON = 1,    /**< Button a (layout_button) under or beside the board. */
    TTT_WEB_PRESS_MENU_ROW = 2,  /**< Entry a of the game menu (or of the puzzles' chooser). */
    TTT_WEB_PRESS_OPTION = 3,    /**< Choice b of settings row a. */
    TTT_WEB_PRESS_SLIDER = 4,    /**< Settings row a's slider at b per mille. */
    TTT_WEB_PRESS_DONE = 5,      /**< The settings' Done. */
    TTT_WEB_PRESS_STATS_TAB = 6, /**< Tab a of the statistics. */
    TTT_WEB_PRESS_BACK = 7,      /**< Esc: closes the panel showing. */
    TTT_WEB_PRESS_ONLINE_ROW = 8 /**< Entry a of the online lobby (online_entry). */
} ttt_web_press;

/**
 * The screen-reader mirror's input: queues what a left click at the middle
 * of the thing pressed would queue (an Esc key for TTT_WEB_PRESS_BACK), so
 * it goes through the game's own input (input.c) in the next pass.
 * Out-of-range arguments are ignored. Call on the
 * main thread (the page's event handlers do).
 */
void ttt_web_mirror_press(int kind, int a, int b);

/**
 * The mirror's text field for the online lobby's room code: @p text is the
 * field's whole value now. Queues the game's own typing events (Backspace
 * keys for what is gone, text input for what is new), so the lobby's code
 * becomes @p text as far as its characters are ones a code is made of.
 * Ignored unless the lobby shows. Call on the main thread.
 */
void ttt_web_mirror_type(const char *text);

#endif /* GAME_PLATFORM_WEB_H */
