/* level.c - a computer level in words and on the slider's scale (see level.h). */
#include "level.h"

#include <stdio.h>

#include "i18n.h"

/* Mistake probabilities below which the words say "rarely", "some" and
 * "many" (at or above MANY_BELOW: "most"; 1: "plays at random"). */
#define RARELY_BELOW 0.05
#define SOME_BELOW 0.3
#define MANY_BELOW 0.6
/* The board whose presets place the levels on the slider: 3x3, where the
 * mistake probability alone makes the level. */
#define SLIDER_BOARD 3

/* The levels' tuning beside their mistake probability (ttt_ai_options::level),
 * which the engine keeps to itself since 1.0 so that a 1.x may retune it:
 * a copy of engine/src/ai.c's, per ttt_difficulty, that the test
 * common_level checks against the engine's. A two-ply random search for the
 * fallible levels; on boards from 6x6 a net of forced wins and losses. */
#define LEVEL_COUNT 4
#define BIG_BOARD_SIZE 6
static const int LOOKAHEAD_PLIES[LEVEL_COUNT] = {2, 2, 2, 0};
static const int BIG_SAFETY_PLIES[LEVEL_COUNT] = {0, 3, 7, 0};

bool level_profile_preset(ttt_difficulty level, int size, int k, level_profile *out)
{
    ttt_ai_options o;
    TTT_INIT(&o);
    if (!out || (int)level < 0 || (int)level >= LEVEL_COUNT ||
        ttt_ai_options_preset(&o, level, size, k) != TTT_OK)
        return false;
    out->mistake_probability = o.mistake_probability;
    out->lookahead_plies = LOOKAHEAD_PLIES[level];
    out->safety_plies = size >= BIG_BOARD_SIZE ? BIG_SAFETY_PLIES[level] : 0;
    out->perfect = o.mistake_probability <= 0.0 && out->lookahead_plies == 0;
    return true;
}

void level_profile_custom(double p, level_profile *out)
{
    if (p < 0.0 || p != p) p = 0.0;
    if (p > 1.0) p = 1.0;
    out->mistake_probability = p;
    out->lookahead_plies = 0;
    out->safety_plies = 0;
    out->perfect = p <= 0.0;
}

bool level_described_stronger(const level_profile *a, const level_profile *b)
{
    if (a->perfect != b->perfect) return a->perfect;
    if (a->perfect) return false;
    if (a->safety_plies != b->safety_plies) return a->safety_plies > b->safety_plies;
    return a->mistake_probability < b->mistake_probability;
}

void level_describe(const level_profile *p, char *buf, size_t cap)
{
    if (p->perfect) {
        snprintf(buf, cap, "%s", _("never makes a mistake"));
    } else if (p->safety_plies > 0) {
        /* TRANSLATORS: a computer level; a move is one mark of either player. */
        snprintf(buf, cap, _("sees every win and loss %d moves ahead"), p->safety_plies);
    } else if (p->lookahead_plies == 0) {
        /* TRANSLATORS: the custom computer level; %d%% is its mistake
           probability, as the slider shows it ("25%"). */
        snprintf(buf, cap, _("skips %d%% of the moves it should weigh"),
                 (int)(p->mistake_probability * 100.0 + 0.5));
    } else if (p->mistake_probability < RARELY_BELOW) {
        snprintf(buf, cap, _("looks %d moves ahead; rarely misses a threat"), p->lookahead_plies);
    } else if (p->mistake_probability < SOME_BELOW) {
        snprintf(buf, cap, _("looks %d moves ahead; misses some threats"), p->lookahead_plies);
    } else if (p->mistake_probability < MANY_BELOW) {
        snprintf(buf, cap, _("looks %d moves ahead; misses many threats"), p->lookahead_plies);
    } else if (p->mistake_probability < 1.0) {
        snprintf(buf, cap, _("looks %d moves ahead; misses most threats"), p->lookahead_plies);
    } else {
        /* TRANSLATORS: a computer level that skips every branch of its
           search (Easy on 4x4): each free square is as likely as any. */
        snprintf(buf, cap, "%s", _("plays at random"));
    }
}

double level_slider_value(ttt_difficulty level)
{
    level_profile p;
    if (!level_profile_preset(level, SLIDER_BOARD, SLIDER_BOARD, &p)) return 0.0;
    return p.mistake_probability;
}
