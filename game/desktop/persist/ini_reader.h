/*
 * ini_reader.h - the settings file's lines: sections, `key = value` entries
 * and comments, handed to a callback one entry at a time.
 *
 * The game read its settings with libinih (release 55, Debian's
 * libinih-dev) until 1.0; the cross builds for Windows and the browser
 * could not: Debian's source package of libinih is not on the archive
 * mirror this project's machines reach, and the project builds third-party
 * code for those targets only from Debian's sources (docs/thirdparty.md).
 * So the game has this one reader on every platform instead, written to
 * read a file exactly as that release of libinih did with its default
 * options, so a settings file reads the same as before:
 *
 *   - a line is at most INI_READER_MAX_LINE - 1 bytes with its line end; a
 *     longer one is read as several (the caller refuses such lines first);
 *   - a UTF-8 byte-order mark at the start of the text is skipped;
 *   - blanks (isspace) around a line, a key and a value are dropped;
 *   - a line starting with one of INI_READER_COMMENT_PREFIXES is a comment;
 *   - a blank followed by one of INI_READER_INLINE_COMMENT_PREFIXES ends the
 *     line's text (an inline comment);
 *   - a non-blank line that starts with blanks continues the previous key:
 *     it is reported as another entry with that key;
 *   - `[name]` starts a section (names cut to INI_READER_MAX_SECTION - 1
 *     bytes); a line starting with '[' without ']' is an error;
 *   - `key = value` or `key : value` is an entry (the first '=' or ':'
 *     ends the key; keys cut to INI_READER_MAX_NAME - 1 bytes when they
 *     are remembered for a continuation); any other text is an error.
 * An error does not stop the reading: the first error's line number is
 * returned and the rest of the text is read.
 */
#ifndef GAME_INI_READER_H
#define GAME_INI_READER_H

#include <stdbool.h>

/** Bytes of a line the reader holds, with its line end and NUL. */
#define INI_READER_MAX_LINE 200
/** Bytes of a section name kept, with its NUL. */
#define INI_READER_MAX_SECTION 50
/** Bytes of a key kept for a continuation line, with its NUL. */
#define INI_READER_MAX_NAME 50
/** What starts a comment line (after blanks). */
#define INI_READER_COMMENT_PREFIXES ";#"
/** What starts an inline comment when it follows a blank. */
#define INI_READER_INLINE_COMMENT_PREFIXES ";"

/**
 * Called for each entry, with its section ("" before the first section
 * line), key and value, trimmed; valid only during the call. Returns
 * non-zero to go on; zero counts as an error on that line.
 */
typedef int (*ini_reader_entry_fn)(void *user, const char *section, const char *key,
                                   const char *value);

/**
 * Reads @p text (NUL-terminated), calling @p entry for each entry.
 * @return 0 when every line was read, or the line number (from 1) of the
 *         first line that was neither an entry, a section, a comment nor
 *         blank, or whose callback returned 0. Allocates nothing.
 */
int ini_reader_parse(const char *text, ini_reader_entry_fn entry, void *user);

/**
 * Whether the reader counts @p c as a blank (isspace in the "C" locale's
 * sense, as libinih did): what it trims around lines, keys and values and
 * what must come before an inline comment. The writer of the settings file
 * asks the same question to write only what reads back the same.
 */
bool ini_reader_is_blank(char c);

#endif /* GAME_INI_READER_H */
