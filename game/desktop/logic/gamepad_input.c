/*
 * gamepad_input.c - the rules of gamepad input (see gamepad_input.h).
 */
#include "gamepad_input.h"

#include <stdlib.h>

static const char *const ACTION_NAMES[GAMEPAD_ACTION_COUNT] = {
    "none", "up",   "down", "left", "right",   "accept", "back",
    "hint", "redo", "menu", "help", "earlier", "later",
};

bool gamepad_action_is_direction(gamepad_action action)
{
    return action == GAMEPAD_ACTION_UP || action == GAMEPAD_ACTION_DOWN ||
           action == GAMEPAD_ACTION_LEFT || action == GAMEPAD_ACTION_RIGHT;
}

const char *gamepad_action_name(gamepad_action action)
{
    return (action >= 0 && action < GAMEPAD_ACTION_COUNT) ? ACTION_NAMES[action] : "?";
}

/* How far the stick at (x, y) leans towards @p direction (negative: away). */
static long lean(gamepad_action direction, long x, long y)
{
    switch (direction) {
    case GAMEPAD_ACTION_UP: return -y;
    case GAMEPAD_ACTION_DOWN: return y;
    case GAMEPAD_ACTION_LEFT: return -x;
    case GAMEPAD_ACTION_RIGHT: return x;
    default: return 0;
    }
}

gamepad_action gamepad_stick_direction(gamepad_action current, int x, int y)
{
    long lx = x, ly = y;
    /* The engaged direction holds while its own axis stays past the release
     * point, however the other axis moves. */
    if (gamepad_action_is_direction(current) && lean(current, lx, ly) > GAMEPAD_STICK_RELEASE)
        return current;
    long ax = labs(lx), ay = labs(ly);
    if (ax < GAMEPAD_STICK_ENGAGE && ay < GAMEPAD_STICK_ENGAGE) return GAMEPAD_ACTION_NONE;
    if (ax >= ay) return lx < 0 ? GAMEPAD_ACTION_LEFT : GAMEPAD_ACTION_RIGHT;
    return ly < 0 ? GAMEPAD_ACTION_UP : GAMEPAD_ACTION_DOWN;
}

void gamepad_repeat_init(gamepad_repeat *r)
{
    r->held = GAMEPAD_ACTION_NONE;
    r->next_ms = 0;
}

void gamepad_repeat_press(gamepad_repeat *r, gamepad_action direction, uint64_t now_ms)
{
    if (!gamepad_action_is_direction(direction)) return;
    r->held = direction;
    r->next_ms = now_ms + GAMEPAD_REPEAT_DELAY_MS;
}

void gamepad_repeat_release(gamepad_repeat *r, gamepad_action direction)
{
    if (r->held == direction) r->held = GAMEPAD_ACTION_NONE;
}

gamepad_action gamepad_repeat_due(gamepad_repeat *r, uint64_t now_ms)
{
    if (r->held == GAMEPAD_ACTION_NONE || now_ms < r->next_ms) return GAMEPAD_ACTION_NONE;
    r->next_ms = now_ms + GAMEPAD_REPEAT_INTERVAL_MS;
    return r->held;
}

int gamepad_repeat_wait_ms(const gamepad_repeat *r, uint64_t now_ms)
{
    if (r->held == GAMEPAD_ACTION_NONE) return -1;
    return now_ms >= r->next_ms ? 0 : (int)(r->next_ms - now_ms);
}
