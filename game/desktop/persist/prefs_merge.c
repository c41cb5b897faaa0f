/*
 * prefs_merge.c - saving the settings file (see prefs.h): under the lock,
 * the file as it is now is read again and merged with what this instance
 * changed since its last save, and the result replaces it atomically.
 *
 * The merge works on entries, not structs (prefs_internal.h): counters in
 * [scores] get the file's count plus this instance's difference, any other
 * key this instance changed gets its value, and every other key, unknown
 * ones included, keeps the file's. The file calls are atomic_file.h's, one
 * implementation per platform.
 */
#include "prefs.h"

#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "i18n.h"
#include "numparse.h"
#include "prefs_internal.h"

/* ------------------------------------------------------------------------- */
/* The merge                                                                 */
/* ------------------------------------------------------------------------- */

/* The last entry of @p ctx with this section and key, or NULL. */
static prefs__entry *find_entry(const prefs__entries *ctx, const char *section, const char *key)
{
    for (int i = ctx->count - 1; i >= 0; i--)
        if (strcmp(ctx->entries[i].key, key) == 0 && strcmp(ctx->entries[i].section, section) == 0)
            return &ctx->entries[i];
    return NULL;
}

/* A counter's value in an entry: a bad or missing one counts as 0. */
static long counter_value(const prefs__entry *e)
{
    long v = 0;
    if (!e || numparse_long(e->value, 0, PREFS_MAX_SCORE, &v) != NUMPARSE_OK) return 0;
    return v;
}

/* Set (section, key) to @p value in @p out: every entry of it, or a new one
 * at the end. False when there is no room (out has 2 * PREFS__MAX_ENTRIES). */
static bool set_entry(prefs__entries *out, const char *section, const char *key, const char *value)
{
    bool found = false;
    for (int i = 0; i < out->count; i++) {
        prefs__entry *e = &out->entries[i];
        if (strcmp(e->key, key) == 0 && strcmp(e->section, section) == 0) {
            prefs__copy_str(e->value, sizeof e->value, value);
            found = true;
        }
    }
    if (found) return true;
    if (out->count >= 2 * PREFS__MAX_ENTRIES) return false;
    prefs__entry *e = &out->entries[out->count++];
    prefs__copy_str(e->section, sizeof e->section, section);
    prefs__copy_str(e->key, sizeof e->key, key);
    prefs__copy_str(e->value, sizeof e->value, value);
    return true;
}

/* @p ctx's entries as INI text, each section once: the entries before any
 * section first (they have no header), then each section in the order it
 * first appears. NULL when out of memory. */
static char *entries_text(const prefs__entries *ctx)
{
    size_t cap = 1;
    for (int i = 0; i < ctx->count; i++)
        cap += strlen(ctx->entries[i].section) + strlen(ctx->entries[i].key) +
               strlen(ctx->entries[i].value) + 8;
    char *text = malloc(cap);
    if (!text) return NULL;
    size_t used = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < ctx->count; i++) {
            const char *sec = ctx->entries[i].section;
            if ((sec[0] == '\0') != (pass == 0)) continue;
            bool seen = false;
            for (int j = 0; j < i && !seen; j++)
                seen = strcmp(ctx->entries[j].section, sec) == 0;
            if (seen) continue;
            if (sec[0]) used += (size_t)snprintf(text + used, cap - used, "[%s]\n", sec);
            for (int j = i; j < ctx->count; j++)
                if (strcmp(ctx->entries[j].section, sec) == 0)
                    used += (size_t)snprintf(text + used, cap - used, "%s=%s\n",
                                             ctx->entries[j].key, ctx->entries[j].value);
        }
    }
    text[used] = '\0';
    return text;
}

/* An entry that has counted nothing yet (missing, or unreadable). */
static void zero_counts(tally_entry *t)
{
    t->wins[0] = t->wins[1] = t->draws = t->streak = t->best = 0;
}

/* Merge the statistics entry @p e of this instance (its base @p was) into
 * @p out, which holds the file's entries. False when there is no room. */
static bool merge_stat(prefs__entries *out, const prefs__entry *e, const prefs__entry *was,
                       const tally_entry *key_of)
{
    tally_entry disk = *key_of, base = *key_of, mine = *key_of, merged;
    const prefs__entry *on_disk = find_entry(out, e->section, e->key);
    if (!tally_parse_value(e->value, &mine)) return true; /* never written: nothing to merge */
    if (!on_disk || !tally_parse_value(on_disk->value, &disk)) zero_counts(&disk);
    if (!was || !tally_parse_value(was->value, &base)) zero_counts(&base);
    tally_merge(&disk, &base, &mine, &merged);
    char value[TALLY_VALUE_MAX];
    tally_value(&merged, value, sizeof value);
    return set_entry(out, e->section, e->key, value);
}

/*
 * The merge of the file's text @p disk (NULL: no file) with this instance's
 * @p base and @p mine, as the text to save (malloc'd), or NULL when out of
 * memory. See prefs.h for the rules.
 */
