/*
 * language.c - the game's languages and the choice among them (see
 * language.h).
 */
#include "language.h"

#include <ctype.h>
#include <string.h>

/* Longest language part of a locale name we compare ("de", "fil"). */
#define LANGUAGE_CODE_MAX 8

/* One language: the code of its catalogue and its own name. */
typedef struct language_entry {
    const char *code;
    const char *native_name;
} language_entry;

/* English is the messages' own language (no catalogue); the others follow
 * po/tictactoe/LINGUAS. */
static const language_entry LANGUAGES[LANGUAGE_SETTING_COUNT] = {
    [LANGUAGE_AUTO] = {"auto", ""},
    {"en", "English"},
    {"de", "Deutsch"},
    {"es", "Español"},
    {"fr", "Français"},
};
/* The value English has in the table. */
#define LANGUAGE_ENGLISH 1

const char *language_key(int setting)
{
    if (setting < 0 || setting >= LANGUAGE_SETTING_COUNT) return LANGUAGES[LANGUAGE_AUTO].code;
    return LANGUAGES[setting].code;
}

const char *language_native_name(int setting)
{
    if (setting < 0 || setting >= LANGUAGE_SETTING_COUNT) return "";
    return LANGUAGES[setting].native_name;
}

int language_from_key(const char *key)
{
    if (!key) return -1;
    /* The language part of a locale name: up to '_', '-', '.' or '@'. */
    char code[LANGUAGE_CODE_MAX];
    size_t n = 0;
    for (; key[n] && !strchr("_-.@", key[n]); n++) {
        if (n + 1 >= sizeof code) return -1;
        code[n] = (char)tolower((unsigned char)key[n]);
    }
    code[n] = '\0';
    for (int i = 0; i < LANGUAGE_SETTING_COUNT; i++)
        if (strcmp(code, LANGUAGES[i].code) == 0) return i;
    return -1;
}

int language_choose(int setting, const char *const *preferred, size_t count)
{
    if (setting > LANGUAGE_AUTO && setting < LANGUAGE_SETTING_COUNT) return setting;
    for (size_t i = 0; preferred && i < count; i++) {
        int found = language_from_key(preferred[i]);
        if (found > LANGUAGE_AUTO) return found;
    }
    return LANGUAGE_ENGLISH;
}
