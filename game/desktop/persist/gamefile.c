/*
 * gamefile.c - game records on disk for the desktop game (see gamefile.h).
 */
#include "gamefile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "i18n.h"
#include "prefs_internal.h"

/* The most numbered names tried for an export made in the same second. */
#define EXPORT_NAME_TRIES 100

char *gamefile_path(const char *settings_path)
{
    size_t n = strlen(settings_path);
    const char *dot = strrchr(settings_path, '.');
    const char *slash = strrchr(settings_path, '/');
    const char *back = strrchr(settings_path, '\\');
    if (back && (!slash || back > slash)) slash = back;
    /* Only a final ".ini" is replaced; anything else gets ".ttt" added. */
    size_t keep = n;
    if (dot && (!slash || dot > slash) && strcmp(dot, ".ini") == 0)
        keep = (size_t)(dot - settings_path);
    char *path = malloc(keep + 5);
    if (!path) return NULL;
    memcpy(path, settings_path, keep);
    memcpy(path + keep, ".ttt", 5);
    return path;
}

char *gamefile_records_dir(const char *settings_path)
{
    const char *slash = strrchr(settings_path, '/');
    const char *back = strrchr(settings_path, '\\');
    if (back && (!slash || back > slash)) slash = back;
    size_t dir = slash ? (size_t)(slash - settings_path) + 1 : 0;
    size_t n = dir + strlen(GAMEFILE_RECORDS_DIR) + 2;
    char *path = malloc(n);
    if (!path) return NULL;
    char sep = slash ? *slash : '/';
    snprintf(path, n, "%.*s%s%c", (int)dir, settings_path, GAMEFILE_RECORDS_DIR, sep);
    return path;
}

gamefile_status gamefile_read(const char *path, record *out, char *why, size_t why_cap)
{
    char *text = NULL;
    atomic_file_error e = {NULL, 0, false};
    switch (atomic_file_read(path, RECORD_MAX_BYTES, &text, &e)) {
    case ATOMIC_FILE_READ: break;
    case ATOMIC_FILE_MISSING:
        snprintf(why, why_cap, "%s", strerror(ENOENT));
        return GAMEFILE_MISSING;
    case ATOMIC_FILE_TOO_LARGE:
        snprintf(why, why_cap, _("larger than %d KiB: not a game record"), RECORD_MAX_BYTES / 1024);
        return GAMEFILE_UNREADABLE;
    case ATOMIC_FILE_UNREADABLE:
    default:
        if (e.err)
            snprintf(why, why_cap, "%s (%s)", _(e.why), strerror(e.err));
        else
            snprintf(why, why_cap, "%s", e.why ? _(e.why) : _("unknown error"));
        return GAMEFILE_UNREADABLE;
    }
    record_error err;
    bool ok = record_parse(text, strlen(text), out, &err);
    free(text);
    if (ok) return GAMEFILE_LOADED;
    /* TRANSLATORS: a game record refused: the line and the reason. */
    snprintf(why, why_cap, _("line %d: %s"), err.line, err.reason);
    return GAMEFILE_INVALID;
}

/* Is the record in @p text another game in progress than @p known's text:
 * a record, unfinished, and not @p known nor @p mine? */
static bool other_game_in_progress(const char *text, const char *known, const char *mine)
{
    if (strcmp(text, known) == 0 || strcmp(text, mine) == 0) return false;
    record other;
    record_error err;
    if (!record_parse(text, strlen(text), &other, &err)) return false;
    ttt_game *g = NULL;
    if (record_to_game(&other, &g) != TTT_OK) return false;
    bool in_progress = ttt_game_move_count(g) > 0 && !ttt_game_over(g);
    ttt_game_free(g);
    return in_progress;
}

