/*
 * gamepad_input.h - the rules of gamepad input, without SDL: what a button
 * or the left stick asks the game to do, the stick's dead zone, and the
 * repeat of a direction held down.
 *
 * gamepad.c turns SDL's controller events into these actions; the app then
 * does for each what the keyboard's key for it does (see input.c), so the
 * game has one set of rules for both.
 *
 * The stick has hysteresis: a direction engages past
 * GAMEPAD_STICK_ENGAGE and lets go only below GAMEPAD_STICK_RELEASE, and the
 * axis that engaged keeps the direction while it stays past the release
 * point, so a stick resting near a diagonal or near the threshold never
 * flickers between directions. A direction held (stick or d-pad) acts once
 * at once, again after GAMEPAD_REPEAT_DELAY_MS, then every
 * GAMEPAD_REPEAT_INTERVAL_MS, like a key held down.
 */
#ifndef GAME_GAMEPAD_INPUT_H
#define GAME_GAMEPAD_INPUT_H

#include <stdbool.h>
#include <stdint.h>

/** What a gamepad asks for. */
typedef enum gamepad_action {
    GAMEPAD_ACTION_NONE = 0,
    GAMEPAD_ACTION_UP,
    GAMEPAD_ACTION_DOWN,
    GAMEPAD_ACTION_LEFT,
    GAMEPAD_ACTION_RIGHT,
    GAMEPAD_ACTION_ACCEPT,  /**< A: place at the cursor; choose in the settings. */
    GAMEPAD_ACTION_BACK,    /**< B: undo; closes the settings or the help. */
    GAMEPAD_ACTION_HINT,    /**< X: show or hide the hint. */
    GAMEPAD_ACTION_REDO,    /**< Y: redo. */
    GAMEPAD_ACTION_MENU,    /**< Start: open the game menu; closes a panel. */
    GAMEPAD_ACTION_HELP,    /**< Back (Select, View): open or close the help. */
    GAMEPAD_ACTION_EARLIER, /**< Left shoulder: in a review, one move back. */
    GAMEPAD_ACTION_LATER,   /**< Right shoulder: in a review, one move on. */
    GAMEPAD_ACTION_COUNT
} gamepad_action;

/** Stick deflection (of SDL's -32768..32767) that engages a direction. */
#define GAMEPAD_STICK_ENGAGE 20000
/** Deflection under which an engaged direction lets go. */
#define GAMEPAD_STICK_RELEASE 12000
/** A held direction repeats after this long... */
#define GAMEPAD_REPEAT_DELAY_MS 400
/** ...and then this often. */
#define GAMEPAD_REPEAT_INTERVAL_MS 130

/** Is @p action one of the four directions? */
bool gamepad_action_is_direction(gamepad_action action);

/** A short name ("up", "accept" ...), for logs and tests. Never NULL. */
const char *gamepad_action_name(gamepad_action action);

/**
 * The direction the left stick at (@p x, @p y) points (y grows downwards,
 * as SDL reports it), given the direction it pointed before, @p current
 * (GAMEPAD_ACTION_NONE when it was centred). @return a direction, or
 * GAMEPAD_ACTION_NONE in the dead zone.
 */
gamepad_action gamepad_stick_direction(gamepad_action current, int x, int y);

/** A direction held down, and when it acts again. */
typedef struct gamepad_repeat {
    gamepad_action held; /**< GAMEPAD_ACTION_NONE when nothing is held. */
    uint64_t next_ms;    /**< When the held direction acts again. */
} gamepad_repeat;

/** Nothing held. */
void gamepad_repeat_init(gamepad_repeat *r);

/** @p direction went down at @p now_ms (it acts now; the caller does that). */
void gamepad_repeat_press(gamepad_repeat *r, gamepad_action direction, uint64_t now_ms);

/** @p direction came up (a different held direction is kept). */
void gamepad_repeat_release(gamepad_repeat *r, gamepad_action direction);

/** The held direction if its repeat is due at @p now_ms (and schedules the
 *  next), else GAMEPAD_ACTION_NONE. Acts at most once per call, so a late
 *  call does not fire a burst. */
gamepad_action gamepad_repeat_due(gamepad_repeat *r, uint64_t now_ms);

/** Milliseconds from @p now_ms until the next repeat (0 if due), or -1 when
 *  nothing is held. */
int gamepad_repeat_wait_ms(const gamepad_repeat *r, uint64_t now_ms);

#endif /* GAME_GAMEPAD_INPUT_H */
