/*
 * language.h - the languages the desktop game speaks and which one a run
 * uses: the Language setting (settings.h, key "language") is "auto" or one
 * of them; "auto" takes the first of the system's preferred languages
 * (SDL_GetPreferredLocales, the caller's business) that the game has, else
 * English. No SDL here, so the choice is unit-tested without a display.
 *
 * The table is English plus po/tictactoe/LINGUAS, in that file's order
 * (desktop_language checks that they agree).
 */
#ifndef GAME_LANGUAGE_H
#define GAME_LANGUAGE_H

#include <stddef.h>

/** The Language setting's value that follows the system. */
#define LANGUAGE_AUTO 0
/** Settings values: LANGUAGE_AUTO, then one per language in language_code()'s order. */
#define LANGUAGE_SETTING_COUNT 5

/**
 * The language code of a setting value ("en", "de", ...), or "auto" for
 * LANGUAGE_AUTO; "auto" for a value out of range too. Never NULL.
 */
const char *language_key(int setting);

/**
 * The language's own name ("Deutsch", "Français"), for the menu; "" for
 * LANGUAGE_AUTO and out-of-range values. UTF-8, never NULL.
 */
const char *language_native_name(int setting);

/**
 * The setting value of @p key: "auto" or a language code, any case; a
 * locale name such as "de_DE.UTF-8" or "fr-CA" counts as its language.
 * @return the value, or -1 when the game does not have that language.
 */
int language_from_key(const char *key);

/**
 * The language a run uses: @p setting when it names a language, otherwise
 * the first of @p preferred (locale names, most preferred first, as
 * SDL_GetPreferredLocales gives them; may be NULL when @p count is 0) that
 * the game has, otherwise English.
 * @return a setting value other than LANGUAGE_AUTO.
 */
int language_choose(int setting, const char *const *preferred, size_t count);

#endif /* GAME_LANGUAGE_H */
