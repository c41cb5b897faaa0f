/*
 * fuzz_settings.c - libFuzzer target for the desktop game's settings text.
 *
 * The game's INI loader (game/desktop, inih) is not written yet; what exists
 * is the part every loader calls, settings_set(key, value), and the writer,
 * settings_write(). The input is read as an INI body: lines of
 * `key = value` (anything else on a line is handed over as it is). After
 * applying them: every setting is within its documented range, and the
 * written text reads back to the same settings (write, read, write gives
 * the same text). When the loader lands, this target should feed it the
 * input instead of the line splitting below.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "settings.h"

#define MAX_LINE 256

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_settings: %s\n%s\n", what, detail ? detail : "");
    abort();
}

/* Trims spaces and tabs at both ends, in place. */
static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

/* Applies each `key = value` line of text (modified in place) to *s.
 * Returns the number of lines refused. */
static int apply(settings *s, char *text)
{
    int refused = 0;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *eq = strchr(line, '=');
        char err[MAX_LINE] = "";
        settings before = *s;
        bool ok;
        if (eq) {
            *eq = '\0';
            ok = settings_set(s, trim(line), trim(eq + 1), err, sizeof err);
        } else {
            ok = settings_set(s, trim(line), "", err, sizeof err);
        }
        if (!ok && memcmp(&before, s, sizeof before) != 0)
            fail("a refused setting changed the settings", line);
        if (!ok && err[0] == '\0') fail("a refused setting without a message", line);
        refused += !ok;
    }
    return refused;
}

/* Everything settings_write() says about s, as a malloc'd string. */
static char *written(const settings *s)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) fail("open_memstream failed", NULL);
    settings_write(s, f);
    if (fclose(f) != 0) fail("fclose failed", NULL);
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = '\0';

    settings s;
    settings_defaults(&s);
    apply(&s, text);
    free(text);

    if ((unsigned)s.mode >= SETTINGS_MODE_COUNT) fail("mode out of range", NULL);
    if (s.difficulty < 0 || s.difficulty >= SETTINGS_DIFFICULTY_COUNT)
        fail("difficulty out of range", NULL);
    if (!(s.mistake_probability >= 0.0 && s.mistake_probability <= 1.0))
        fail("p out of range", NULL);
    if (s.human_side != TTT_PLAYER_X && s.human_side != TTT_PLAYER_O)
        fail("side out of range", NULL);
    if (s.first_player != TTT_PLAYER_X && s.first_player != TTT_PLAYER_O)
        fail("first out of range", NULL);
    if ((unsigned)s.speed >= SETTINGS_SPEED_COUNT) fail("speed out of range", NULL);
    if (s.board_size < TTT_MIN_SIZE || s.board_size > TTT_MAX_SIZE) fail("size out of range", NULL);
    if (s.k < TTT_MIN_K || s.k > s.board_size) fail("k out of range", NULL);
    if (s.think_delay_ms < 0 || s.think_delay_ms > SETTINGS_MAX_THINK_DELAY_MS)
        fail("delay out of range", NULL);
    if (s.theme < 0 || s.theme >= SETTINGS_THEME_COUNT) fail("theme out of range", NULL);

    /* What is written reads back to the same settings. */
    char *first = written(&s);
    settings back;
    settings_defaults(&back);
    char *copy = strdup(first);
    if (!copy) fail("strdup failed", NULL);
    if (apply(&back, copy) != 0) fail("a line settings_write() wrote is refused", first);
    free(copy);
    char *second = written(&back);
    if (strcmp(first, second) != 0) {
        fprintf(stderr, "written:\n%s\nread back and written:\n%s\n", first, second);
        fail("the written settings do not read back", NULL);
    }
    free(first);
    free(second);
    return 0;
}
