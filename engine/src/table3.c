/*
 * table3.c - perfect 3x3 play by table lookup, and the perfect player's
 * pick among equal moves there. A move's value is the child position's
 * value for the other player, negated and one ply longer; a move that
 * completes a line or fills the board is valued directly, because the
 * table has no values for finished games.
 */
#include "bitboard.h"
#include "score.h"
#include "table3.h"

#define ALL_SQUARES ((1u << TABLE3_SQUARES) - 1u)

/* Powers of three: the code digit of each square. */
static const uint16_t POW3[TABLE3_SQUARES] = {1, 3, 9, 27, 81, 243, 729, 2187, 6561};

/* The eight lines of 3x3 as masks. */
static const uint16_t LINES3[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};

int ttt__table3_usable(int size, int k)
{
    return size == 3 && k == 3;
}

static int completes_line(unsigned bits)
{
    for (int i = 0; i < 8; i++)
        if ((bits & LINES3[i]) == LINES3[i]) return 1;
    return 0;
}

/* Score (score.h, the root one ply above) of the mover taking
 * square `sq`. */
static int move_score(unsigned mover, unsigned other, int sq)
{
    unsigned after = mover | 1u << sq;
    if (completes_line(after)) return SEARCH_WIN - 1;
    if ((after | other) == ALL_SQUARES) return 0;
    /* In the child the other player moves: its marks are digit 1. */
    int code = ttt__table3_ternary[other] + 2 * (ttt__table3_ternary[mover] + POW3[sq]);
    int v = ttt__table3_values[code];
    if (v > 0) return -(SEARCH_WIN - (v + 1)); /* they win: we lose v+1 plies on */
    if (v < 0) return SEARCH_WIN - (1 - v);    /* they lose: we win */
    return 0;
}

void ttt__table3_scores(uint64_t mover, uint64_t other, int *score)
{
    unsigned m = (unsigned)mover, o = (unsigned)other;
    for (int sq = 0; sq < TABLE3_SQUARES; sq++)
        if (!((m | o) >> sq & 1u)) score[sq] = move_score(m, o, sq);
}

void ttt__table3_move_values(uint64_t mover, uint64_t other, table3_values *out)
{
    unsigned m = (unsigned)mover, o = (unsigned)other;
    int empty = TABLE3_SQUARES - bb_count(mover | other);
    out->count = 0;
    for (int sq = 0; sq < TABLE3_SQUARES; sq++) {
        if ((m | o) >> sq & 1u) continue;
        int s = move_score(m, o, sq), i = out->count++;
        out->squares[i] = (uint8_t)sq;
        out->ranks[i] = s;
        if (s >= SEARCH_WIN_MIN) {
            out->outcomes[i] = TTT_OUTCOME_WIN;
            out->plies[i] = SEARCH_WIN - s;
        } else if (s <= -SEARCH_WIN_MIN) {
            out->outcomes[i] = TTT_OUTCOME_LOSS;
            out->plies[i] = SEARCH_WIN + s;
        } else {
            out->outcomes[i] = TTT_OUTCOME_DRAW;
            out->plies[i] = empty;
        }
    }
}

int ttt__table3_vs_random(uint64_t mover, uint64_t other, int sq)
{
    unsigned after = (unsigned)mover | 1u << sq, o = (unsigned)other;
    if (completes_line(after)) return TABLE3_CHANCE_SCALE;
    int sum = 0, replies = 0;
    for (int r = 0; r < TABLE3_SQUARES; r++) {
        if ((after | o) >> r & 1u) continue;
        replies++;
        unsigned o2 = o | 1u << r;
        if (completes_line(o2) || (after | o2) == ALL_SQUARES) continue; /* no win for us */
        sum += ttt__table3_chances[ttt__table3_ternary[after] + 2 * ttt__table3_ternary[o2]];
    }
    return replies ? sum / replies : 0;
}

/*
 * Among the equally good moves the pick is random, but weighted: the moves
 * that win most often against a fallible (random) opponent, within
 * CHANCE_TOLERANCE of the best, weigh 1 + FAVOURITE_BONUS, the others 1.
 * Every equal move keeps a chance (all nine first moves occur; a corner
 * about 24 times in 25), the play stays perfect, and the unbeatable level
 * wins against weak players at least as often as the fallible levels
 * (99.5% as X against the random agent). Uniform picking among drawn moves
 * made it the most passive level of all: 97% as X, below Hard.
 */
#define FAVOURITE_BONUS 40
#define CHANCE_TOLERANCE 0 /* in 1/TABLE3_CHANCE_SCALE */

/* The weight of move i in the pick (see above). */
static int pick_weight(const table3_values *v, int i, int top, const int *chance, int best_chance)
{
    if (v->ranks[i] != top) return 0;
    return chance[i] + CHANCE_TOLERANCE >= best_chance ? 1 + FAVOURITE_BONUS : 1;
}

int ttt__table3_move(uint64_t mover, uint64_t other, rng_state *rng, int *index,
                     table3_values *values)
{
    table3_values *v = values;
    ttt__table3_move_values(mover, other, v);
    int top = v->ranks[0], best_chance = 0, total = 0;
    int weight[TABLE3_SQUARES], chance[TABLE3_SQUARES];
    for (int i = 1; i < v->count; i++)
        if (v->ranks[i] > top) top = v->ranks[i];
    for (int i = 0; i < v->count; i++) {
        chance[i] = v->ranks[i] == top ? ttt__table3_vs_random(mover, other, v->squares[i]) : 0;
        if (chance[i] > best_chance) best_chance = chance[i];
    }
    for (int i = 0; i < v->count; i++) {
        weight[i] = pick_weight(v, i, top, chance, best_chance);
        total += weight[i];
    }
    int pick = rng_below(rng, total), i = 0;
    while (pick >= weight[i])
        pick -= weight[i++];
    *index = i;
    return v->squares[i];
}
