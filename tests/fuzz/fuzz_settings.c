/*
 * fuzz_settings.c - libFuzzer target for the desktop game's settings file
 * loader, prefs_parse_ini() (game/desktop/prefs.h: INI text read with
 * libinih over the defaults; the entry point the game's engineer set aside
 * for fuzzing). The input is the file's text. After loading: every setting
 * and score is within its documented range and the kept unknown entries
 * are bounded and NUL-terminated; after a save (prefs_write) and a load,
 * the settings and scores are the same.
 *
 * Built with -DTTT_FUZZ_STRICT_PREFS it also asks what prefs.h promises for
 * unknown entries: the saved file loads without a warning and saves to the
 * same text. That does not hold yet (see known_prefs_bug below), so the
 * test command runs the default mode.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prefs.h"

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_settings: %s\n%s\n", what, detail ? detail : "");
    abort();
}

/* What prefs_write() writes for p, as a malloc'd string. */
static char *written(const prefs *p)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) fail("open_memstream failed", NULL);
    prefs_write(p, f);
    if (fclose(f) != 0) fail("fclose failed", NULL);
    return buf;
}

static void check_ranges(const prefs *p)
{
    const settings *s = &p->settings;
    if ((unsigned)s->mode >= SETTINGS_MODE_COUNT) fail("mode out of range", NULL);
    if (s->difficulty < 0 || s->difficulty >= SETTINGS_DIFFICULTY_COUNT)
        fail("difficulty out of range", NULL);
    if (!(s->mistake_probability >= 0.0 && s->mistake_probability <= 1.0))
        fail("p out of range", NULL);
    if (s->first_player != TTT_PLAYER_X && s->first_player != TTT_PLAYER_O)
        fail("first out of range", NULL);
    if ((unsigned)s->speed >= SETTINGS_SPEED_COUNT) fail("speed out of range", NULL);
    if (s->board_size < TTT_MIN_SIZE || s->board_size > TTT_MAX_SIZE)
        fail("size out of range", NULL);
    if (s->k < TTT_MIN_K || s->k > s->board_size) fail("k out of range", NULL);
    if (s->think_delay_ms < 0 || s->think_delay_ms > SETTINGS_MAX_THINK_DELAY_MS)
        fail("delay out of range", NULL);
    if (s->theme < 0 || s->theme >= SETTINGS_THEME_COUNT) fail("theme out of range", NULL);
    if (p->wins_x < 0 || p->wins_o < 0 || p->draws < 0 || p->wins_x > PREFS_MAX_SCORE ||
        p->wins_o > PREFS_MAX_SCORE || p->draws > PREFS_MAX_SCORE)
        fail("a score out of range", NULL);
    if (p->extra_count < 0 || p->extra_count > PREFS_MAX_EXTRA)
        fail("extra count out of range", NULL);
    for (int i = 0; i < p->extra_count; i++) {
        const prefs_extra *e = &p->extra[i];
        if (!memchr(e->section, '\0', sizeof e->section) || !memchr(e->key, '\0', sizeof e->key) ||
            !memchr(e->value, '\0', sizeof e->value))
            fail("an extra entry is not NUL-terminated", NULL);
    }
}

/* inih's default INI_MAX_LINE, the buffer one line is read into. */
#define INI_LINE_LIMIT 200

/* KNOWN BUGS in prefs.c, reported to the game's engineer, in how unknown
 * entries are written back (prefs_write) so that they do not load the same:
 *  1. An empty key ("=x") is kept and written back as " = x", which inih
 *     reads as a continuation line: a second value "= x" for the previous
 *     line's key. The entry is lost, and that key is reported as bad on
 *     every load (its first value stays).
 *  2. A value starting with ';' ("k =;x": no space, so not a comment) is
 *     written back as "k = ;x", which inih reads as an inline comment: the
 *     value becomes empty.
 *  3. An entry whose written line, "key = value", is longer than inih's
 *     line limit (200 bytes with the newline) although the line it came
 *     from was not (no spaces around '='): inih splits it on the next load,
 *     and the rest of the line becomes a bad line or another entry.
 *  4. Some unusual keys (found with trailing blanks kept) are written back
 *     differently from how they were read.
 * 3 can change known settings (the rest of a split line can read as one),
 * and 1 gives a known key a second value, so inputs that keep such an entry
 * skip the save-and-load check; 2 and 4 only matter to the strict mode. Delete
 * this once prefs.c drops or escapes such entries. */
static int known_prefs_bug(const prefs *p)
{
    for (int i = 0; i < p->extra_count; i++) {
        const prefs_extra *e = &p->extra[i];
        if (e->key[0] == '\0') return 1;
        if (strlen(e->key) + strlen(" = ") + strlen(e->value) + strlen("\n") >= INI_LINE_LIMIT)
            return 1;
    }
    return 0;
}

/* Non-zero when a and b hold the same settings and scores. */
static int same_known(const prefs *a, const prefs *b)
{
    char *sa = NULL, *sb = NULL;
    size_t la = 0, lb = 0;
    FILE *fa = open_memstream(&sa, &la), *fb = open_memstream(&sb, &lb);
    if (!fa || !fb) fail("open_memstream failed", NULL);
    settings_write(&a->settings, fa);
    settings_write(&b->settings, fb);
    fclose(fa);
    fclose(fb);
    int same = strcmp(sa, sb) == 0 && a->wins_x == b->wins_x && a->wins_o == b->wins_o &&
               a->draws == b->draws;
    free(sa);
    free(sb);
    return same;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = '\0';

    static prefs p, back; /* about 20 KB each: off the stack */
    prefs_parse_ini(text, &p, "fuzz", NULL);
    free(text);
    check_ranges(&p);

    char *first = written(&p);
    int warnings = prefs_parse_ini(first, &back, "written", NULL);
    check_ranges(&back);
    if (!known_prefs_bug(&p) && !same_known(&p, &back))
        fail("settings or scores change in a save and load", first);
#ifdef TTT_FUZZ_STRICT_PREFS
    if (warnings != 0) {
        prefs_parse_ini(first, &back, "written", stderr);
        fail("what prefs_write() wrote loads with warnings", first);
    }
    char *second = written(&back);
    if (strcmp(first, second) != 0) {
        fprintf(stderr, "written:\n%s\nloaded and written again:\n%s\n", first, second);
        fail("the written settings file does not load back to the same text", NULL);
    }
    free(second);
#else
    (void)warnings;
#endif
    free(first);
    return 0;
}
