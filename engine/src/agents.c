/*
 * agents.c - the computer players that do not search: the uniformly random
 * one, the first free square, the seeds' rule-based agent, and the threat
 * agent, the baseline a k-in-a-row player writes first. They read the same
 * incremental position as the searches (position.h).
 */
#include "agents.h"

/* A uniformly random square of `squares` (not empty). */
static int random_square(rng_state *rng, uint64_t squares)
{
    int pick = rng_below(rng, bb_count(squares));
    for (; pick > 0; pick--)
        squares &= squares - 1;
    return bb_lowest(squares);
}

/* The middle square of an odd board, or the four middle squares of an
 * even one. */
static uint64_t centre_squares(int n)
{
    int lo = (n - 1) / 2, hi = n / 2;
    uint64_t m = 0;
    for (int r = lo; r <= hi; r++)
        for (int c = lo; c <= hi; c++)
            m |= bb_bit(r * n + c);
    return m;
}

static uint64_t corner_squares(int n)
{
    return bb_bit(0) | bb_bit(n - 1) | bb_bit(n * (n - 1)) | bb_bit(n * n - 1);
}

/* The rule-based agent of the seeds: win if possible, else block, else the
 * centre, else a corner, else any square; random among equals. */
static int rules_move(const search_pos *p, rng_state *rng)
{
    uint64_t empty = pos_empty(p);
    int n = p->b->size;
    uint64_t choices[] = {pos_threats(p, 0), pos_threats(p, 1), centre_squares(n) & empty,
                          corner_squares(n) & empty, empty};
    for (size_t i = 0; i < sizeof choices / sizeof choices[0]; i++)
        if (choices[i]) return random_square(rng, choices[i]);
    return -1; /* unreachable: the game is not over, so a square is free */
}

/* ------------------------------------------------------------------------- */
/* The threat agent                                                          */
/* ------------------------------------------------------------------------- */

/*
 * What a mark of side s on sq would make, counted over the lines through
 * sq that s could still complete (no mark of the other side on them):
 * fours (lines one mark short of k after the move: each is a square that
 * wins next), threes (two short), and the longest such line.
 */
typedef struct shape {
    int fours, threes, longest;
    int directions_with_three; /* directions in which a three is made */
} shape;

/* The direction of line l, 0..3 in position.c's order (along a row, down a
 * column, down-right, down-left): the step between its first two squares
 * tells it. */
static int line_direction(const search_board *b, int l)
{
    int step = b->line_sq[l][1] - b->line_sq[l][0];
    if (step == 1) return 0;
    if (step == b->size) return 1;
    return step == b->size + 1 ? 2 : 3;
}

static shape shape_of(const search_pos *p, int s, int sq)
{
    const search_board *b = p->b;
    shape sh = {0, 0, 0, 0};
    uint64_t empty = pos_empty(p) & ~bb_bit(sq);
    uint64_t four_squares = 0;
    int dir_three[4] = {0, 0, 0, 0};
    for (int i = 0; i < b->sq_nlines[sq]; i++) {
        int l = b->sq_lines[sq][i];
        if (p->cnt[1 - s][l]) continue;
        int after = p->cnt[s][l] + 1;
        if (after > sh.longest) sh.longest = after;
        if (after == b->k - 1) four_squares |= b->lines[l] & empty;
        if (after == b->k - 2 && b->k >= 4) {
            sh.threes++;
            dir_three[line_direction(b, l)] = 1;
        }
    }
    /* Two fours on the same winning square are one threat. */
    sh.fours = bb_count(four_squares);
    for (int d = 0; d < 4; d++)
        sh.directions_with_three += dir_three[d];
    return sh;
}

/* Value of making a shape: an open four (two winning squares: the
 * opponent cannot block both) above a four, a double three above a three,
 * then the longest line. The weights keep the classes apart. */
static long shape_value(shape sh)
{
    long v = 0;
    if (sh.fours >= 2) v += 1000000;
    v += sh.fours * 10000L;
    if (sh.directions_with_three >= 2) v += 5000;
    v += sh.threes * 100L;
    v += sh.longest;
    return v;
}

/*
 * The threat agent: win if it can, else block the opponent's win, else make
 * or block an open four (a move giving two winning squares), else make or
 * block a double three (threes in two directions, or a four and a three),
 * else make a four or a three, else block a three (lines two marks short),
 * else extend its longest line. Making comes before blocking at each step,
 * as a player who attacks first would; random among equals.
 */
static int threat_move(const search_pos *p, rng_state *rng)
{
    uint64_t wins = pos_threats(p, 0);
    if (wins) return random_square(rng, wins);
    uint64_t blocks = pos_threats(p, 1);
    if (blocks) return random_square(rng, blocks);
    uint64_t empty = pos_empty(p);
    long best = -1;
    uint64_t best_squares = 0;
    for (uint64_t m = empty; m; m &= m - 1) {
        int sq = bb_lowest(m);
        shape mine = shape_of(p, 0, sq), theirs = shape_of(p, 1, sq);
        long v;
        if (mine.fours >= 2)
            v = 6; /* an open four: two winning squares */
        else if (theirs.fours >= 2)
            v = 5;
        else if (mine.directions_with_three >= 2 || (mine.fours && mine.threes))
            v = 4; /* a double three, or a four and a three */
        else if (theirs.directions_with_three >= 2 || (theirs.fours && theirs.threes))
            v = 3;
        else if (mine.fours || mine.threes)
            v = 2;
        else if (theirs.threes)
            v = 1;
        else
            v = 0;
        /* Within a class, the larger own shape, then the larger blocked one. */
        v = v * 100000000L + shape_value(mine) * 10 + shape_value(theirs) / 100;
        if (v > best) {
            best = v;
            best_squares = 0;
        }
        if (v == best) best_squares |= bb_bit(sq);
    }
    return random_square(rng, best_squares);
}

int ttt__agent_move(ttt_agent agent, const search_pos *p, rng_state *rng)
{
    switch (agent) {
    case TTT_AGENT_RANDOM: return random_square(rng, pos_empty(p));
    case TTT_AGENT_FIRST_FREE: return bb_lowest(pos_empty(p));
    case TTT_AGENT_THREAT: return threat_move(p, rng);
    default: return rules_move(p, rng);
    }
}
