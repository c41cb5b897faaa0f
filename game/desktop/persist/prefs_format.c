/*
 * prefs_format.c - the settings file's text (see prefs.h): INI read with
 * the game's reader (ini_reader.h, which reads as libthe reader 55 did) into
 * entries and applied to a prefs, and a prefs written back.
 *
 * The reader calls a handler per `key = value` line; the handler only collects
 * the entries, and they are applied afterwards in the order of their keys'
 * passes (settings_pass: size before k, whatever the file's order), because
 * setting "size" resets k to that size's default and a k is only valid
 * against its board size.
 *
 * Unknown entries are written back as `key=value`, exactly as the reader reported
 * them, with no blanks added: a blank before ';' would start an inline
 * comment, and `key = value` can grow past the reader's line buffer. An entry that
 * no line would read back the same way (see writable() for the rules) is
 * dropped when the file is read, with one warning, so what is kept is what
 * is saved.
 *
 * Saving (the merge with the file on disk, and replacing it) is
 * prefs_merge.c; the platform's file calls are atomic_file.h.
 */
#include "prefs.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "ini_reader.h"
#include "i18n.h"
#include "numparse.h"
#include "prefs_internal.h"
#include "textesc.h"

#define SECTION_SETTINGS "settings"
#define SECTION_SCORES "scores"
#define SECTION_WINDOW "window"
/* Window places and sizes accepted from the file, in screen points. */
#define WINDOW_MAX_COORD 100000
#define WINDOW_MAX_SIZE 16384

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
    puzzle_stats_init(&p->puzzles);
}

bool prefs__copy_str(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    if (n >= cap) return false;
    memcpy(dst, src, n + 1);
    return true;
}

static int collect(void *user, const char *section, const char *name, const char *value)
{
    prefs__entries *ctx = user;
    if (!section) section = "";
    if (!name) name = "";
    if (!value) value = "";
    if (ctx->count >= PREFS__MAX_ENTRIES) {
        ctx->too_many++;
        return 1;
    }
    prefs__entry *e = &ctx->entries[ctx->count];
    if (!prefs__copy_str(e->section, sizeof e->section, section) ||
        !prefs__copy_str(e->key, sizeof e->key, name) ||
        !prefs__copy_str(e->value, sizeof e->value, value)) {
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

void prefs__warnf(FILE *warn, const char *fmt, ...)
{
    if (!warn) return;
    va_list ap;
    va_start(ap, fmt);
    fputs("tictactoe: ", warn);
    textesc_vprintf(warn, fmt, ap);
    fputc('\n', warn);
    va_end(ap);
}

static void warn_key(FILE *warn, const char *source, const char *section, const char *key,
                     const char *why)
{
    /* TRANSLATORS: a settings file's problem: the file, [its section], the
       key, and what is wrong with its value (already translated). */
    prefs__warnf(warn, _("%s: [%s] %s: %s; using the default"), source, section, key, why);
}

static bool parse_score(const char *text, int *out)
{
    return numparse_int(text, 0, PREFS_MAX_SCORE, out) == NUMPARSE_OK;
}

/* A [window] entry into p->window. @return 0 when read, 1 for a bad value
 * (warned about), -1 for a key of no window (kept as an unknown entry). */
static int apply_window(prefs *p, const prefs__entry *e, const char *source, FILE *warn,
                        bool *sized)
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
                 number ? _("not a number of screen points") : _("use yes or no"));
        return 1;
    }
    if (number == &w->width || number == &w->height) sized[number == &w->height] = true;
    return 0;
}

/* The longest section name, including the NUL: a longer one is cut short
 * when read. */
#define SECTION_NAME_MAX INI_READER_MAX_SECTION
/* Longest line written, without its newline: the line and its newline must
 * fit the reader's line buffer with the NUL, or the line is split when
 * read. */
#define LINE_MAX_CHARS ((size_t)INI_READER_MAX_LINE - 2)

/* No newline and no inline comment (a blank followed by one of the reader's
 * INI_READER_INLINE_COMMENT_PREFIXES) anywhere in @p s, which the reader scans from its
 * first character (a ';' there is not a comment: no blank before it). */
static bool plain_text(const char *s)
{
    for (const char *c = s; *c; c++) {
        if (*c == '\n') return false;
        if (c > s && ini_reader_is_blank(c[-1]) && strchr(INI_READER_INLINE_COMMENT_PREFIXES, *c))
            return false;
    }
    return true;
}

