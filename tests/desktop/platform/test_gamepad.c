/*
 * test_gamepad.c - game controllers: the input rules (gamepad_input.c: the
 * stick's dead zone and hysteresis, a held direction's repeat) and the SDL
 * side (gamepad.c) with SDL's virtual joystick standing in for a controller:
 * each button's action, the stick, plugging in and pulling out while
 * running, and the idle waits. Then the game played with a controller only.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <SDL.h>

#include "app_driver.h"
#include "gamepad.h"
#include "screen_gamemenu.h"
#include "gamepad_input.h"

/* ------------------------------------------------------------------------- */
/* Rules                                                                     */
/* ------------------------------------------------------------------------- */

static void test_stick_dead_zone_and_hysteresis(void **state)
{
    (void)state;
    const gamepad_action none = GAMEPAD_ACTION_NONE;
    assert_int_equal(gamepad_stick_direction(none, 0, 0), none);
    assert_int_equal(gamepad_stick_direction(none, 32767, 0), GAMEPAD_ACTION_RIGHT);
    assert_int_equal(gamepad_stick_direction(none, -32768, 0), GAMEPAD_ACTION_LEFT);
    assert_int_equal(gamepad_stick_direction(none, 0, -32768), GAMEPAD_ACTION_UP);
    assert_int_equal(gamepad_stick_direction(none, 0, 32767), GAMEPAD_ACTION_DOWN);
    /* Between the release and engage points: nothing new engages... */
    int between = (GAMEPAD_STICK_ENGAGE + GAMEPAD_STICK_RELEASE) / 2;
    assert_int_equal(gamepad_stick_direction(none, between, 0), none);
    /* ...and an engaged direction holds. */
    assert_int_equal(gamepad_stick_direction(GAMEPAD_ACTION_RIGHT, between, 0),
                     GAMEPAD_ACTION_RIGHT);
    assert_int_equal(gamepad_stick_direction(GAMEPAD_ACTION_RIGHT, GAMEPAD_STICK_RELEASE - 1, 0),
                     none);
    /* Near a diagonal the engaged axis keeps the direction even when the
     * other axis overtakes it, so the cursor does not zig-zag. */
    assert_int_equal(gamepad_stick_direction(none, 25000, 24000), GAMEPAD_ACTION_RIGHT);
    assert_int_equal(gamepad_stick_direction(GAMEPAD_ACTION_RIGHT, 25000, 30000),
                     GAMEPAD_ACTION_RIGHT);
    assert_int_equal(gamepad_stick_direction(GAMEPAD_ACTION_RIGHT, 5000, 30000),
                     GAMEPAD_ACTION_DOWN);
    /* Flipped over: the old direction leans away, the new one engages. */
    assert_int_equal(gamepad_stick_direction(GAMEPAD_ACTION_RIGHT, -30000, 0), GAMEPAD_ACTION_LEFT);
}

static void test_repeat_like_a_held_key(void **state)
{
    (void)state;
    gamepad_repeat r;
    gamepad_repeat_init(&r);
    assert_int_equal(gamepad_repeat_wait_ms(&r, 0), -1);
    assert_int_equal(gamepad_repeat_due(&r, 100000), GAMEPAD_ACTION_NONE);
    /* Buttons other than directions do not repeat. */
    gamepad_repeat_press(&r, GAMEPAD_ACTION_ACCEPT, 1000);
    assert_int_equal(gamepad_repeat_wait_ms(&r, 1000), -1);

    gamepad_repeat_press(&r, GAMEPAD_ACTION_LEFT, 1000);
    assert_int_equal(gamepad_repeat_wait_ms(&r, 1000), GAMEPAD_REPEAT_DELAY_MS);
    assert_int_equal(gamepad_repeat_due(&r, 1000 + GAMEPAD_REPEAT_DELAY_MS - 1),
                     GAMEPAD_ACTION_NONE);
    uint64_t t = 1000 + GAMEPAD_REPEAT_DELAY_MS;
    assert_int_equal(gamepad_repeat_due(&r, t), GAMEPAD_ACTION_LEFT);
    assert_int_equal(gamepad_repeat_due(&r, t), GAMEPAD_ACTION_NONE);
    assert_int_equal(gamepad_repeat_wait_ms(&r, t), GAMEPAD_REPEAT_INTERVAL_MS);
    t += GAMEPAD_REPEAT_INTERVAL_MS;
    assert_int_equal(gamepad_repeat_due(&r, t), GAMEPAD_ACTION_LEFT);
    /* Called late (a slow frame): one repeat, not a burst. */
    t += 10 * GAMEPAD_REPEAT_INTERVAL_MS;
    assert_int_equal(gamepad_repeat_due(&r, t), GAMEPAD_ACTION_LEFT);
    assert_int_equal(gamepad_repeat_due(&r, t + 1), GAMEPAD_ACTION_NONE);
    assert_int_equal(gamepad_repeat_wait_ms(&r, t + GAMEPAD_REPEAT_INTERVAL_MS + 5), 0);
    /* Another direction released: this one goes on. */
    gamepad_repeat_release(&r, GAMEPAD_ACTION_UP);
    assert_int_equal(r.held, GAMEPAD_ACTION_LEFT);
    gamepad_repeat_release(&r, GAMEPAD_ACTION_LEFT);
    assert_int_equal(gamepad_repeat_due(&r, t + 100000), GAMEPAD_ACTION_NONE);
}

