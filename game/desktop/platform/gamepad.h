/*
 * gamepad.h - game controllers through SDL's GameController API: opens each
 * controller as it is plugged in (and those present at start), closes it
 * when it is pulled out, and turns its buttons and left stick into
 * gamepad_input.h's actions:
 *
 *     d-pad, left stick   move the cursor (or the settings' focus)
 *     A                   place a mark (choose in the settings)
 *     B                   undo (close the settings or the help)
 *     X                   hint            Y      redo
 *     Start               settings        Back   help
 *
 * Idle cost. SDL reads controllers only when asked: left to itself, SDL2's
 * SDL_WaitEventTimeout() polls every millisecond while any joystick is
 * attached (about 860 wake-ups a second in an idle game, measured). So
 * gamepad_init() turns off SDL's own joystick updates
 * (SDL_HINT_AUTO_UPDATE_JOYSTICKS), the app calls gamepad_poll() at each
 * pass of its loop, and sleeps in gamepad_wait_event() instead of
 * SDL_WaitEventTimeout(): it reads the controllers every GAMEPAD_POLL_MS
 * while one is attached (input is noticed within that) and every
 * GAMEPAD_HOTPLUG_MS while none is (a controller plugged in is noticed
 * within that), and returns to the app only when that produced an event.
 *
 * Usage (main thread, SDL's events initialised):
 *     gamepad pads;
 *     gamepad_init(&pads);                  // false: no controllers this run
 *     each pass: gamepad_poll(&pads); then for each event:
 *         gamepad_action a = gamepad_event(&pads, &ev, now_ms);
 *     and once per pass: gamepad_held_action(&pads, now_ms)
 *     to sleep: gamepad_wait_event(&pads, timeout), the timeout no later
 *         than gamepad_repeat_in_ms(&pads, now_ms) when that is not -1
 *     gamepad_quit(&pads);
 *
 * Thread safety: main thread only.
 */
#ifndef GAME_GAMEPAD_H
#define GAME_GAMEPAD_H

#include <stdbool.h>
#include <stdint.h>

#include <SDL.h>

#include "gamepad_input.h"

/** Controllers open at once; more are ignored until one is pulled out. */
#define GAMEPAD_MAX 4
/** How often controllers are read while one is attached: input waits at most
 *  this, a frame at 60 Hz. Each read costs about 0.1 ms (1% of a core at
 *  10 ms, measured on an idle game), so not more often than a board game needs. */
#define GAMEPAD_POLL_MS 16
/** How often SDL looks for one while none is: a controller plugged in is
 *  noticed within this. */
#define GAMEPAD_HOTPLUG_MS 1000

/** The open controllers and what their input is doing. */
typedef struct gamepad {
    bool ready; /**< SDL's controller subsystem is up. */
    int count;
    SDL_GameController *pads[GAMEPAD_MAX];
    SDL_JoystickID ids[GAMEPAD_MAX];
    gamepad_action stick[GAMEPAD_MAX]; /**< Where each left stick points. */
    gamepad_repeat repeat;             /**< The direction held, from any controller. */
} gamepad;

/**
 * Start SDL's controller support. Controllers already plugged in arrive as
 * SDL_CONTROLLERDEVICEADDED events, handled by gamepad_event().
 * @return false when SDL could not start it (logged): the game runs without
 *         controllers, and every other function does nothing.
 */
bool gamepad_init(gamepad *gp);

/** Close the controllers and stop SDL's controller support. */
void gamepad_quit(gamepad *gp);

/** Read the controllers and look for plugged and pulled ones; what changed
 *  arrives as SDL events. Cheap: call it at every wake-up. */
void gamepad_poll(gamepad *gp);

/**
 * Look at an SDL event: a controller plugged in is opened, one pulled out is
 * closed, and a button or stick of an open controller gives its action.
 * @p now_ms is the app's clock (for the repeat of held directions).
 * @return the action to do now, or GAMEPAD_ACTION_NONE.
 */
gamepad_action gamepad_event(gamepad *gp, const SDL_Event *ev, uint64_t now_ms);

/** The held direction when its repeat is due at @p now_ms, else none. */
gamepad_action gamepad_held_action(gamepad *gp, uint64_t now_ms);

/** Milliseconds from @p now_ms until a held direction acts again (0 if
 *  due), or -1 when none is held: the app must wake by then. */
int gamepad_repeat_in_ms(const gamepad *gp, uint64_t now_ms);

/** How often gamepad_wait_event() reads the controllers now, in
 *  milliseconds; -1 when it does not (no controller support). */
int gamepad_poll_interval_ms(const gamepad *gp);

/**
 * Sleep until an SDL event is queued or @p timeout_ms have passed (-1: no
 * limit), reading the controllers meanwhile (see the file comment), so that
 * a button, a stick or a controller plugged in ends the wait like a key.
 * Waking only to find nothing new costs no pass of the app's loop.
 */
void gamepad_wait_event(gamepad *gp, int timeout_ms);

/** Controllers open now. */
int gamepad_count(const gamepad *gp);

#endif /* GAME_GAMEPAD_H */
