/*
 * tally.c - the statistics per mode, board and level (see tally.h).
 */
#include "tally.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numparse.h"
#include "settings.h"
#include "ttt/ttt.h"

/* Letters read of a key's mode ("hvc") and of its level ("unbeatable"):
 * the longest of each, with room to spare; the widths of sscanf's fields. */
#define KEY_MODE_LEN 3
#define KEY_LEVEL_LEN 15
/* A macro's value as a string literal, for a field width in a format. */
#define TEXT_OF_(x) #x
#define TEXT_OF(x) TEXT_OF_(x)

static const char *const MODE_KEYS[SETTINGS_MODE_COUNT] = {"hvc", "pvp", "cvc"};

static long clamp_count(long v)
{
    return v < 0 ? 0 : (v > TALLY_MAX_COUNT ? TALLY_MAX_COUNT : v);
}

tally_entry *tally_find(tally *t, int mode, int size, int k, int level)
{
    for (int i = 0; i < t->count; i++) {
        tally_entry *e = &t->entries[i];
        if (e->mode == mode && e->size == size && e->k == k && e->level == level) return e;
    }
    return NULL;
}

int tally_games(const tally_entry *e)
{
    return e->wins[0] + e->wins[1] + e->draws;
}

/* A new entry for the board: a free place, or the least played's. */
static tally_entry *make_entry(tally *t, int mode, int size, int k, int level)
{
    tally_entry *e = NULL;
    if (t->count < TALLY_MAX) {
        e = &t->entries[t->count++];
    } else {
        e = &t->entries[0];
        for (int i = 1; i < t->count; i++)
            if (tally_games(&t->entries[i]) < tally_games(e)) e = &t->entries[i];
    }
    memset(e, 0, sizeof *e);
    e->mode = mode;
    e->size = size;
    e->k = k;
    e->level = level;
    return e;
}

tally_entry *tally_count(tally *t, int mode, int size, int k, int level, int slot)
{
    tally_entry *e = tally_find(t, mode, size, k, level);
    if (!e) e = make_entry(t, mode, size, k, level);
    bool vs_computer = mode == SETTINGS_MODE_HUMAN_VS_COMPUTER;
    if (slot == 2) {
        e->draws = (int)clamp_count((long)e->draws + 1);
        e->streak = 0;
    } else {
        e->wins[slot] = (int)clamp_count((long)e->wins[slot] + 1);
        if (vs_computer)
            e->streak = slot == 0 ? e->streak + 1 : 0;
        else if (slot == 0)
            e->streak = e->streak > 0 ? e->streak + 1 : 1;
        else
            e->streak = e->streak < 0 ? e->streak - 1 : -1;
    }
    int length = abs(e->streak);
    if (length > e->best) e->best = length;
    return e;
}

void tally_restore(tally *t, const tally_entry *before, bool existed)
{
    tally_entry *e = tally_find(t, before->mode, before->size, before->k, before->level);
    if (!e) return;
    if (existed) {
        *e = *before;
        return;
    }
    /* It was made for the game taken back: gone again. */
    *e = t->entries[--t->count];
}

int tally_of_mode(const tally *t, int mode, const tally_entry **out, int cap)
{
    int n = 0;
    for (int i = 0; i < t->count && n < cap; i++)
        if (t->entries[i].mode == mode && tally_games(&t->entries[i]) > 0)
            out[n++] = &t->entries[i];
    /* Most played first; equal ones by board, then level. */
    for (int i = 1; i < n; i++) {
        const tally_entry *e = out[i];
        int j = i;
        while (j > 0 && (tally_games(out[j - 1]) < tally_games(e) ||
                         (tally_games(out[j - 1]) == tally_games(e) &&
                          (out[j - 1]->size * 16 + out[j - 1]->k) * 16 + out[j - 1]->level >
                              (e->size * 16 + e->k) * 16 + e->level))) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = e;
    }
    return n;
}

void tally_key(const tally_entry *e, char *buf, size_t cap)
{
    const char *mode = (e->mode >= 0 && e->mode < SETTINGS_MODE_COUNT) ? MODE_KEYS[e->mode] : "hvc";
    if (e->level == TALLY_NO_LEVEL) {
        snprintf(buf, cap, "%s.%dx%d.k%d", mode, e->size, e->size, e->k);
        return;
    }
    const char *level = e->level >= 0 && e->level < SETTINGS_LEVEL_COUNT
                            ? ttt_difficulty_name((ttt_difficulty)e->level)
                            : "custom";
    snprintf(buf, cap, "%s.%dx%d.k%d.%s", mode, e->size, e->size, e->k, level);
}