static void test_action_names(void **state)
{
    (void)state;
    assert_string_equal(gamepad_action_name(GAMEPAD_ACTION_ACCEPT), "accept");
    assert_string_equal(gamepad_action_name(GAMEPAD_ACTION_HELP), "help");
    assert_string_equal(gamepad_action_name(GAMEPAD_ACTION_COUNT), "?");
    assert_true(gamepad_action_is_direction(GAMEPAD_ACTION_DOWN));
    assert_false(gamepad_action_is_direction(GAMEPAD_ACTION_BACK));
}

/* ------------------------------------------------------------------------- */
/* SDL, with a virtual controller                                            */
/* ------------------------------------------------------------------------- */

/* A virtual controller with every button and axis SDL knows. */
static int attach_virtual(void)
{
    SDL_VirtualJoystickDesc desc;
    SDL_zero(desc);
    desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
    desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
    desc.naxes = SDL_CONTROLLER_AXIS_MAX;
    desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
    desc.name = "ttt test pad";
    int index = SDL_JoystickAttachVirtualEx(&desc);
    if (index < 0) fail_msg("Couldn't attach a virtual joystick: %s", SDL_GetError());
    return index;
}

/* Poll as the app does and hand every event to the gamepad; returns the
 * last action given (or none). */
static gamepad_action pump(gamepad *gp, uint64_t now_ms)
{
    gamepad_action last = GAMEPAD_ACTION_NONE;
    gamepad_poll(gp);
    SDL_Event ev;
    while (SDL_PollEvent(&ev)) {
        gamepad_action a = gamepad_event(gp, &ev, now_ms);
        if (a != GAMEPAD_ACTION_NONE) last = a;
    }
    return last;
}

static int setup_sdl(void **state)
{
    (void)state;
    return SDL_Init(SDL_INIT_EVENTS) == 0 ? 0 : -1;
}

static int teardown_sdl(void **state)
{
    (void)state;
    SDL_Quit();
    return 0;
}

