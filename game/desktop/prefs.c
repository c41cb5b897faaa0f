/*
 * prefs.c - reading and writing the settings file (see prefs.h).
 *
 * libinih calls a handler per `key = value` line; the handler only collects
 * the entries, and they are applied afterwards in a fixed order (size before
 * k, whatever the file's order), because settings_set("size") resets k to
 * that size's default and a k is only valid against its board size.
 *
 * Unknown entries are written back as `key=value`, exactly as inih reported
 * them, with no blanks added: a blank before ';' would start an inline
 * comment, and `key = value` can grow past inih's line buffer. An entry that
 * no line would read back the same way (see writable() for the rules) is
 * dropped when the file is read, with one warning, so what is kept is what
 * is saved.
 */
#include "prefs.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <ini.h>

#include "numparse.h"

#define SECTION_SETTINGS "settings"
#define SECTION_SCORES "scores"
#define SECTION_WINDOW "window"
/* Window places and sizes accepted from the file, in screen points. */
#define WINDOW_MAX_COORD 100000
#define WINDOW_MAX_SIZE 16384
/* Most entries collected from one file; a real file has about fifteen. */
#define MAX_ENTRIES 256

typedef struct entry {
    char section[PREFS_NAME_MAX];
    char key[PREFS_NAME_MAX];
    char value[PREFS_VALUE_MAX];
    int order; /* Position in the file, to keep extras in order. */
} entry;

typedef struct parse_ctx {
    entry *entries;
    int count;
    int too_long; /* Entries dropped for a name or value too long to keep. */
    int too_many; /* Entries dropped past MAX_ENTRIES. */
    char first_dropped[PREFS_NAME_MAX];
} parse_ctx;

/* In the order prefs_write() writes them. */
#define SCORE_KEY_COUNT 9
static const char *const SCORE_KEYS[SCORE_KEY_COUNT] = {"you_wins",   "computer_wins", "draws",
                                                        "x_wins",     "o_wins",        "pvp_draws",
                                                        "cvc_x_wins", "cvc_o_wins",    "cvc_draws"};

/* The count each of SCORE_KEYS names, in the same order (prefs_write()
 * lists them in that order too). */
static void score_slots(prefs *p, int *slots[SCORE_KEY_COUNT])
{
    int *all[SCORE_KEY_COUNT] = {&p->you_wins,   &p->computer_wins, &p->draws,
                                 &p->wins_x,     &p->wins_o,        &p->pvp_draws,
                                 &p->cvc_wins_x, &p->cvc_wins_o,    &p->cvc_draws};
    memcpy(slots, all, sizeof all);
}

void prefs_defaults(prefs *p)
{
    memset(p, 0, sizeof *p);
    settings_defaults(&p->settings);
}

/* Copy @p src into @p dst if it fits; false (dst untouched) if not. */
static bool copy_str(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    if (n >= cap) return false;
    memcpy(dst, src, n + 1);
    return true;
}

static int collect(void *user, const char *section, const char *name, const char *value)
{
    parse_ctx *ctx = user;
    if (!section) section = "";
    if (!name) name = "";
    if (!value) value = "";
    if (ctx->count >= MAX_ENTRIES) {
        ctx->too_many++;
        return 1;
    }
    entry *e = &ctx->entries[ctx->count];
    if (!copy_str(e->section, sizeof e->section, section) ||
        !copy_str(e->key, sizeof e->key, name) || !copy_str(e->value, sizeof e->value, value)) {
        if (ctx->too_long++ == 0) {
            /* Name the key in the warning, cut to what the buffer holds. */
            snprintf(ctx->first_dropped, sizeof ctx->first_dropped, "%.*s",
                     (int)(sizeof ctx->first_dropped - 1), name);
        }
        return 1;
    }
    e->order = ctx->count++;
    /* Always succeed: bad values are judged later, one warning per key. */
    return 1;
}

static void warn_key(FILE *warn, const char *source, const char *section, const char *key,
                     const char *why)
{
    if (warn)
        fprintf(warn, "tictactoe: %s: [%s] %s: %s; using the default\n", source, section, key, why);
}

static bool parse_score(const char *text, int *out)
{
    return numparse_int(text, 0, PREFS_MAX_SCORE, out) == NUMPARSE_OK;
}

/* A [window] entry into p->window. @return 0 when read, 1 for a bad value
 * (warned about), -1 for a key of no window (kept as an unknown entry). */
