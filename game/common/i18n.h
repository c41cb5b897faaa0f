/*
 * i18n.h - translated messages for the programs, through gettext: the text
 * domain's set-up and the markers xgettext looks for. Each program has its
 * own domain ("ttt", "tictactoe"); the engine prints nothing and has no
 * text to translate.
 *
 *   _("text")                 the translation of a literal, at run time
 *   N_("text")                marks a literal for the catalogue where a
 *                             translation cannot be called (a static table);
 *                             translate it with _(table[i]) where it is used
 *   P_("one", "many", n)      the singular or plural form for n, as the
 *                             language counts (ngettext)
 *   C_("context", text)       the translation of text in a context (pgettext):
 *                             the same English word with another meaning
 *                             gets its own entry, as key names do ("key":
 *                             "H" the key, apart from "H" the --height
 *                             option's value); text may be a variable
 *   NC_("context", "text")    marks a literal with its context for the
 *                             catalogue; translate it with C_() where used
 *
 * Built without gettext (-DTTT_NLS=OFF) the markers give the English text.
 * Only messages are translated: numbers are printed and parsed the same in
 * every language (LC_NUMERIC stays "C"), so the programs' output for other
 * programs (JSON, --stats, the settings file) never changes with the
 * language.
 */
#ifndef GAME_I18N_H
#define GAME_I18N_H

#include <stdbool.h>
#include <stddef.h>

#ifndef TTT_NLS
#define TTT_NLS 0
#endif

#if TTT_NLS
#include <libintl.h>
#define _(text) gettext(text)
#define P_(one, many, n) ngettext(one, many, (unsigned long)(n))
#define C_(context, text) i18n_pgettext(context, text)
#else
#define _(text) (text)
#define C_(context, text) ((void)(context), (text))
#define P_(one, many, n) ((n) == 1 ? (one) : (many))
#endif
#define N_(text) text
#define NC_(context, text) text

/** Which character set translations come in. */
typedef enum i18n_charset {
    I18N_CHARSET_LOCALE = 0, /**< The user's locale's (a terminal program). */
    I18N_CHARSET_UTF8 = 1    /**< Always UTF-8 (text drawn with SDL_ttf). */
} i18n_charset;

/** Room for a name the environment gives (LANGUAGE's list, a locale's
 *  name such as "de_DE.UTF-8", a text domain) kept with its NUL; a longer
 *  one is cut. */
#define I18N_NAME_MAX 256

/**
 * Sets up translated messages for @p domain and makes it the default
 * domain: the user's locale for messages and character types (setlocale of
 * LC_MESSAGES and LC_CTYPE only), and the directory of the catalogues
 * (LANG/LC_MESSAGES/DOMAIN.mo), the first of
 *   1. the environment variable TTT_LOCALEDIR, when set and not empty;
 *   2. EXE_DIR/locale, the build tree's catalogues beside the executable;
 *   3. the install's locale directory relative to EXE_DIR (bin/../share/locale
 *      by default), so an installed tree can be moved;
 *   4. the locale directory of the install prefix the program was built for.
 * @param domain  the program's text domain (not NULL).
 * @param exe_dir the executable's directory ending in a separator, or NULL to
 *                ask platform_exe_dir() (Linux and Windows), or to skip 2
 *                and 3 where it cannot say.
 * @param charset the character set the program wants its messages in.
 * @return true when gettext is in use; false when the build has no NLS or a
 *         call failed (messages are then in English, which is harmless).
 *         Call once, early in main(), before any other thread starts.
 */
bool i18n_init(const char *domain, const char *exe_dir, i18n_charset charset);

/**
 * Uses @p language (a code such as "de" or "pt_BR", or a colon-separated
 * list of them) for messages from now on, ahead of the locale's; NULL or ""
 * changes nothing. Sets LANGUAGE, and the messages locale to
 * C.UTF-8 while it is "C" (where GNU gettext ignores LANGUAGE). Translations
 * already looked up are looked up again (GNU gettext's cache is told, see
 * i18n.c), so a program can switch languages while it runs. Does nothing
 * without NLS.
 * Not thread safe: call it from the main thread while no other thread
 * translates.
 */
void i18n_set_language(const char *language);

/**
 * The languages the user chose for messages, most preferred first, as GNU
 * gettext ranks them: the list in LANGUAGE, then the language of the
 * messages locale (LC_ALL, LC_MESSAGES or LANG: "de_DE.UTF-8"); none while
 * that locale is "C" or "POSIX" (LC_ALL=C asks for untranslated messages,
 * and gettext then ignores LANGUAGE). What the environment said before the
 * first i18n_set_language(), which changes both.
 * @param buf receives the codes separated by ':' ("fr:de_DE.UTF-8"), or ""
 *            (NUL-terminated when @p cap is not 0; cut to fit).
 * @return true when there is at least one (false too without NLS).
 * Not thread safe, like i18n_set_language().
 */
bool i18n_user_languages(char *buf, size_t cap);

/** Room for a context and a message looked up together by C_(); a longer
 *  pair is not looked up (its English text is used). */
#define I18N_CONTEXT_MAX 512

/**
 * The translation of @p msgid in @p context (gettext's pgettext, which
 * libintl.h does not have as a function): the catalogue's entry with that
 * msgctxt, or @p msgid itself when there is none. Use through C_().
 * Thread safe as gettext() is.
 */
const char *i18n_pgettext(const char *context, const char *msgid);

/** Room for i18n_user_languages()'s list: LANGUAGE and a locale's name
 *  (I18N_NAME_MAX each), the ':' between them and the NUL. */
#define I18N_USER_LANGUAGES_MAX (2 * I18N_NAME_MAX)

#endif /* GAME_I18N_H */