static void test_buttons_and_stick_of_a_virtual_controller(void **state)
{
    (void)state;
    gamepad gp;
    assert_true(gamepad_init(&gp));
    /* SDL's own polling is off (it would wake an idle game 1,000 times a second). */
    assert_false(SDL_GetHintBoolean(SDL_HINT_AUTO_UPDATE_JOYSTICKS, SDL_TRUE));
    pump(&gp, 0);
    assert_int_equal(gamepad_count(&gp), 0);
    assert_int_equal(gamepad_poll_interval_ms(&gp), GAMEPAD_HOTPLUG_MS);
    assert_int_equal(gamepad_repeat_in_ms(&gp, 0), -1);

    int index = attach_virtual();
    SDL_Joystick *js = SDL_JoystickOpen(index); /* The test's handle, to press buttons. */
    assert_non_null(js);
    pump(&gp, 0);
    assert_int_equal(gamepad_count(&gp), 1);
    assert_int_equal(gamepad_poll_interval_ms(&gp), GAMEPAD_POLL_MS);

    static const struct {
        SDL_GameControllerButton button;
        gamepad_action action;
    } map[] = {
        {SDL_CONTROLLER_BUTTON_A, GAMEPAD_ACTION_ACCEPT},
        {SDL_CONTROLLER_BUTTON_B, GAMEPAD_ACTION_BACK},
        {SDL_CONTROLLER_BUTTON_X, GAMEPAD_ACTION_HINT},
        {SDL_CONTROLLER_BUTTON_Y, GAMEPAD_ACTION_REDO},
        {SDL_CONTROLLER_BUTTON_START, GAMEPAD_ACTION_MENU},
        {SDL_CONTROLLER_BUTTON_BACK, GAMEPAD_ACTION_HELP},
        {SDL_CONTROLLER_BUTTON_DPAD_UP, GAMEPAD_ACTION_UP},
        {SDL_CONTROLLER_BUTTON_DPAD_DOWN, GAMEPAD_ACTION_DOWN},
        {SDL_CONTROLLER_BUTTON_DPAD_LEFT, GAMEPAD_ACTION_LEFT},
        {SDL_CONTROLLER_BUTTON_DPAD_RIGHT, GAMEPAD_ACTION_RIGHT},
        {SDL_CONTROLLER_BUTTON_LEFTSHOULDER, GAMEPAD_ACTION_EARLIER},
        {SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, GAMEPAD_ACTION_LATER},
        {SDL_CONTROLLER_BUTTON_LEFTSTICK, GAMEPAD_ACTION_NONE},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        assert_int_equal(SDL_JoystickSetVirtualButton(js, (int)map[i].button, 1), 0);
        assert_int_equal(pump(&gp, 0), map[i].action);
        assert_int_equal(SDL_JoystickSetVirtualButton(js, (int)map[i].button, 0), 0);
        assert_int_equal(pump(&gp, 0), GAMEPAD_ACTION_NONE); /* Release does nothing. */
    }

    /* A d-pad direction held repeats; released, it stops. */
    SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_DPAD_DOWN, 1);
    assert_int_equal(pump(&gp, 5000), GAMEPAD_ACTION_DOWN);
    assert_int_equal(gamepad_held_action(&gp, 5000 + 10), GAMEPAD_ACTION_NONE);
    assert_int_equal(gamepad_repeat_in_ms(&gp, 5000), GAMEPAD_REPEAT_DELAY_MS);
    assert_int_equal(gamepad_held_action(&gp, 5000 + GAMEPAD_REPEAT_DELAY_MS), GAMEPAD_ACTION_DOWN);
    SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_DPAD_DOWN, 0);
    pump(&gp, 6000);
    assert_int_equal(gamepad_held_action(&gp, 9000), GAMEPAD_ACTION_NONE);

    /* The left stick: pushed, held (no new action), back to the centre. */
    SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_LEFTX, 32767);
    assert_int_equal(pump(&gp, 10000), GAMEPAD_ACTION_RIGHT);
    SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_LEFTX, 30000);
    assert_int_equal(pump(&gp, 10010), GAMEPAD_ACTION_NONE);
    assert_int_equal(gamepad_held_action(&gp, 10000 + GAMEPAD_REPEAT_DELAY_MS),
                     GAMEPAD_ACTION_RIGHT);
    SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_LEFTX, 0);
    assert_int_equal(pump(&gp, 11000), GAMEPAD_ACTION_NONE);
    assert_int_equal(gamepad_held_action(&gp, 20000), GAMEPAD_ACTION_NONE);
    /* The right stick and the triggers do nothing. */
    SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_RIGHTX, 32767);
    SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_TRIGGERLEFT, 32767);
    assert_int_equal(pump(&gp, 12000), GAMEPAD_ACTION_NONE);

    SDL_JoystickClose(js);
    assert_int_equal(SDL_JoystickDetachVirtual(index), 0);
    gamepad_quit(&gp);
}

/* The loop's sleep: nothing happening, it times out with nothing queued; a
 * button pressed meanwhile ends it with the button's event queued (SDL
 * itself would not notice: its own polling is off). */
