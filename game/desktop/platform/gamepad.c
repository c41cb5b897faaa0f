/*
 * gamepad.c - game controllers through SDL's GameController API (see
 * gamepad.h).
 */
#include "gamepad.h"

#include <string.h>

/* What each button asks for; the rest (shoulders, sticks pressed, guide)
 * do nothing. */
static gamepad_action button_action(Uint8 button)
{
    switch ((SDL_GameControllerButton)button) {
    case SDL_CONTROLLER_BUTTON_DPAD_UP: return GAMEPAD_ACTION_UP;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return GAMEPAD_ACTION_DOWN;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return GAMEPAD_ACTION_LEFT;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return GAMEPAD_ACTION_RIGHT;
    case SDL_CONTROLLER_BUTTON_A: return GAMEPAD_ACTION_ACCEPT;
    case SDL_CONTROLLER_BUTTON_B: return GAMEPAD_ACTION_BACK;
    case SDL_CONTROLLER_BUTTON_X: return GAMEPAD_ACTION_HINT;
    case SDL_CONTROLLER_BUTTON_Y: return GAMEPAD_ACTION_REDO;
    case SDL_CONTROLLER_BUTTON_START: return GAMEPAD_ACTION_MENU;
    case SDL_CONTROLLER_BUTTON_BACK: return GAMEPAD_ACTION_HELP;
    case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: return GAMEPAD_ACTION_EARLIER;
    case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: return GAMEPAD_ACTION_LATER;
    default: return GAMEPAD_ACTION_NONE;
    }
}

/* The slot of the open controller with instance id @p id, or -1. */
static int slot_of(const gamepad *gp, SDL_JoystickID id)
{
    for (int i = 0; i < gp->count; i++)
        if (gp->ids[i] == id) return i;
    return -1;
}

bool gamepad_init(gamepad *gp)
{
    memset(gp, 0, sizeof *gp);
    gamepad_repeat_init(&gp->repeat);
    /* The app polls (see gamepad.h): without this, SDL_WaitEventTimeout
     * wakes every millisecond while a controller is attached. */
    if (!SDL_SetHint(SDL_HINT_AUTO_UPDATE_JOYSTICKS, "0"))
        SDL_Log("Couldn't turn off SDL's own joystick polling");
    if (SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) != 0) {
        SDL_Log("Couldn't start game controller support (%s); playing without", SDL_GetError());
        return false;
    }
    gp->ready = true;
    return true;
}

void gamepad_quit(gamepad *gp)
{
    if (!gp->ready) return;
    for (int i = 0; i < gp->count; i++)
        SDL_GameControllerClose(gp->pads[i]);
    gp->count = 0;
    SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);
    gp->ready = false;
}

void gamepad_poll(gamepad *gp)
{
    if (gp->ready) SDL_GameControllerUpdate();
}

static void open_pad(gamepad *gp, int device_index)
{
    if (slot_of(gp, SDL_JoystickGetDeviceInstanceID(device_index)) >= 0) return;
    if (gp->count == GAMEPAD_MAX) {
        SDL_Log("Ignoring a game controller: %d are in use already", GAMEPAD_MAX);
        return;
    }
    SDL_GameController *pad = SDL_GameControllerOpen(device_index);
    if (!pad) {
        SDL_Log("Couldn't open a game controller: %s", SDL_GetError());
        return;
    }
    int i = gp->count++;
    gp->pads[i] = pad;
    gp->ids[i] = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(pad));
    gp->stick[i] = GAMEPAD_ACTION_NONE;
}

static void close_pad(gamepad *gp, SDL_JoystickID id)
{
    int i = slot_of(gp, id);
    if (i < 0) return;
    SDL_GameControllerClose(gp->pads[i]);
    gp->count--;
    gp->pads[i] = gp->pads[gp->count];
    gp->ids[i] = gp->ids[gp->count];
    gp->stick[i] = gp->stick[gp->count];
    /* A direction it held must not go on repeating. */
    gamepad_repeat_init(&gp->repeat);
}