static int apply_window(prefs *p, const entry *e, const char *source, FILE *warn, bool *sized)
{
    prefs_window *w = &p->window;
    int *number = NULL;
    long lo = 0, hi = 0;
    bool *flag = NULL;
    if (strcmp(e->key, "x") == 0 || strcmp(e->key, "y") == 0) {
        number = e->key[0] == 'x' ? &w->x : &w->y;
        lo = -WINDOW_MAX_COORD;
        hi = WINDOW_MAX_COORD;
    } else if (strcmp(e->key, "width") == 0 || strcmp(e->key, "height") == 0) {
        number = e->key[0] == 'w' ? &w->width : &w->height;
        lo = 1;
        hi = WINDOW_MAX_SIZE;
    } else if (strcmp(e->key, "maximized") == 0) {
        flag = &w->maximized;
    } else if (strcmp(e->key, "fullscreen") == 0) {
        flag = &w->fullscreen;
    } else {
        return -1;
    }
    bool ok = number ? numparse_int(e->value, (int)lo, (int)hi, number) == NUMPARSE_OK
                     : settings_parse_bool(e->value, flag);
    if (!ok) {
        warn_key(warn, source, e->section, e->key,
                 number ? "not a number of screen points" : "use yes or no");
        return 1;
    }
    if (number == &w->width || number == &w->height) sized[number == &w->height] = true;
    return 0;
}

/* inih's longest section name, including the NUL (MAX_SECTION in its ini.c,
 * not in ini.h): a longer one is cut short when read. */
#define SECTION_NAME_MAX 50
/* Longest line written, without its newline: the line and its newline must
 * fit inih's INI_MAX_LINE buffer with the NUL, or the line is split (inih
 * 55) or cut (newer inih) when read. */
#define LINE_MAX_CHARS ((size_t)INI_MAX_LINE - 2)

static bool is_blank(char c)
{
    return isspace((unsigned char)c) != 0;
}

/* No newline and no inline comment (a blank followed by one of inih's
 * INI_INLINE_COMMENT_PREFIXES) anywhere in @p s, which inih scans from its
 * first character (a ';' there is not a comment: no blank before it). */
static bool plain_text(const char *s)
{
    for (const char *c = s; *c; c++) {
        if (*c == '\n') return false;
#if INI_ALLOW_INLINE_COMMENTS
        if (c > s && is_blank(c[-1]) && strchr(INI_INLINE_COMMENT_PREFIXES, *c)) return false;
#endif
    }
    return true;
}

/* Whether @p s would survive inih's trimming: no blank at either end. */
static bool trimmed(const char *s)
{
    size_t n = strlen(s);
    return n == 0 || (!is_blank(s[0]) && !is_blank(s[n - 1]));
}

/*
 * Whether the line `key=value` under `[section]` (no section line for "")
 * reads back as this same section, key and value. inih reads a line that
 * starts with a blank as more of the previous key's value, one that starts
 * with ';' or '#' as a comment and one that starts with '[' as a section; it
 * ends the key at the first '=' or ':', trims blanks around key and value,
 * ends the line at an inline comment (a blank then ';') and cuts section
 * names to 49 bytes. The key may be empty (`=value` reads back as it is).
 */
static bool writable(const char *section, const char *key, const char *value)
{
    if (!plain_text(section) || strchr(section, ']') || strlen(section) >= SECTION_NAME_MAX)
        return false;
    if (!plain_text(key) || !trimmed(key) || strpbrk(key, "=:")) return false;
    if (key[0] != '\0' && (key[0] == '[' || strchr(INI_START_COMMENT_PREFIXES, key[0])))
        return false;
    if (!plain_text(value) || !trimmed(value)) return false;
    return strlen(key) + 1 + strlen(value) <= LINE_MAX_CHARS;
}

static void keep_extra(prefs *p, const entry *e, int *dropped)
{
    if (p->extra_count >= PREFS_MAX_EXTRA) {
        (*dropped)++;
        return;
    }
    prefs_extra *x = &p->extra[p->extra_count++];
    /* The entry's buffers are the same sizes, so these always fit. */
    copy_str(x->section, sizeof x->section, e->section);
    copy_str(x->key, sizeof x->key, e->key);
    copy_str(x->value, sizeof x->value, e->value);
}

/* Apply one [settings] entry; warn (once per entry) when its value is bad. */
static int apply_setting(prefs *p, const entry *e, const char *source, FILE *warn)
{
    char why[256];
    if (settings_set(&p->settings, e->key, e->value, why, sizeof why)) return 0;
    warn_key(warn, source, e->section, e->key, why);
    return 1;
}

