/*
 * screen_stack.h - which screens show, bottom to top: the game always, a
 * review over it, then at most one panel (the game menu, the statistics or
 * the settings), then the help. What each screen does is in the table of
 * screens (screens.h); this is only the stack, with no SDL in it, so
 * app_state.h and the tests can read it.
 *
 * A screen has its layer, its place in screen_id's order, and the stack is
 * kept in that order: a screen opened goes to its layer's place, not
 * always to the top, so a review that a slow file read opens while the
 * settings show goes under them, and the help is always on top.
 */
#ifndef GAME_SCREEN_STACK_H
#define GAME_SCREEN_STACK_H

#include <stdbool.h>

/** The screens, bottom layer first. */
typedef enum screen_id {
    SCREEN_GAME = 0,    /**< The board, the status and the buttons; always showing. */
    SCREEN_REVIEW,      /**< A finished game stepped through or replayed, on the board. */
    SCREEN_PUZZLE,      /**< A puzzle played on the board (screen_puzzle.c). */
    SCREEN_GAMEMENU,    /**< The game menu (the Menu button, F10). */
    SCREEN_ONLINE,      /**< The online lobby: create, join or host a room; the room's controls. */
    SCREEN_PUZZLE_MENU, /**< The puzzles' chooser: board, level, the daily puzzle. */
    SCREEN_STATS,       /**< The statistics panel. */
    SCREEN_SETTINGS,    /**< The settings panel. */
    SCREEN_HELP,        /**< Every key and pad button. */
    SCREEN_COUNT
} screen_id;

/** The screens showing over the game, bottom first; each at most once, in
 *  layer order. All zero (as in a zeroed app_state) means the game alone. */
typedef struct screen_stack {
    screen_id over[SCREEN_COUNT - 1];
    int count; /**< How many show over the game. */
} screen_stack;

/** The screen on top: the one that takes the input. */
static inline screen_id screen_stack_top(const screen_stack *s)
{
    return s->count > 0 ? s->over[s->count - 1] : SCREEN_GAME;
}

/** Does @p id show? The game always does. */
static inline bool screen_stack_has(const screen_stack *s, screen_id id)
{
    for (int i = 0; i < s->count; i++)
        if (s->over[i] == id) return true;
    return id == SCREEN_GAME;
}

/** Put @p id at its layer's place. @return false when it already showed. */
bool screen_stack_add(screen_stack *s, screen_id id);

/** Take @p id away (never the game). @return false when it did not show. */
bool screen_stack_remove(screen_stack *s, screen_id id);

#endif /* GAME_SCREEN_STACK_H */