static void test_wait_ends_on_a_button(void **state)
{
    (void)state;
    gamepad gp;
    assert_true(gamepad_init(&gp));
    int index = attach_virtual();
    SDL_Joystick *js = SDL_JoystickOpen(index);
    assert_non_null(js);
    pump(&gp, 0);
    assert_int_equal(gamepad_count(&gp), 1);
    gamepad_wait_event(&gp, 3 * GAMEPAD_POLL_MS);
    assert_int_equal(SDL_PeepEvents(NULL, 1, SDL_PEEKEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT), 0);
    assert_int_equal(SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_A, 1), 0);
    gamepad_wait_event(&gp, -1); /* returns only because the button was read */
    SDL_Event ev;
    bool pressed = false;
    /* Every queued event (SDL_PollEvent would stop at the end of the poll
     * cycle the wait began, before the button's events). */
    while (SDL_PeepEvents(&ev, 1, SDL_GETEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) == 1)
        if (gamepad_event(&gp, &ev, 0) == GAMEPAD_ACTION_ACCEPT) pressed = true;
    assert_true(pressed);
    SDL_JoystickClose(js);
    assert_int_equal(SDL_JoystickDetachVirtual(index), 0);
    gamepad_quit(&gp);
}

static void test_plug_in_and_out_while_running(void **state)
{
    (void)state;
    gamepad gp;
    assert_true(gamepad_init(&gp));
    /* Plugged in before the game looked: found at the first poll. */
    int first = attach_virtual();
    pump(&gp, 0);
    assert_int_equal(gamepad_count(&gp), 1);
    int second = attach_virtual();
    pump(&gp, 0);
    assert_int_equal(gamepad_count(&gp), 2);

    /* Pull the first out while its direction is held: the repeat stops. */
    SDL_Joystick *js = SDL_JoystickOpen(first);
    assert_non_null(js);
    SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_DPAD_UP, 1);
    assert_int_equal(pump(&gp, 0), GAMEPAD_ACTION_UP);
    SDL_JoystickClose(js);
    assert_int_equal(SDL_JoystickDetachVirtual(first), 0);
    pump(&gp, 0);
    assert_int_equal(gamepad_count(&gp), 1);
    assert_int_equal(gamepad_held_action(&gp, 100000), GAMEPAD_ACTION_NONE);

    /* The one left still works (its device index moved down by one). */
    second = SDL_NumJoysticks() - 1;
    js = SDL_JoystickOpen(second);
    assert_non_null(js);
    SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_A, 1);
    assert_int_equal(pump(&gp, 0), GAMEPAD_ACTION_ACCEPT);
    SDL_JoystickClose(js);
    assert_int_equal(SDL_JoystickDetachVirtual(second), 0);
    pump(&gp, 0);
    assert_int_equal(gamepad_count(&gp), 0);
    assert_int_equal(gamepad_poll_interval_ms(&gp), GAMEPAD_HOTPLUG_MS);

    /* And plugged in again. */
    int again = attach_virtual();
    pump(&gp, 0);
    assert_int_equal(gamepad_count(&gp), 1);
    assert_int_equal(SDL_JoystickDetachVirtual(again), 0);
    pump(&gp, 0);
    assert_int_equal(gamepad_count(&gp), 0);
    gamepad_quit(&gp);
    /* After quitting, nothing is read and nothing is asked of the loop. */
    assert_int_equal(gamepad_poll_interval_ms(&gp), -1);
    assert_int_equal(gamepad_repeat_in_ms(&gp, 0), -1);
}

/* ------------------------------------------------------------------------- */
/* The game, played with a controller                                        */
/* ------------------------------------------------------------------------- */

/* Press and release @p button, a frame each. */
static void tap(app_state *app, SDL_Joystick *js, SDL_GameControllerButton button)
{
    assert_int_equal(SDL_JoystickSetVirtualButton(js, (int)button, 1), 0);
    steps(app, 1);
    assert_int_equal(SDL_JoystickSetVirtualButton(js, (int)button, 0), 0);
    steps(app, 1);
}

