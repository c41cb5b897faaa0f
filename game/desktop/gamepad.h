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
 * attached (about 1,000 wake-ups a second in an idle game). So gamepad_init()
 * turns off SDL's own joystick updates (SDL_HINT_AUTO_UPDATE_JOYSTICKS) and
 * the app calls gamepad_poll() at each wake-up and sleeps at most
 * gamepad_wait_ms(): GAMEPAD_POLL_MS while a controller is attached (its
 * input is noticed within that), GAMEPAD_HOTPLUG_MS while none is (a
 * controller plugged in is noticed within that).
 *
 * Usage (main thread, SDL's events initialised):
 *     gamepad pads;
 *     gamepad_init(&pads);                  // false: no controllers this run
 *     each wake-up: gamepad_poll(&pads); then for each event:
 *         gamepad_action a = gamepad_event(&pads, &ev, now_ms);
 *     and once per wake-up: gamepad_held_action(&pads, now_ms)
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
/** Longest sleep while a controller is attached: its input waits at most this. */
#define GAMEPAD_POLL_MS 10
/** Longest sleep while none is: a controller plugged in is noticed within this. */
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

/** The longest the app may sleep at @p now_ms before calling gamepad_poll()
 *  again, in milliseconds; -1 when it may sleep for ever (no controller support). */
int gamepad_wait_ms(const gamepad *gp, uint64_t now_ms);

/** Controllers open now. */
int gamepad_count(const gamepad *gp);

#endif /* GAME_GAMEPAD_H */
