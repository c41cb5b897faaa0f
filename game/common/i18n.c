/*
 * i18n.c - gettext set-up for the programs (see i18n.h): which locale
 * categories follow the user, where the catalogues are, and switching the
 * language while running (the desktop game's Language setting).
 */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* setenv */
#endif

#include "i18n.h"
#include "platform.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#if TTT_NLS

/* Where the catalogues were installed, absolute, and the same directory
 * relative to the directory of the installed executables; both from CMake. */
#ifndef TTT_LOCALEDIR
#define TTT_LOCALEDIR ""
#endif
#ifndef TTT_LOCALEDIR_FROM_BINDIR
#define TTT_LOCALEDIR_FROM_BINDIR ""
#endif

/* Overrides every other place (tests, a build tree run by hand). */
#define LOCALEDIR_ENV "TTT_LOCALEDIR"
/* The build tree's catalogues, beside the executable. */
#define BUILD_TREE_LOCALE "locale"
/* Longest path considered. */
#define PATH_CAP 4096

/* Is @p path an existing directory? */
static bool is_directory(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The catalogue directory for this run, in @p buf (see i18n_init). */
static void choose_locale_dir(const char *exe_dir, char *buf, size_t cap)
{
    const char *env = getenv(LOCALEDIR_ENV);
    if (env && env[0]) {
        snprintf(buf, cap, "%s", env);
        return;
    }
    char found[PATH_CAP];
    if (!exe_dir && platform_exe_dir(found, sizeof found)) exe_dir = found;
    if (exe_dir) {
        const char *relative[] = {BUILD_TREE_LOCALE, TTT_LOCALEDIR_FROM_BINDIR};
        for (size_t i = 0; i < sizeof relative / sizeof relative[0]; i++) {
            if (!relative[i][0]) continue;
            int n = snprintf(buf, cap, "%s%s", exe_dir, relative[i]);
            if (n > 0 && (size_t)n < cap && is_directory(buf)) return;
        }
    }
    snprintf(buf, cap, "%s", TTT_LOCALEDIR);
}

bool i18n_init(const char *domain, const char *exe_dir, i18n_charset charset)
{
    /* Messages and character types follow the user; numbers do not, so
     * output meant for programs and number parsing stay the same. */
    setlocale(LC_CTYPE, "");
    setlocale(LC_MESSAGES, "");
    char dir[PATH_CAP];
    choose_locale_dir(exe_dir, dir, sizeof dir);
    if (dir[0] && !bindtextdomain(domain, dir)) return false;
#if defined(__EMSCRIPTEN__)
    /* Emscripten's C library (musl) has UTF-8 only: bind_textdomain_codeset()
     * returns NULL there, which is no failure. */
    (void)charset;
#else
    if (charset == I18N_CHARSET_UTF8 && !bind_textdomain_codeset(domain, "UTF-8")) return false;
#endif
    return textdomain(domain) != NULL;
}

/* GNU gettext (glibc's, and GNU libintl's) caches each translation it found
 * and looks again only once this counter changed; textdomain() and
 * setlocale() bump it too, but only this is documented for the purpose
 * (the gettext manual, "Being a gettext grok"). Other implementations have
 * no such cache. */
#if defined(__GLIBC__) || defined(__GNU_LIBRARY__)
extern int _nl_msg_cat_cntr;
#define I18N_HAVE_CATALOGUE_COUNTER 1
#else
#define I18N_HAVE_CATALOGUE_COUNTER 0
#endif

/* Messages locales that let LANGUAGE through, tried in turn while the
 * messages locale is "C" (C.UTF-8 is the same locale in UTF-8). */
static const char *const NOT_C_LOCALES[] = {"C.UTF-8", "C.utf8", "en_US.UTF-8"};

/* What the user's environment asked for, noted before the first
 * i18n_set_language() changes it (LANGUAGE, and a "C" messages locale).
 * Process-wide, like the environment and the locale they come from. */
static struct {
    bool noted;
    char language_env[I18N_NAME_MAX];
    char messages_locale[I18N_NAME_MAX];
} user_choice;

static void note_user_choice(void)
{
    if (user_choice.noted) return;
    user_choice.noted = true;
    const char *env = getenv("LANGUAGE");
    snprintf(user_choice.language_env, sizeof user_choice.language_env, "%s", env ? env : "");
    const char *locale = setlocale(LC_MESSAGES, NULL);
    snprintf(user_choice.messages_locale, sizeof user_choice.messages_locale, "%s",
             locale ? locale : "C");
}

bool i18n_user_languages(char *buf, size_t cap)
{
    if (cap == 0) return false;
    buf[0] = '\0';
    note_user_choice();
    const char *locale = user_choice.messages_locale;
    if (strcmp(locale, "C") == 0 || strcmp(locale, "POSIX") == 0) return false;
    if (user_choice.language_env[0])
        snprintf(buf, cap, "%s:%s", user_choice.language_env, locale);
    else
        snprintf(buf, cap, "%s", locale);
    return buf[0] != '\0';
}

void i18n_set_language(const char *language)
{
    if (!language || !language[0]) return;
    note_user_choice();
#if defined(_WIN32)
    if (_putenv_s("LANGUAGE", language) != 0) return;
#else
    if (setenv("LANGUAGE", language, 1) != 0) return;
#endif
#if defined(__EMSCRIPTEN__)
    /* musl's gettext reads only the messages locale's name (any name: it
     * needs no locale data), not LANGUAGE: the first language it is. */
    char first[I18N_NAME_MAX];
    snprintf(first, sizeof first, "%s", language);
    first[strcspn(first, ":")] = '\0';
    setlocale(LC_MESSAGES, first);
#endif
    /* GNU gettext ignores LANGUAGE while the messages locale is "C". */
    const char *current = setlocale(LC_MESSAGES, NULL);
    if (current && (strcmp(current, "C") == 0 || strcmp(current, "POSIX") == 0)) {
        for (size_t i = 0; i < sizeof NOT_C_LOCALES / sizeof NOT_C_LOCALES[0]; i++)
            if (setlocale(LC_MESSAGES, NOT_C_LOCALES[i])) break;
    }
    /* Translations looked up before are stale: tell gettext, the documented
     * way where there is one, and by setting the domain again (which GNU
     * gettext also takes as a sign that the catalogues changed). */
#if I18N_HAVE_CATALOGUE_COUNTER
    ++_nl_msg_cat_cntr;
#endif
    const char *domain = textdomain(NULL);
    if (domain) {
        char copy[I18N_NAME_MAX];
        snprintf(copy, sizeof copy, "%s", domain);
        textdomain(copy);
    }
}

const char *i18n_pgettext(const char *context, const char *msgid)
{
    /* The catalogue's key for an entry with a msgctxt: the context, an EOT
     * (0x04), the message. gettext() hands its argument back when it has no
     * translation, then the English text is msgid. */
    char key[I18N_CONTEXT_MAX];
    int n = snprintf(key, sizeof key, "%s\004%s", context, msgid);
    if (n < 0 || (size_t)n >= sizeof key) return msgid;
    const char *t = gettext(key);
    return t == key ? msgid : t;
}

#else /* !TTT_NLS */

bool i18n_init(const char *domain, const char *exe_dir, i18n_charset charset)
{
    (void)domain;
    (void)exe_dir;
    (void)charset;
    return false;
}

void i18n_set_language(const char *language)
{
    (void)language;
}

bool i18n_user_languages(char *buf, size_t cap)
{
    if (cap > 0) buf[0] = '\0';
    return false;
}

#endif /* TTT_NLS */