static void test_game_played_with_a_controller(void **state)
{
    (void)state;
    /* SDL ignores controllers while no window of the game has the focus
     * (right for a game in the background), and the dummy video driver's
     * window never gets it. */
    SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
    settings s;
    settings_defaults(&s);
    s.mode = SETTINGS_MODE_TWO_PLAYERS;
    app_state *app = start(&s);
    steps(app, 2);
    /* Plugged in while the game runs. */
    int index = attach_virtual();
    SDL_Joystick *js = SDL_JoystickOpen(index);
    assert_non_null(js);
    steps(app, 1);
    assert_int_equal(gamepad_count(&app->gamepad), 1);

    /* The first press shows the cursor (in the middle), as the arrows do. */
    assert_false(app->cursor_shown);
    tap(app, js, SDL_CONTROLLER_BUTTON_DPAD_UP);
    assert_true(app->cursor_shown);
    assert_int_equal(app->cursor_row, 1);
    tap(app, js, SDL_CONTROLLER_BUTTON_DPAD_UP);
    tap(app, js, SDL_CONTROLLER_BUTTON_DPAD_LEFT);
    assert_int_equal(app->cursor_row, 0);
    assert_int_equal(app->cursor_col, 0);
    /* A places. */
    tap(app, js, SDL_CONTROLLER_BUTTON_A);
    assert_int_equal(owner(app, 0, 0), TTT_PLAYER_X);
    /* The stick moves the cursor too: right, and back to the centre. */
    SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_LEFTX, 32767);
    steps(app, 1);
    SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_LEFTX, 0);
    steps(app, 1);
    assert_int_equal(app->cursor_col, 1);
    tap(app, js, SDL_CONTROLLER_BUTTON_A);
    assert_int_equal(owner(app, 0, 1), TTT_PLAYER_O);
    /* Held down, the d-pad repeats: from column 1 to the edge. */
    SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_DPAD_DOWN, 1);
    steps(app, 1 + (GAMEPAD_REPEAT_DELAY_MS + GAMEPAD_REPEAT_INTERVAL_MS) / STEP_MS + 1);
    SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_DPAD_DOWN, 0);
    steps(app, 1);
    assert_int_equal(app->cursor_row, 2);
    /* B undoes, Y redoes. */
    tap(app, js, SDL_CONTROLLER_BUTTON_B);
    assert_int_equal(mark_count(app), 1);
    tap(app, js, SDL_CONTROLLER_BUTTON_Y);
    assert_int_equal(mark_count(app), 2);
    /* X asks for a hint, and X again hides it. */
    tap(app, js, SDL_CONTROLLER_BUTTON_X);
    assert_true(app->play.hint_waiting || app->play.hint_shown);
    tap(app, js, SDL_CONTROLLER_BUTTON_X);
    assert_false(app->play.hint_waiting || app->play.hint_shown);

    /* Start opens the game menu; its Settings entry opens the settings, where
     * the d-pad moves the focus, A chooses and B closes. */
    tap(app, js, SDL_CONTROLLER_BUTTON_START);
    assert_true(app_showing(app, SCREEN_GAMEMENU));
    while (app->gamemenu_screen.focus != GAMEMENU_SETTINGS)
        tap(app, js, SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    tap(app, js, SDL_CONTROLLER_BUTTON_A);
    assert_false(app_showing(app, SCREEN_GAMEMENU));
    assert_true(app_showing(app, SCREEN_SETTINGS));
    app->settings_screen.menu.focus = 0;
    tap(app, js, SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    assert_true(app->settings_screen.menu.focus > 0); /* the next row that applies to two players */
    assert_true(app->settings_screen.menu.show_focus);
    tap(app, js, SDL_CONTROLLER_BUTTON_DPAD_UP);
    assert_int_equal(app->settings_screen.menu.focus, MENU_ROW_MODE);
    tap(app, js, SDL_CONTROLLER_BUTTON_DPAD_RIGHT); /* two players -> watch */
    assert_int_equal(app->settings.mode, SETTINGS_MODE_COMPUTER_VS_COMPUTER);
    tap(app, js, SDL_CONTROLLER_BUTTON_DPAD_LEFT);
    assert_int_equal(app->settings.mode, SETTINGS_MODE_TWO_PLAYERS);
    app->settings_screen.menu.focus = MENU_ROW_SOUND;
    tap(app, js, SDL_CONTROLLER_BUTTON_A); /* Enter cycles: on -> off */
    assert_false(app->settings.sound);
    tap(app, js, SDL_CONTROLLER_BUTTON_B);
    assert_false(app_showing(app, SCREEN_SETTINGS));
    assert_int_equal(mark_count(app), 2); /* B in the menu closed it, undid nothing. */
    /* Back shows the help; B puts it away. */
    tap(app, js, SDL_CONTROLLER_BUTTON_BACK);
    assert_true(app_showing(app, SCREEN_HELP));
    tap(app, js, SDL_CONTROLLER_BUTTON_B);
    assert_false(app_showing(app, SCREEN_HELP));
    assert_int_equal(mark_count(app), 2);

    /* A on a finished game starts the next one. */
    static const int rest[][2] = {{1, 0}, {1, 1}, {2, 0}}; /* X takes column 0 */
    for (size_t i = 0; i < sizeof rest / sizeof rest[0]; i++) {
        click_square(app, rest[i][0], rest[i][1]);
        steps(app, 1);
    }
    assert_int_equal(ttt_game_winner(app->play.game), TTT_PLAYER_X);
    /* Reviewed from the pad: the shoulders step through the moves, B leaves. */
    press_key(app, SDLK_r);
    steps(app, 1);
    assert_true(app->review.open);
    assert_int_equal(app->review.ply, 5);
    tap(app, js, SDL_CONTROLLER_BUTTON_LEFTSHOULDER);
    tap(app, js, SDL_CONTROLLER_BUTTON_LEFTSHOULDER);
    assert_int_equal(app->review.ply, 3);
    tap(app, js, SDL_CONTROLLER_BUTTON_RIGHTSHOULDER);
    assert_int_equal(app->review.ply, 4);
    tap(app, js, SDL_CONTROLLER_BUTTON_B);
    assert_false(app->review.open);
    assert_int_equal(mark_count(app), 5); /* leaving the review changed nothing */
    tap(app, js, SDL_CONTROLLER_BUTTON_A);
    assert_int_equal(mark_count(app), 0);
    assert_int_equal(turn(app), TTT_PLAYER_O); /* the other player starts the next game */
    /* The mouse was used since: the first A shows the cursor, the next places. */
    tap(app, js, SDL_CONTROLLER_BUTTON_A);
    assert_true(app->cursor_shown);
    assert_int_equal(mark_count(app), 0);
    tap(app, js, SDL_CONTROLLER_BUTTON_A);
    assert_int_equal(mark_count(app), 1);

    /* Pulled out while running: nothing breaks, and the keyboard still works. */
    SDL_JoystickClose(js);
    assert_int_equal(SDL_JoystickDetachVirtual(index), 0);
    steps(app, 2);
    assert_int_equal(gamepad_count(&app->gamepad), 0);
    press_key(app, SDLK_u);
    steps(app, 1);
    assert_int_equal(mark_count(app), 0);
    /* Plugged in again: it works again. */
    index = attach_virtual();
    js = SDL_JoystickOpen(index);
    assert_non_null(js);
    steps(app, 1);
    assert_int_equal(gamepad_count(&app->gamepad), 1);
    tap(app, js, SDL_CONTROLLER_BUTTON_A);
    assert_int_equal(mark_count(app), 1);
    SDL_JoystickClose(js);
    assert_int_equal(SDL_JoystickDetachVirtual(index), 0);
    stop(app);
}

int main(void)
{
    const struct CMUnitTest rules[] = {
        cmocka_unit_test(test_stick_dead_zone_and_hysteresis),
        cmocka_unit_test(test_repeat_like_a_held_key),
        cmocka_unit_test(test_action_names),
    };
    const struct CMUnitTest sdl[] = {
        cmocka_unit_test(test_buttons_and_stick_of_a_virtual_controller),
        cmocka_unit_test(test_wait_ends_on_a_button),
        cmocka_unit_test(test_plug_in_and_out_while_running),
    };
    const struct CMUnitTest game[] = {
        cmocka_unit_test(test_game_played_with_a_controller),
    };
    int failed = cmocka_run_group_tests_name("game_gamepad_rules", rules, NULL, NULL);
    failed += cmocka_run_group_tests_name("game_gamepad_sdl", sdl, setup_sdl, teardown_sdl);
    failed += cmocka_run_group_tests_name("game_gamepad_app", game, NULL, NULL);
    return failed;
}