/* Whether @p s would survive the reader's trimming: no blank at either end. */
static bool trimmed(const char *s)
{
    size_t n = strlen(s);
    return n == 0 || (!ini_reader_is_blank(s[0]) && !ini_reader_is_blank(s[n - 1]));
}

/*
 * Whether the line `key=value` under `[section]` (no section line for "")
 * reads back as this same section, key and value. the reader reads a line that
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
    if (key[0] != '\0' && (key[0] == '[' || strchr(INI_READER_COMMENT_PREFIXES, key[0])))
        return false;
    if (!plain_text(value) || !trimmed(value)) return false;
    return strlen(key) + 1 + strlen(value) <= LINE_MAX_CHARS;
}

static void keep_extra(prefs *p, const prefs__entry *e, int *dropped)
{
    if (p->extra_count >= PREFS_MAX_EXTRA) {
        (*dropped)++;
        return;
    }
    prefs_extra *x = &p->extra[p->extra_count++];
    /* The entry's buffers are the same sizes, so these always fit. */
    prefs__copy_str(x->section, sizeof x->section, e->section);
    prefs__copy_str(x->key, sizeof x->key, e->key);
    prefs__copy_str(x->value, sizeof x->value, e->value);
}

/* Apply one [settings] entry; warn (once per entry) when its value is bad. */
static int apply_setting(prefs *p, const prefs__entry *e, const char *source, FILE *warn)
{
    char why[SETTINGS_MESSAGE_MAX];
    if (settings_set(&p->settings, e->key, e->value, why, sizeof why)) return 0;
    warn_key(warn, source, e->section, e->key, why);
    return 1;
}

/* Whether entry @p i is the last one in the file with its section and key
 * (for a key given twice, the last one counts). */
static bool last_of_its_key(const prefs__entries *ctx, int i)
{
    const prefs__entry *e = &ctx->entries[i];
    for (int j = i + 1; j < ctx->count; j++)
        if (strcmp(ctx->entries[j].key, e->key) == 0 &&
            strcmp(ctx->entries[j].section, e->section) == 0)
            return false;
    return true;
}

/* Whether the line at @p line (up to its '\n' or NUL) is a comment. */
static bool comment_line(const char *line, size_t len)
{
    size_t i = 0;
    while (i < len && ini_reader_is_blank(line[i]))
        i++;
    return i < len && strchr(INI_READER_COMMENT_PREFIXES, line[i]) != NULL;
}

/*
 * A copy of @p text in which each line longer than PREFS_LINE_MAX bytes
 * (without its "\n" or "\r\n") is replaced by an empty line, so the reader never
 * splits it into a made-up second entry; line numbers stay the same. One
 * warning per refused line that is not a comment. NULL when out of memory.
 */
static char *without_long_lines(const char *text, const char *source, FILE *warn, int *problems)
{
    size_t total = strlen(text);
    char *copy = malloc(total + 1);
    if (!copy) return NULL;
    const char *in = text;
    char *out = copy;
    for (int line = 1; *in; line++) {
        const char *nl = strchr(in, '\n');
        size_t len = nl ? (size_t)(nl - in) : strlen(in);
        size_t body = len > 0 && in[len - 1] == '\r' ? len - 1 : len;
        if (body > PREFS_LINE_MAX) {
            if (!comment_line(in, body)) {
                /* Name the key: the text before '=' or ':', trimmed. */
                size_t k = 0;
                while (k < body && ini_reader_is_blank(in[k]))
                    k++;
                size_t end = k;
                while (end < body && in[end] != '=' && in[end] != ':')
                    end++;
                while (end > k && ini_reader_is_blank(in[end - 1]))
                    end--;
                int shown = end - k > 40 ? 40 : (int)(end - k);
                prefs__warnf(warn, _("%s: line %d is longer than %d bytes; key '%.*s%s' ignored"),
                             source, line, PREFS_LINE_MAX, shown, in + k,
                             end - k > 40 ? "..." : "");
                (*problems)++;
            }
        } else {
            memcpy(out, in, len);
            out += len;
        }
        in += len;
        if (*in == '\n') *out++ = *in++;
    }
    *out = '\0';
    return copy;
}