/* The left stick of slot @p i moved: the action when it points somewhere new. */
static gamepad_action stick_moved(gamepad *gp, int i, uint64_t now_ms)
{
    SDL_GameController *pad = gp->pads[i];
    int x = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTX);
    int y = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTY);
    gamepad_action was = gp->stick[i];
    gamepad_action now = gamepad_stick_direction(was, x, y);
    if (now == was) return GAMEPAD_ACTION_NONE;
    gp->stick[i] = now;
    gamepad_repeat_release(&gp->repeat, was);
    if (now == GAMEPAD_ACTION_NONE) return GAMEPAD_ACTION_NONE;
    gamepad_repeat_press(&gp->repeat, now, now_ms);
    return now;
}

gamepad_action gamepad_event(gamepad *gp, const SDL_Event *ev, uint64_t now_ms)
{
    if (!gp->ready) return GAMEPAD_ACTION_NONE;
    switch (ev->type) {
    case SDL_CONTROLLERDEVICEADDED: open_pad(gp, ev->cdevice.which); return GAMEPAD_ACTION_NONE;
    case SDL_CONTROLLERDEVICEREMOVED: close_pad(gp, ev->cdevice.which); return GAMEPAD_ACTION_NONE;
    case SDL_CONTROLLERBUTTONDOWN: {
        if (slot_of(gp, ev->cbutton.which) < 0) return GAMEPAD_ACTION_NONE;
        gamepad_action a = button_action(ev->cbutton.button);
        gamepad_repeat_press(&gp->repeat, a, now_ms);
        return a;
    }
    case SDL_CONTROLLERBUTTONUP:
        if (slot_of(gp, ev->cbutton.which) >= 0)
            gamepad_repeat_release(&gp->repeat, button_action(ev->cbutton.button));
        return GAMEPAD_ACTION_NONE;
    case SDL_CONTROLLERAXISMOTION: {
        int i = slot_of(gp, ev->caxis.which);
        if (i < 0 || (ev->caxis.axis != SDL_CONTROLLER_AXIS_LEFTX &&
                      ev->caxis.axis != SDL_CONTROLLER_AXIS_LEFTY))
            return GAMEPAD_ACTION_NONE;
        return stick_moved(gp, i, now_ms);
    }
    default: return GAMEPAD_ACTION_NONE;
    }
}

gamepad_action gamepad_held_action(gamepad *gp, uint64_t now_ms)
{
    return gp->ready ? gamepad_repeat_due(&gp->repeat, now_ms) : GAMEPAD_ACTION_NONE;
}

int gamepad_repeat_in_ms(const gamepad *gp, uint64_t now_ms)
{
    return gp->ready ? gamepad_repeat_wait_ms(&gp->repeat, now_ms) : -1;
}

int gamepad_poll_interval_ms(const gamepad *gp)
{
    if (!gp->ready) return -1;
    return gp->count > 0 ? GAMEPAD_POLL_MS : GAMEPAD_HOTPLUG_MS;
}

void gamepad_wait_event(gamepad *gp, int timeout_ms)
{
    int interval = gamepad_poll_interval_ms(gp);
    if (interval < 0) {
        SDL_WaitEventTimeout(NULL, timeout_ms);
        return;
    }
    Uint64 end = timeout_ms < 0 ? UINT64_MAX : SDL_GetTicks64() + (Uint64)timeout_ms;
    for (;;) {
        Uint64 now = SDL_GetTicks64();
        if (now >= end) return;
        int slice = interval;
        if (end - now < (Uint64)slice) slice = (int)(end - now);
        if (SDL_WaitEventTimeout(NULL, slice)) return; /* something for the app */
        gamepad_poll(gp);
        if (SDL_PeepEvents(NULL, 1, SDL_PEEKEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) > 0) return;
    }
}

int gamepad_count(const gamepad *gp)
{
    return gp->count;
}
