/*
 * prefs_internal.h - what the settings file's two halves share; private to
 * them (the game uses prefs.h):
 *
 *   prefs_format.c   the text: INI read (ini_reader.h) into entries, applied
 *                    to a prefs; a prefs written back as text
 *   prefs_merge.c    a save: the three-way merge of the file's entries with
 *                    this instance's, written with atomic_file.h
 *
 * Both work on entries (section, key, value as the reader reports them) rather
 * than structs, so a key this version does not know merges like one it does.
 */
#ifndef GAME_PREFS_INTERNAL_H
#define GAME_PREFS_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "prefs.h"

struct atomic_file_error;

/** Most entries collected from one file; a real file has about fifteen. */
#define PREFS__MAX_ENTRIES 256

/** One `key = value` line as the reader reported it. */
typedef struct prefs__entry {
    char section[PREFS_NAME_MAX];
    char key[PREFS_NAME_MAX];
    char value[PREFS_VALUE_MAX];
    int order; /**< Position in the file, to keep extras in order. */
} prefs__entry;

/** The entries of one text, in file order. */
typedef struct prefs__entries {
    prefs__entry *entries; /**< Owned: PREFS__MAX_ENTRIES of them (the merge's result: twice). */
    int count;
    int too_long; /**< Entries dropped for a name or value too long to keep. */
    int too_many; /**< Entries dropped past PREFS__MAX_ENTRIES. */
    char first_dropped[PREFS_NAME_MAX];
} prefs__entries;

/**
 * Collect the entries of @p text into @p ctx (lines longer than
 * PREFS_LINE_MAX refused, with one warning each on @p warn, counted in
 * @p problems); the caller frees ctx->entries. @return the reader's result (0, or
 * the first bad line), or PREFS_PARSE_NOMEM (nothing to free then).
 */
int prefs__collect_entries(const char *text, prefs__entries *ctx, const char *source, FILE *warn,
                           int *problems);

/** Read the file @p path whole (at most PREFS_MAX_FILE_BYTES) into a
 *  malloc'd @p *text; PREFS_UNREADABLE with the reason in @p e. */
prefs_status prefs__read_file(const char *path, char **text, struct atomic_file_error *e);

/** prefs_write()'s text in a malloc'd string (*len bytes), or NULL when out
 *  of memory. */
char *prefs__written_text(const prefs *p, size_t *len);

/** One warning line on @p warn (NULL: none), `tictactoe: ` and the
 *  formatted text, with whatever came from the file or its name escaped
 *  (textesc.h): a key or a path can hold terminal escape sequences. */
void prefs__warnf(FILE *warn, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/** Copy @p src into @p dst if it fits; false (dst untouched) if not. */
bool prefs__copy_str(char *dst, size_t cap, const char *src);

/** A count as saved: within what the loader accepts (0..PREFS_MAX_SCORE). */
long prefs__saturated(long count);

#endif /* GAME_PREFS_INTERNAL_H */
