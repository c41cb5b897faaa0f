/*
 * textesc.h - the programs' one escaping helper: text from a file, the
 * command line or the player's typing is shown in a message with its
 * control characters and invalid UTF-8 made visible and harmless, so a
 * settings file or an argument cannot move the cursor, change colours or
 * clear the terminal that shows the message.
 *
 * Each byte below 0x20, DEL (0x7f), each C1 control (U+0080 to U+009F,
 * which some terminals obey as escapes) and each byte that does not belong
 * to a well-formed UTF-8 sequence (overlong forms, surrogates and code
 * points past U+10FFFF included) is written as `\xNN`; everything else,
 * backslashes and valid UTF-8 text included, is written as it is.
 */
#ifndef GAME_TEXTESC_H
#define GAME_TEXTESC_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/** Messages up to this length (formatted, before escaping) are formatted
 * on the stack; a longer one is formatted in a malloc'd buffer, and cut
 * to this length (ending in "...") only when that allocation fails. */
#define TEXTESC_MESSAGE_MAX 1024

/**
 * Escape @p src into @p dst (@p cap bytes; always NUL-terminated when cap is
 * not 0). Output that does not fit is cut before a whole escape or UTF-8
 * sequence, never inside one.
 * @return The length of the whole escaped text (as snprintf does): the
 *         output was cut when it is >= cap.
 */
size_t textesc(char *dst, size_t cap, const char *src);

/** Write @p text to @p out escaped. */
void textesc_write(FILE *out, const char *text);

/**
 * Format a message as printf does, then write it to @p out escaped: the
 * format's own text should be plain (it is escaped too, so a '\n' in it
 * shows as \x0a: print line ends separately). See TEXTESC_MESSAGE_MAX.
 */
void textesc_printf(FILE *out, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/** textesc_printf() with a va_list. */
void textesc_vprintf(FILE *out, const char *fmt, va_list ap)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 0)))
#endif
    ;

#endif /* GAME_TEXTESC_H */
