/*
 * level.h - what a computer level does on a board, in words a player
 * understands ("looks 2 moves ahead; misses some threats", "sees every win
 * and loss 7 moves ahead"), and where it sits
 * on the settings' one-way scale of mistakes.
 *
 * Issue 29: from 6x6 the levels trade a lower mistake probability
 * for a net of forced wins and losses they never miss (Easy 50% and no
 * net, Medium 60% and 3 plies, Hard 70% and 7 plies: docs/ai.md), so the
 * settings' "Mistake probability: 50 / 60 / 70%" read as if Hard were the
 * sloppiest. A level is described here by what it does on the board
 * (read from the engine's presets, never copied), and the mistakes slider
 * shows each level at its place on one scale for every board (the 3x3
 * values, where the mistake probability is the whole story), so
 * moving it one way always means a weaker or a stronger player.
 *
 * No I/O, no SDL; the words are translated (i18n.h) in the program's text
 * domain.
 */
#ifndef GAME_LEVEL_H
#define GAME_LEVEL_H

#include <stdbool.h>
#include <stddef.h>

#include "ttt/ttt.h"

/** Room for a level's description, in any language. */
#define LEVEL_TEXT_MAX 160

/** What a computer player does, from its options. */
typedef struct level_profile {
    bool perfect;               /**< Mistake probability 0 and no depth limit. */
    int lookahead_plies;        /**< Plies of its random search (0: no limit). */
    int safety_plies;           /**< Forced wins and losses within this many plies never missed. */
    double mistake_probability; /**< Of skipping a branch. */
} level_profile;

/** The profile of a named level on a size x size board with lines of k
 *  (ttt_ai_options_preset()); false for a bad level or board. */
bool level_profile_preset(ttt_difficulty level, int size, int k, level_profile *out);

/** The profile of the custom level: mistake probability `p` (0..1, clamped)
 *  with no depth limit, as the desktop game plays it. */
void level_profile_custom(double p, level_profile *out);

/** Whether `a` is described as stronger than `b`: perfect beats all; then
 *  the larger net of forced wins and losses; then fewer mistakes. */
bool level_described_stronger(const level_profile *a, const level_profile *b);

/** The profile in words into `buf` (translated; "never makes a mistake",
 *  "looks 2 moves ahead; misses some threats", ...). */
void level_describe(const level_profile *p, char *buf, size_t cap);

/** Where a named level sits on the mistakes slider (0: no mistakes, 1:
 *  random): its mistake probability on 3x3, the same on every
 *  board, so the slider's order is the levels' order everywhere. */
double level_slider_value(ttt_difficulty level);

#endif /* GAME_LEVEL_H */