int prefs_parse_ini(const char *text, prefs *p, const char *source, FILE *warn)
{
    prefs_defaults(p);
    if (!source) source = "settings";
    if (!text) return 0;
    parse_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.entries = calloc(MAX_ENTRIES, sizeof *ctx.entries);
    if (!ctx.entries) {
        if (warn) fprintf(warn, "tictactoe: %s: out of memory; using the defaults\n", source);
        return 1;
    }
    int problems = 0;
    int line = ini_parse_string(text, collect, &ctx);
    if (line > 0) {
        /* inih reports the first such line only; one warning is what we want. */
        if (warn)
            fprintf(warn, "tictactoe: %s: line %d is not `key = value` or `[section]`; ignored\n",
                    source, line);
        problems++;
    } else if (line < 0) {
        if (warn) fprintf(warn, "tictactoe: %s: could not be parsed; using the defaults\n", source);
        free(ctx.entries);
        return 1;
    }
    if (ctx.too_long > 0) {
        if (warn)
            fprintf(warn, "tictactoe: %s: key '%s': name or value too long; ignored\n", source,
                    ctx.first_dropped);
        problems++;
    }
    if (ctx.too_many > 0) {
        if (warn)
            fprintf(warn, "tictactoe: %s: more than %d entries; the rest were ignored\n", source,
                    MAX_ENTRIES);
        problems++;
    }

    /* [settings]: size first, then the rest, then k (see the file comment). */
    for (int pass = 0; pass < 3; pass++) {
        for (int i = 0; i < ctx.count; i++) {
            const entry *e = &ctx.entries[i];
            if (strcmp(e->section, SECTION_SETTINGS) != 0 || !settings_is_key(e->key)) continue;
            int want = strcmp(e->key, "size") == 0 ? 0 : (strcmp(e->key, "k") == 0 ? 2 : 1);
            if (want == pass) problems += apply_setting(p, e, source, warn);
        }
    }

    /* [scores], [window], and everything unknown kept in file order. */
    int dropped = 0;
    int unwritable = 0;
    bool sized[2] = {false, false};
    for (int i = 0; i < ctx.count; i++) {
        const entry *e = &ctx.entries[i];
        if (strcmp(e->section, SECTION_SETTINGS) == 0 && settings_is_key(e->key)) continue;
        if (strcmp(e->section, SECTION_WINDOW) == 0) {
            int r = apply_window(p, e, source, warn, sized);
            if (r >= 0) {
                problems += r;
                continue;
            }
        }
        if (strcmp(e->section, SECTION_SCORES) == 0) {
            int *slots[SCORE_KEY_COUNT];
            score_slots(p, slots);
            int k = -1;
            for (int j = 0; j < SCORE_KEY_COUNT; j++)
                if (strcmp(e->key, SCORE_KEYS[j]) == 0) k = j;
            if (k >= 0) {
                if (!parse_score(e->value, slots[k])) {
                    warn_key(warn, source, e->section, e->key, "not a count from 0 to 1000000000");
                    problems++;
                }
                continue;
            }
        }
        if (!writable(e->section, e->key, e->value)) {
            /* Kept, it would come back changed (or change another key) on
             * the next load: drop it now, with one warning for them all. */
            if (unwritable++ == 0 && warn)
                fprintf(warn,
                        "tictactoe: %s: [%s] '%s': cannot be saved so that it reads back the "
                        "same; ignored\n",
                        source, e->section, e->key);
            continue;
        }
        keep_extra(p, e, &dropped);
    }
    p->window.known = sized[0] && sized[1];
    if (unwritable > 0) problems++;
    if (dropped > 0) {
        if (warn)
            fprintf(warn, "tictactoe: %s: more than %d unknown keys; %d will not be saved\n",
                    source, PREFS_MAX_EXTRA, dropped);
        problems++;
    }
    free(ctx.entries);
    return problems;
}

prefs_status prefs_load(const char *path, prefs *p, FILE *warn)
{
    prefs_defaults(p);
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (errno == ENOENT) return PREFS_MISSING;
        if (warn)
            fprintf(
                warn,
                "tictactoe: %s: cannot read it (%s); using the defaults, the file is left alone\n",
                path, strerror(errno));
        return PREFS_UNREADABLE;
    }
    char *text = malloc(PREFS_MAX_FILE_BYTES + 1);
    if (!text) {
        fclose(f);
        if (warn)
            fprintf(warn,
                    "tictactoe: %s: out of memory; using the defaults, the file is left alone\n",
                    path);
        return PREFS_UNREADABLE;
    }
    size_t n = fread(text, 1, PREFS_MAX_FILE_BYTES + 1, f);
    bool bad = ferror(f) != 0;
    fclose(f);
    if (bad || n > PREFS_MAX_FILE_BYTES) {
        if (warn)
            fprintf(warn, "tictactoe: %s: %s; using the defaults, the file is left alone\n", path,
                    bad ? "read error" : "too large to be a settings file");
        free(text);
        return PREFS_UNREADABLE;
    }
    text[n] = '\0';
    /* A NUL inside the file ends the text there; what follows is ignored. */
    prefs_parse_ini(text, p, path, warn);
    free(text);
    return PREFS_LOADED;
}