void tally_value(const tally_entry *e, char *buf, size_t cap)
{
    snprintf(buf, cap, "%d %d %d %d %d", e->wins[0], e->draws, e->wins[1], e->streak, e->best);
}

bool tally_parse_key(const char *key, tally_entry *e)
{
    char mode[KEY_MODE_LEN + 1], level[KEY_LEVEL_LEN + 1] = "";
    int size = 0, size2 = 0, k = 0, n = 0;
    /* "hvc.3x3.k3.medium" or "pvp.3x3.k3": checked field by field. */
    if (strlen(key) >= TALLY_KEY_MAX) return false;
    if (sscanf(key, "%" TEXT_OF(KEY_MODE_LEN) "[a-z].%dx%d.k%d%n", mode, &size, &size2, &k, &n) !=
        4)
        return false;
    if (key[n] == '.') {
        if (sscanf(key + n + 1, "%" TEXT_OF(KEY_LEVEL_LEN) "[a-z]", level) != 1 ||
            strlen(key + n + 1) != strlen(level))
            return false;
    } else if (key[n] != '\0') {
        return false;
    }
    int m = -1;
    for (int i = 0; i < SETTINGS_MODE_COUNT; i++)
        if (strcmp(mode, MODE_KEYS[i]) == 0) m = i;
    if (m < 0 || size != size2 || size < TTT_MIN_SIZE || size > TTT_MAX_SIZE || k < TTT_MIN_K ||
        k > size)
        return false;
    int lv = TALLY_NO_LEVEL;
    if (level[0]) {
        ttt_difficulty d;
        if (strcmp(level, "custom") == 0)
            lv = SETTINGS_DIFFICULTY_CUSTOM;
        else if (ttt_difficulty_from_name(level, &d) == TTT_OK &&
                 strcmp(level, ttt_difficulty_name(d)) == 0)
            lv = (int)d;
        else
            return false;
    }
    /* Two players have no level; the computer always has one. */
    if ((m == SETTINGS_MODE_TWO_PLAYERS) != (lv == TALLY_NO_LEVEL)) return false;
    /* The canonical spelling only, so an entry has one key. */
    tally_entry probe = {m, size, k, lv, {0, 0}, 0, 0, 0};
    char again[TALLY_KEY_MAX];
    tally_key(&probe, again, sizeof again);
    if (strcmp(again, key) != 0) return false;
    e->mode = m;
    e->size = size;
    e->k = k;
    e->level = lv;
    return true;
}

bool tally_parse_value(const char *value, tally_entry *e)
{
    long v[5];
    const char *p = value;
    for (int i = 0; i < 5; i++) {
        while (*p == ' ')
            p++;
        const char *start = p;
        if (*p == '-') p++;
        while (*p >= '0' && *p <= '9')
            p++;
        char word[NUMPARSE_TEXT_MAX];
        size_t len = (size_t)(p - start);
        if (len == 0 || len >= sizeof word) return false;
        memcpy(word, start, len);
        word[len] = '\0';
        long lo = i == 3 ? -TALLY_MAX_COUNT : 0;
        if (numparse_long(word, lo, TALLY_MAX_COUNT, &v[i]) != NUMPARSE_OK) return false;
    }
    while (*p == ' ')
        p++;
    if (*p != '\0' || v[4] < labs(v[3])) return false;
    e->wins[0] = (int)v[0];
    e->draws = (int)v[1];
    e->wins[1] = (int)v[2];
    e->streak = (int)v[3];
    e->best = (int)v[4];
    return true;
}

void tally_merge(const tally_entry *disk, const tally_entry *base, const tally_entry *mine,
                 tally_entry *out)
{
    *out = *disk;
    for (int i = 0; i < 2; i++)
        out->wins[i] = (int)clamp_count((long)disk->wins[i] + mine->wins[i] - base->wins[i]);
    out->draws = (int)clamp_count((long)disk->draws + mine->draws - base->draws);
    if (mine->streak != base->streak) out->streak = mine->streak;
    out->best = disk->best > mine->best ? disk->best : mine->best;
    if (out->best < abs(out->streak)) out->best = abs(out->streak);
}