int prefs__collect_entries(const char *text, prefs__entries *ctx, const char *source, FILE *warn,
                           int *problems)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->entries = calloc(PREFS__MAX_ENTRIES, sizeof *ctx->entries);
    if (!ctx->entries) return PREFS_PARSE_NOMEM;
    char *filtered = without_long_lines(text, source, warn, problems);
    if (!filtered) {
        free(ctx->entries);
        ctx->entries = NULL;
        return PREFS_PARSE_NOMEM;
    }
    int line = ini_reader_parse(filtered, collect, ctx);
    free(filtered);
    return line;
}

/* The reading's own problems (a line that is not an entry, an entry too
 * long to keep, too many entries): one warning each. @return how many. */
static int warn_reading(const prefs__entries *ctx, int line, const char *source, FILE *warn)
{
    int problems = 0;
    if (line > 0) {
        /* the reader reports the first such line only; one warning is what we want. */
        prefs__warnf(warn, _("%s: line %d is not `key = value` or `[section]`; ignored"), source,
                     line);
        problems++;
    }
    if (ctx->too_long > 0) {
        prefs__warnf(warn, _("%s: key '%s': name or value too long; ignored"), source,
                     ctx->first_dropped);
        problems++;
    }
    if (ctx->too_many > 0) {
        prefs__warnf(warn, _("%s: more than %d entries; the rest were ignored"), source,
                     PREFS__MAX_ENTRIES);
        problems++;
    }
    return problems;
}

/* [settings]: size first, then the rest, then k (see the file comment); of
 * a key given twice, only the last counts. @return the problems warned about. */
static int apply_settings(prefs *p, const prefs__entries *ctx, const char *source, FILE *warn)
{
    int problems = 0;
    for (int pass = 0; pass < SETTINGS_PASS_COUNT; pass++) {
        for (int i = 0; i < ctx->count; i++) {
            const prefs__entry *e = &ctx->entries[i];
            if (strcmp(e->section, SECTION_SETTINGS) != 0 || !settings_is_key(e->key)) continue;
            if (!last_of_its_key(ctx, i)) continue;
            if ((int)settings_key_named(e->key)->pass == pass)
                problems += apply_setting(p, e, source, warn);
        }
    }
    return problems;
}

/* Entry @p i of [scores], when it is a known count: read (the last of a
 * key given twice), or 0 with a warning. @return -1 for a key of no known
 * count (kept as an unknown entry), else the problems warned about. */
static int apply_score(prefs *p, const prefs__entries *ctx, int i, const char *source, FILE *warn)
{
    const prefs__entry *e = &ctx->entries[i];
    int *slots[SCORE_KEY_COUNT];
    score_slots(p, slots);
    int k = -1;
    for (int j = 0; j < SCORE_KEY_COUNT; j++)
        if (strcmp(e->key, SCORE_KEYS[j]) == 0) k = j;
    if (k < 0) return -1;
    if (!last_of_its_key(ctx, i) || parse_score(e->value, slots[k])) return 0;
    *slots[k] = 0;
    warn_key(warn, source, e->section, e->key, _("not a count from 0 to 1000000000"));
    return 1;
}

/* Entry @p i of [stats]: a known entry's key read with its value (the last
 * of a key given twice), or dropped with a warning for a bad value.
 * @return -1 for a key that is no entry's (kept as an unknown entry), else
 * the problems warned about. */
static int apply_stat(prefs *p, const prefs__entries *ctx, int i, const char *source, FILE *warn)
{
    const prefs__entry *e = &ctx->entries[i];
    tally_entry t;
    memset(&t, 0, sizeof t);
    if (!tally_parse_key(e->key, &t)) return -1;
    if (!last_of_its_key(ctx, i)) return 0;
    if (!tally_parse_value(e->value, &t)) {
        warn_key(warn, source, e->section, e->key,
                 _("not five numbers: won, drawn, lost, the streak and the best streak"));
        return 1;
    }
    tally_entry *slot = tally_find(&p->tally, t.mode, t.size, t.k, t.level);
    if (!slot && p->tally.count < TALLY_MAX) slot = &p->tally.entries[p->tally.count++];
    if (slot) *slot = t;
    return 0;
}

/* Entry @p e of [puzzles]: a count, or the day of the daily puzzle last
 * solved. @return -1 for an unknown key, else the problems warned about. */