static void write_extras(const prefs *p, FILE *out, const char *section)
{
    for (int i = 0; i < p->extra_count; i++) {
        const prefs_extra *e = &p->extra[i];
        /* No blanks added around '=' (see the file comment); prefs_parse_ini()
         * keeps only writable entries, this guards a hand-filled prefs. */
        if (strcmp(e->section, section) == 0 && writable(e->section, e->key, e->value))
            fprintf(out, "%s=%s\n", e->key, e->value);
    }
}

void prefs_write(const prefs *p, FILE *out)
{
    fprintf(out, "; Tic-tac-toe settings and scores. Written by the game; edits are kept\n"
                 "; while it is closed. A bad value falls back to its default.\n");
    /* Entries that came before any [section] go back there. */
    write_extras(p, out, "");
    fprintf(out, "\n[" SECTION_SETTINGS "]\n");
    settings_write(&p->settings, out);
    write_extras(p, out, SECTION_SETTINGS);
    fprintf(out, "\n[" SECTION_SCORES "]\n");
    const int values[SCORE_KEY_COUNT] = {p->you_wins,   p->computer_wins, p->draws,
                                         p->wins_x,     p->wins_o,        p->pvp_draws,
                                         p->cvc_wins_x, p->cvc_wins_o,    p->cvc_draws};
    for (int i = 0; i < SCORE_KEY_COUNT; i++)
        fprintf(out, "%s = %d\n", SCORE_KEYS[i], values[i]);
    write_extras(p, out, SECTION_SCORES);
    if (p->window.known) {
        const prefs_window *w = &p->window;
        fprintf(out,
                "\n[" SECTION_WINDOW "]\nx = %d\ny = %d\nwidth = %d\nheight = %d\nmaximized = %s\n"
                "fullscreen = %s\n",
                w->x, w->y, w->width, w->height, w->maximized ? "yes" : "no",
                w->fullscreen ? "yes" : "no");
        write_extras(p, out, SECTION_WINDOW);
    }
    /* Unknown sections, each once, in the order they first appeared. */
    for (int i = 0; i < p->extra_count; i++) {
        const char *sec = p->extra[i].section;
        if (sec[0] == '\0' || strcmp(sec, SECTION_SETTINGS) == 0 ||
            strcmp(sec, SECTION_SCORES) == 0 ||
            (p->window.known && strcmp(sec, SECTION_WINDOW) == 0))
            continue;
        bool seen = false;
        for (int j = 0; j < i && !seen; j++)
            seen = strcmp(p->extra[j].section, sec) == 0;
        if (seen || !writable(sec, "", "")) continue;
        fprintf(out, "\n[%s]\n", sec);
        write_extras(p, out, sec);
    }
}

bool prefs_save(const char *path, const prefs *p, FILE *warn)
{
    size_t len = strlen(path);
    char *tmp = malloc(len + sizeof PREFS_TEMP_SUFFIX);
    if (!tmp) {
        if (warn) fprintf(warn, "tictactoe: %s: out of memory; settings not saved\n", path);
        return false;
    }
    memcpy(tmp, path, len);
    memcpy(tmp + len, PREFS_TEMP_SUFFIX, sizeof PREFS_TEMP_SUFFIX);

    const char *why = NULL;
    int err = 0;
    FILE *f = fopen(tmp, "w");
    if (!f) {
        err = errno;
        why = "cannot create the temporary file";
    } else {
        prefs_write(p, f);
        /* Every way the data can fail to reach the disk: a write error seen
         * so far, the final flush (a full disk shows here), and the close. */
        bool failed = ferror(f) != 0;
        if (fflush(f) != 0) failed = true;
        if (failed) err = errno;
        if (fclose(f) != 0 && !failed) {
            failed = true;
            err = errno;
        }
        if (failed) {
            why = "cannot write the temporary file";
        } else {
#ifdef _WIN32
            /* Windows' rename does not replace an existing file. */
            remove(path);
#endif
            if (rename(tmp, path) != 0) {
                err = errno;
                why = "cannot replace the file";
            }
        }
        if (why) remove(tmp);
    }
    if (why && warn)
        fprintf(warn, "tictactoe: %s: %s (%s); settings not saved, the game goes on\n", path, why,
                err ? strerror(err) : "unknown error");
    free(tmp);
    return why == NULL;
}