prefs_save_result gamefile_save_over(const char *path, const record *r, const record *known,
                                     FILE *warn)
{
    char text[RECORD_TEXT_MAX], known_text[RECORD_TEXT_MAX];
    size_t len = record_write(r, text, sizeof text);
    if (known && record_write(known, known_text, sizeof known_text) == 0) known = NULL;
    atomic_file_error e = {NULL, 0, false};
    bool ok = false, conflict = false;
    char *target = len > 0 ? atomic_file_target(path, &e) : NULL;
    atomic_file_lock lock;
    if (target &&
        atomic_file_lock_take(target, GAMEFILE_LOCK_SUFFIX, PREFS_LOCK_WAIT_MS, &lock, &e)) {
        /* Under the lock: what is there now is what the replacement
         * replaces. */
        char *now = NULL;
        atomic_file_error probe = {NULL, 0, false};
        if (known && atomic_file_read(target, RECORD_MAX_BYTES, &now, &probe) == ATOMIC_FILE_READ)
            conflict = other_game_in_progress(now, known_text, text);
        free(now);
        if (!conflict) ok = atomic_file_replace(target, text, len, GAMEFILE_TEMP_SUFFIX, &e);
        atomic_file_lock_drop(&lock);
    }
    free(target);
    if (conflict) return PREFS_SAVE_CONFLICT;
    if (ok) return PREFS_SAVED;
    if (e.err)
        /* TRANSLATORS: the game file, why it cannot be saved, the system's
           reason. */
        prefs__warnf(warn, _("%s: %s (%s); the game in progress is not saved"), path, _(e.why),
                     strerror(e.err));
    else
        prefs__warnf(warn, _("%s: %s; the game in progress is not saved"), path,
                     e.why ? _(e.why) : _("unknown error"));
    return e.busy ? PREFS_SAVE_BUSY : PREFS_SAVE_FAILED;
}

prefs_save_result gamefile_save(const char *path, const record *r, FILE *warn)
{
    return gamefile_save_over(path, r, NULL, warn);
}

bool gamefile_export(const char *dir, const char *stamp, const record *r, char *written, size_t cap)
{
    atomic_file_error e = {NULL, 0, false};
    char text[RECORD_TEXT_MAX];
    size_t len = record_write(r, text, sizeof text);
    /* The folder without its final separator, for mkdir. */
    size_t n = strlen(dir);
    char *folder = malloc(n + 1);
    if (!folder || len == 0) {
        free(folder);
        snprintf(written, cap, "%s", _("out of memory"));
        return false;
    }
    memcpy(folder, dir, n + 1);
    if (n > 1 && (folder[n - 1] == '/' || folder[n - 1] == '\\')) folder[n - 1] = '\0';
    bool ok = atomic_file_make_dir(folder, &e);
    free(folder);
    /* A folder given without its final separator gets one. */
    const char *sep = (n > 0 && (dir[n - 1] == '/' || dir[n - 1] == '\\')) ? "" : "/";
    for (int i = 1; ok && i <= EXPORT_NAME_TRIES; i++) {
        if (i == 1)
            snprintf(written, cap, "%s%s%s.ttt", dir, sep, stamp);
        else
            snprintf(written, cap, "%s%s%s-%d.ttt", dir, sep, stamp, i);
        char *old = NULL;
        atomic_file_error probe = {NULL, 0, false};
        atomic_file_read_status st = atomic_file_read(written, RECORD_MAX_BYTES, &old, &probe);
        free(old);
        if (st != ATOMIC_FILE_MISSING) continue; /* taken: the next number */
        if (atomic_file_replace(written, text, len, GAMEFILE_TEMP_SUFFIX, &e)) return true;
        ok = false;
    }
    if (ok) atomic_file__fail(&e, N_("too many records saved in one second"), 0);
    if (e.err)
        snprintf(written, cap, "%s: %s (%s)", dir, _(e.why), strerror(e.err));
    else
        snprintf(written, cap, "%s: %s", dir, e.why ? _(e.why) : _("unknown error"));
    return false;
}