static char *merged_text(const char *disk, const prefs *base, const prefs *mine, size_t *len)
{
    char *result = NULL, *base_text = NULL, *mine_text = NULL, *joined = NULL;
    prefs__entries d = {0}, b = {0}, m = {0}, out = {0};
    size_t base_len = 0, mine_len = 0;
    int ignored = 0;
    base_text = prefs__written_text(base, &base_len);
    mine_text = prefs__written_text(mine, &mine_len);
    out.entries = calloc(2 * PREFS__MAX_ENTRIES, sizeof *out.entries);
    if (!base_text || !mine_text || !out.entries) goto done;
    if (prefs__collect_entries(disk ? disk : "", &d, "", NULL, &ignored) == PREFS_PARSE_NOMEM ||
        prefs__collect_entries(base_text, &b, "", NULL, &ignored) == PREFS_PARSE_NOMEM ||
        prefs__collect_entries(mine_text, &m, "", NULL, &ignored) == PREFS_PARSE_NOMEM)
        goto done;
    memcpy(out.entries, d.entries, (size_t)d.count * sizeof *d.entries);
    out.count = d.count;
    for (int i = 0; i < m.count; i++) {
        const prefs__entry *e = &m.entries[i];
        const prefs__entry *was = find_entry(&b, e->section, e->key);
        tally_entry key_of;
        if (strcmp(e->section, PREFS_STATS_SECTION) == 0 && tally_parse_key(e->key, &key_of)) {
            /* A statistics entry: counts added, streaks as tally_merge()
             * says; nothing to do when this instance did not change it. */
            if (was && strcmp(was->value, e->value) == 0) continue;
            if (!merge_stat(&out, e, was, &key_of)) goto done;
        } else if (strcmp(e->section, PREFS_COUNTER_SECTION) == 0) {
            long delta = counter_value(e) - counter_value(was);
            if (delta == 0) continue;
            long now =
                prefs__saturated(counter_value(find_entry(&out, e->section, e->key)) + delta);
            char value[NUMPARSE_TEXT_MAX];
            snprintf(value, sizeof value, "%ld", now);
            if (!set_entry(&out, e->section, e->key, value)) goto done;
        } else if (!was || strcmp(was->value, e->value) != 0) {
            if (!set_entry(&out, e->section, e->key, e->value)) goto done;
        }
    }
    /* Read the merged entries back as a prefs, so the saved text has the
     * same form and checks as any other save. */
    joined = entries_text(&out);
    if (!joined) goto done;
    prefs *merged = malloc(sizeof *merged);
    if (!merged) goto done;
    if (prefs_parse_ini(joined, merged, NULL, NULL) != PREFS_PARSE_NOMEM)
        result = prefs__written_text(merged, len);
    free(merged);
done:
    free(joined);
    free(base_text);
    free(mine_text);
    free(d.entries);
    free(b.entries);
    free(m.entries);
    free(out.entries);
    return result;
}

/* ------------------------------------------------------------------------- */
/* Saving                                                                    */
/* ------------------------------------------------------------------------- */

/* The text @p mine is saved as: merged with the file @p target now holds
 * (read under the lock) when there is a @p base, else as it is. NULL, with
 * the reason in @p e, when the file cannot be read or memory ran out. */
static char *text_to_save(const char *target, const prefs *base, const prefs *mine, size_t *len,
                          atomic_file_error *e)
{
    char *text = NULL;
    if (base) {
        char *disk = NULL;
        prefs_status st = prefs__read_file(target, &disk, e);
        if (st == PREFS_UNREADABLE) return NULL;
        /* No file (a first run, or removed meanwhile): nothing to merge
         * with, and what this instance holds is all there is. */
        if (st == PREFS_MISSING)
            text = prefs__written_text(mine, len);
        else
            text = merged_text(disk, base, mine, len);
        free(disk);
    } else {
        text = prefs__written_text(mine, len);
    }
    if (!text) atomic_file__fail(e, N_("out of memory"), 0);
    return text;
}

prefs_save_result prefs_save_merged_result(const char *path, const prefs *base, const prefs *mine,
                                           FILE *warn)
{
    atomic_file_error e = {NULL, 0, false};
    bool ok = false;
    char *target = atomic_file_target(path, &e);
    atomic_file_lock lock;
    if (target && atomic_file_lock_take(target, PREFS_LOCK_SUFFIX, PREFS_LOCK_WAIT_MS, &lock, &e)) {
        size_t len = 0;
        char *text = text_to_save(target, base, mine, &len, &e);
        if (text) ok = atomic_file_replace(target, text, len, PREFS_TEMP_SUFFIX, &e);
        free(text);
        atomic_file_lock_drop(&lock);
    }
    free(target);
    if (!ok) {
        if (e.err)
            /* TRANSLATORS: the settings file, why it cannot be saved, and
               the system's reason. */
            prefs__warnf(warn, _("%s: %s (%s); settings not saved, the game goes on"), path,
                         _(e.why), strerror(e.err));
        else
            prefs__warnf(warn, _("%s: %s; settings not saved, the game goes on"), path,
                         e.why ? _(e.why) : _("unknown error"));
    }
    if (ok) return PREFS_SAVED;
    return e.busy ? PREFS_SAVE_BUSY : PREFS_SAVE_FAILED;
}

bool prefs_save_merged(const char *path, const prefs *base, const prefs *mine, FILE *warn)
{
    return prefs_save_merged_result(path, base, mine, warn) == PREFS_SAVED;
}

bool prefs_save(const char *path, const prefs *p, FILE *warn)
{
    return prefs_save_merged(path, NULL, p, warn);
}