static int apply_puzzles(prefs *p, const prefs__entry *e, const char *source, FILE *warn)
{
    if (strcmp(e->key, "daily_solved") == 0) {
        int64_t day = 0;
        if (puzzle_day_from_date(e->value, &day)) {
            p->puzzles.daily_day = day;
            return 0;
        }
        warn_key(warn, source, e->section, e->key, _("not a date (YYYY-MM-DD)"));
        return 1;
    }
    int *slot = NULL;
    if (strcmp(e->key, "solved") == 0) slot = &p->puzzles.solved;
    if (strcmp(e->key, "missed") == 0) slot = &p->puzzles.missed;
    if (strcmp(e->key, "streak") == 0) slot = &p->puzzles.streak;
    if (strcmp(e->key, "best_streak") == 0) slot = &p->puzzles.best;
    if (!slot) return -1;
    if (parse_score(e->value, slot)) return 0;
    *slot = 0;
    warn_key(warn, source, e->section, e->key, _("not a count from 0 to 1000000000"));
    return 1;
}

/* [scores], [window], and everything unknown kept in file order (or
 * dropped, with one warning, when it would not read back the same).
 * @return the problems warned about. */
static int apply_the_rest(prefs *p, const prefs__entries *ctx, const char *source, FILE *warn)
{
    int problems = 0, dropped = 0, unwritable = 0;
    bool sized[2] = {false, false};
    for (int i = 0; i < ctx->count; i++) {
        const prefs__entry *e = &ctx->entries[i];
        if (strcmp(e->section, SECTION_SETTINGS) == 0 && settings_is_key(e->key)) continue;
        int r = -1;
        if (strcmp(e->section, SECTION_WINDOW) == 0) r = apply_window(p, e, source, warn, sized);
        if (strcmp(e->section, SECTION_SCORES) == 0) r = apply_score(p, ctx, i, source, warn);
        if (strcmp(e->section, PREFS_STATS_SECTION) == 0) r = apply_stat(p, ctx, i, source, warn);
        if (strcmp(e->section, PREFS_PUZZLES_SECTION) == 0) r = apply_puzzles(p, e, source, warn);
        if (r >= 0) {
            problems += r;
            continue;
        }
        if (!writable(e->section, e->key, e->value)) {
            /* Kept, it would come back changed (or change another key) on
             * the next load: drop it now, with one warning for them all. */
            if (unwritable++ == 0)
                prefs__warnf(
                    warn,
                    _("%s: [%s] '%s': cannot be saved so that it reads back the same; ignored"),
                    source, e->section, e->key);
            continue;
        }
        keep_extra(p, e, &dropped);
    }
    p->window.known = sized[0] && sized[1];
    if (unwritable > 0) problems++;
    if (dropped > 0) {
        prefs__warnf(warn, _("%s: more than %d unknown keys; %d will not be saved"), source,
                     PREFS_MAX_EXTRA, dropped);
        problems++;
    }
    return problems;
}

int prefs_parse_ini(const char *text, prefs *p, const char *source, FILE *warn)
{
    prefs_defaults(p);
    if (!source) source = "settings";
    if (!text) return 0;
    prefs__entries ctx;
    int problems = 0;
    int line = prefs__collect_entries(text, &ctx, source, warn, &problems);
    if (line == PREFS_PARSE_NOMEM) {
        prefs__warnf(warn, _("%s: out of memory while reading it"), source);
        return PREFS_PARSE_NOMEM;
    }
    problems += warn_reading(&ctx, line, source, warn);
    problems += apply_settings(p, &ctx, source, warn);
    problems += apply_the_rest(p, &ctx, source, warn);
    free(ctx.entries);
    return problems;
}

/* ------------------------------------------------------------------------- */
/* Reading the file                                                          */
/* ------------------------------------------------------------------------- */

prefs_status prefs__read_file(const char *path, char **text, atomic_file_error *e)
{
    switch (atomic_file_read(path, PREFS_MAX_FILE_BYTES, text, e)) {
    case ATOMIC_FILE_READ: return PREFS_LOADED;
    case ATOMIC_FILE_MISSING: return PREFS_MISSING;
    case ATOMIC_FILE_TOO_LARGE:
        atomic_file__fail(e, N_("too large to be a settings file"), 0);
        return PREFS_UNREADABLE;
    case ATOMIC_FILE_UNREADABLE:
    default: return PREFS_UNREADABLE;
    }
}

prefs_status prefs_load(const char *path, prefs *p, FILE *warn)
{
    prefs_defaults(p);
    char *text;
    atomic_file_error e = {NULL, 0, false};
    prefs_status st = prefs__read_file(path, &text, &e);
    if (st == PREFS_MISSING) return st;
    if (st == PREFS_LOADED && prefs_parse_ini(text, p, path, warn) == PREFS_PARSE_NOMEM) {
        /* Half a file is no file: the save at exit must not write the
         * defaults over the user's scores. */
        prefs_defaults(p);
        st = PREFS_UNREADABLE;
        atomic_file__fail(&e, N_("out of memory"), 0);
    }
    free(text);
    if (st == PREFS_UNREADABLE) {
        if (e.err)
            /* TRANSLATORS: the settings file, why it cannot be read, and
               the system's reason. */
            prefs__warnf(warn, _("%s: %s (%s); using the defaults, the file is left alone"), path,
                         _(e.why), strerror(e.err));
        else
            prefs__warnf(warn, _("%s: %s; using the defaults, the file is left alone"), path,
                         _(e.why));
    }
    return st;
}

/* ------------------------------------------------------------------------- */
/* Writing the text                                                          */
/* ------------------------------------------------------------------------- */

/* Does @p p keep unknown entries of @p section? */
static bool has_extras(const prefs *p, const char *section)
{
    for (int i = 0; i < p->extra_count; i++)
        if (strcmp(p->extra[i].section, section) == 0) return true;
    return false;
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

long prefs__saturated(long count)
{
    return count < 0 ? 0 : (count > PREFS_MAX_SCORE ? PREFS_MAX_SCORE : count);
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
        fprintf(out, "%s = %ld\n", SCORE_KEYS[i], prefs__saturated(values[i]));
    write_extras(p, out, SECTION_SCORES);
    if (p->tally.count > 0 || has_extras(p, PREFS_STATS_SECTION)) {
        fprintf(out, "\n[" PREFS_STATS_SECTION
                     "]\n; won (X), drawn, lost (O), the streak now, the best streak\n");
        for (int i = 0; i < p->tally.count; i++) {
            char key[TALLY_KEY_MAX], value[TALLY_VALUE_MAX];
            tally_key(&p->tally.entries[i], key, sizeof key);
            tally_value(&p->tally.entries[i], value, sizeof value);
            fprintf(out, "%s = %s\n", key, value);
        }
        write_extras(p, out, PREFS_STATS_SECTION);
    }
    const puzzle_stats *ps = &p->puzzles;
    if (ps->solved > 0 || ps->missed > 0 || has_extras(p, PREFS_PUZZLES_SECTION)) {
        fprintf(out,
                "\n[" PREFS_PUZZLES_SECTION "]\nsolved = %ld\nmissed = %ld\nstreak = %ld\n"
                "best_streak = %ld\n",
                prefs__saturated(ps->solved), prefs__saturated(ps->missed),
                prefs__saturated(ps->streak), prefs__saturated(ps->best));
        if (ps->daily_day != PUZZLE_STATS_NO_DAY) {
            char date[PUZZLE_SESSION_DATE_MAX];
            puzzle_session_date(ps->daily_day, date, sizeof date);
            fprintf(out, "daily_solved = %s\n", date);
        }
        write_extras(p, out, PREFS_PUZZLES_SECTION);
    }
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
            strcmp(sec, SECTION_SCORES) == 0 || strcmp(sec, PREFS_STATS_SECTION) == 0 ||
            strcmp(sec, PREFS_PUZZLES_SECTION) == 0 ||
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

/* prefs_write()'s text in a malloc'd string (*len bytes), or NULL when out
 * of memory. */
/* prefs_write() with the argument atomic_file_capture() passes. */
static void write_prefs(const void *p, FILE *out)
{
    prefs_write(p, out);
}

char *prefs__written_text(const prefs *p, size_t *len)
{
    return atomic_file_capture(write_prefs, p, len);
}

bool prefs_same(const prefs *a, const prefs *b)
{
    size_t na = 0, nb = 0;
    char *ta = prefs__written_text(a, &na);
    char *tb = prefs__written_text(b, &nb);
    bool same = ta && tb && na == nb && memcmp(ta, tb, na) == 0;
    free(ta);
    free(tb);
    return same;
}
