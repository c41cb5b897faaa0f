/*
 * puzzle_check.c - the independent solver of short forced wins (see
 * puzzle_check.h for its rules). An AND/OR search over bit sets: where the
 * attacker moves one winning square is enough, where the defender moves
 * every square that matters is tried.
 */
#include "puzzle_check.h"

#include <stdlib.h>
#include <string.h>

#define MAX_SIZE 8
#define MAX_SQUARES (MAX_SIZE * MAX_SIZE)
/* 4 directions x 8 x 8 is an upper bound on any board's lines. */
#define MAX_LINES 256
/* Lines through one square: 4 directions, at most k <= 8 offsets each. */
#define MAX_LINES_AT 32
#define DEFAULT_MEMO_BITS 16
#define NO_SQUARE (-1)
/* The "pass" that stands for every square that changes nothing. */
#define PASS_SQUARE MAX_SQUARES

enum { NODE_ATTACKER = 0, NODE_DEFENDER = 1 };

typedef struct memo_entry {
    uint64_t a, b;   /* attacker's and defender's squares */
    uint8_t plies;   /* window */
    uint8_t kind;    /* NODE_ATTACKER or NODE_DEFENDER, +1; 0 empty */
    uint8_t verdict; /* PUZZLE_NO or PUZZLE_YES */
} memo_entry;

struct puzzle_checker {
    int size, k, nsq;
    uint64_t full;
    int nlines;
    uint64_t line[MAX_LINES];
    int nat[MAX_SQUARES];
    uint16_t at[MAX_SQUARES][MAX_LINES_AT];
    memo_entry *memo;
    uint64_t memo_mask;
    uint64_t nodes, budget;
    int out;
};

static int popcount64(uint64_t x)
{
    int c = 0;
    for (; x; x &= x - 1)
        c++;
    return c;
}

static int lowest(uint64_t x)
{
    int i = 0;
    while (!(x >> i & 1))
        i++;
    return i;
}

puzzle_checker *puzzle_checker_new(int size, int k, int memo_bits)
{
    static const int dir[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    if (size < 3 || size > MAX_SIZE || k < 3 || k > size) return NULL;
    if (memo_bits <= 0) memo_bits = DEFAULT_MEMO_BITS;
    if (memo_bits > 24) memo_bits = 24;
    puzzle_checker *pc = calloc(1, sizeof *pc);
    if (!pc) return NULL;
    pc->memo = calloc((size_t)1 << memo_bits, sizeof *pc->memo);
    if (!pc->memo) {
        free(pc);
        return NULL;
    }
    pc->memo_mask = ((uint64_t)1 << memo_bits) - 1;
    pc->size = size;
    pc->k = k;
    pc->nsq = size * size;
    pc->full = pc->nsq == 64 ? ~(uint64_t)0 : ((uint64_t)1 << pc->nsq) - 1;
    for (int d = 0; d < 4; d++)
        for (int r = 0; r < size; r++)
            for (int c = 0; c < size; c++) {
                int er = r + dir[d][0] * (k - 1), ec = c + dir[d][1] * (k - 1);
                if (er < 0 || er >= size || ec < 0 || ec >= size) continue;
                uint64_t m = 0;
                for (int i = 0; i < k; i++) {
                    int sq = (r + dir[d][0] * i) * size + c + dir[d][1] * i;
                    m |= (uint64_t)1 << sq;
                    pc->at[sq][pc->nat[sq]++] = (uint16_t)pc->nlines;
                }
                pc->line[pc->nlines++] = m;
            }
    return pc;
}

void puzzle_checker_free(puzzle_checker *pc)
{
    if (!pc) return;
    free(pc->memo);
    free(pc);
}

uint64_t puzzle_checker_nodes(const puzzle_checker *pc)
{
    return pc->nodes;
}

uint64_t puzzle_checker_threats(const puzzle_checker *pc, uint64_t marks, uint64_t other)
{
    uint64_t out = 0;
    for (int i = 0; i < pc->nlines; i++) {
        uint64_t l = pc->line[i];
        if (l & other) continue;
        uint64_t missing = l & ~marks;
        if (missing && !(missing & (missing - 1))) out |= missing;
    }
    return out;
}

int puzzle_checker_has_line(const puzzle_checker *pc, uint64_t marks)
{
    for (int i = 0; i < pc->nlines; i++)
        if ((pc->line[i] & marks) == pc->line[i]) return 1;
    return 0;
}

/* The empty squares of the lines `marks` could complete (or, with one
 * more, threaten) in `moves` moves: lines free of `other` that lack at
 * most `moves` squares. */
static uint64_t live_squares(const puzzle_checker *pc, uint64_t marks, uint64_t other, int moves)
{
    uint64_t out = 0;
    for (int i = 0; i < pc->nlines; i++) {
        uint64_t l = pc->line[i];
        if (l & other) continue;
        uint64_t missing = l & ~marks;
        if (popcount64(missing) <= moves) out |= missing;
    }
    return out;
}

/* How much square sq does for `marks` (lines free of `other`, weighted by
 * how full they are): the order in which squares are tried. */
static int square_weight(const puzzle_checker *pc, int sq, uint64_t marks, uint64_t other)
{
    int w = 0;
    for (int j = 0; j < pc->nat[sq]; j++) {
        uint64_t l = pc->line[pc->at[sq][j]];
        if (l & other) continue;
        int have = popcount64(l & marks);
        w += 1 << (2 * have);
    }
    return w;
}

/* The candidate squares of `set` in order of weight for `marks` (then for
 * `other`, whose lines they also block), heaviest first; the pass last. */
static int order_squares(const puzzle_checker *pc, uint64_t set, uint64_t marks, uint64_t other,
                         int with_pass, int *out)
{
    int w[MAX_SQUARES + 1], n = 0;
    for (uint64_t m = set; m; m &= m - 1) {
        int sq = lowest(m);
        int v = 2 * square_weight(pc, sq, marks, other) + square_weight(pc, sq, other, marks);
        int i = n++;
        while (i > 0 && w[i - 1] < v) {
            w[i] = w[i - 1];
            out[i] = out[i - 1];
            i--;
        }
        w[i] = v;
        out[i] = sq;
    }
    if (with_pass) out[n++] = PASS_SQUARE;
    return n;
}

static memo_entry *memo_slot(puzzle_checker *pc, uint64_t a, uint64_t b, int plies, int kind)
{
    uint64_t h = a * UINT64_C(0x9E3779B97F4A7C15) ^ b * UINT64_C(0xC2B2AE3D27D4EB4F);
    h ^= (uint64_t)(plies * 2 + kind) * UINT64_C(0x165667B19E3779F9);
    h ^= h >> 31;
    return &pc->memo[h & pc->memo_mask];
}

static int memo_get(puzzle_checker *pc, uint64_t a, uint64_t b, int plies, int kind)
{
    memo_entry *e = memo_slot(pc, a, b, plies, kind);
    if (e->kind == kind + 1 && e->a == a && e->b == b && e->plies == plies) return e->verdict;
    return -1;
}

static void memo_put(puzzle_checker *pc, uint64_t a, uint64_t b, int plies, int kind, int v)
{
    memo_entry *e = memo_slot(pc, a, b, plies, kind);
    e->a = a;
    e->b = b;
    e->plies = (uint8_t)plies;
    e->kind = (uint8_t)(kind + 1);
    e->verdict = (uint8_t)v;
}

static int defender_node(puzzle_checker *pc, uint64_t a, uint64_t b, int plies);

/* The squares that change nothing within `plies` plies, and whether a
 * pass may stand for them. */
static int may_pass(uint64_t empty, uint64_t relevant, int plies)
{
    return popcount64(empty & ~relevant) >= plies + 1;
}

/* Attacker `a` to move: does it win within `plies`? */
static int attacker_node(puzzle_checker *pc, uint64_t a, uint64_t b, int plies)
{
    uint64_t empty = pc->full & ~(a | b);
    if (plies <= 0 || !empty) return PUZZLE_NO;
    pc->nodes++;
    if (puzzle_checker_threats(pc, a, b) & empty) return PUZZLE_YES;
    if (plies < 3) return PUZZLE_NO;
    if (pc->budget && pc->nodes > pc->budget) {
        pc->out = 1;
        return PUZZLE_UNKNOWN;
    }
    int mine = (plies + 1) / 2, theirs = plies / 2;
    if (!live_squares(pc, a, b, mine)) return PUZZLE_NO; /* no line can be completed in time */
    uint64_t block = puzzle_checker_threats(pc, b, a) & empty;
    if (popcount64(block) >= 2) return PUZZLE_NO;
    int memo = memo_get(pc, a, b, plies, NODE_ATTACKER);
    if (memo >= 0) return memo;
    int order[MAX_SQUARES + 1], n;
    if (block) {
        order[0] = lowest(block);
        n = 1;
    } else {
        uint64_t rel =
            (live_squares(pc, a, b, mine + 1) | live_squares(pc, b, a, theirs + 1)) & empty;
        n = order_squares(pc, rel, a, b, may_pass(empty, rel, plies), order);
    }
    int unknown = 0;
    for (int i = 0; i < n; i++) {
        uint64_t next = order[i] == PASS_SQUARE ? a : a | (uint64_t)1 << order[i];
        int v = defender_node(pc, next, b, plies - 1);
        if (v == PUZZLE_YES) {
            memo_put(pc, a, b, plies, NODE_ATTACKER, PUZZLE_YES);
            return PUZZLE_YES;
        }
        if (v == PUZZLE_UNKNOWN) unknown = 1;
    }
    if (unknown) return PUZZLE_UNKNOWN;
    memo_put(pc, a, b, plies, NODE_ATTACKER, PUZZLE_NO);
    return PUZZLE_NO;
}

/* Defender `b` to move: does attacker `a` win within `plies` all the same? */
static int defender_node(puzzle_checker *pc, uint64_t a, uint64_t b, int plies)
{
    uint64_t empty = pc->full & ~(a | b);
    if (plies < 2 || !empty) return PUZZLE_NO;
    pc->nodes++;
    if (puzzle_checker_threats(pc, b, a) & empty) return PUZZLE_NO; /* the defender wins now */
    if (pc->budget && pc->nodes > pc->budget) {
        pc->out = 1;
        return PUZZLE_UNKNOWN;
    }
    uint64_t block = puzzle_checker_threats(pc, a, b) & empty;
    if (popcount64(block) >= 2) return PUZZLE_YES;
    if (block) return attacker_node(pc, a, b | block, plies - 1);
    int theirs = plies / 2, mine = (plies + 1) / 2;
    if (!live_squares(pc, a, b, theirs)) return PUZZLE_NO;
    int memo = memo_get(pc, a, b, plies, NODE_DEFENDER);
    if (memo >= 0) return memo;
    uint64_t rel = (live_squares(pc, a, b, theirs + 1) | live_squares(pc, b, a, mine + 1)) & empty;
    int order[MAX_SQUARES + 1];
    int n = order_squares(pc, rel, a, b, may_pass(empty, rel, plies), order);
    int unknown = 0;
    for (int i = 0; i < n; i++) {
        uint64_t next = order[i] == PASS_SQUARE ? b : b | (uint64_t)1 << order[i];
        int v = attacker_node(pc, a, next, plies - 1);
        if (v == PUZZLE_NO) {
            memo_put(pc, a, b, plies, NODE_DEFENDER, PUZZLE_NO);
            return PUZZLE_NO;
        }
        if (v == PUZZLE_UNKNOWN) unknown = 1;
    }
    if (unknown) return PUZZLE_UNKNOWN;
    memo_put(pc, a, b, plies, NODE_DEFENDER, PUZZLE_YES);
    return PUZZLE_YES;
}

static void begin(puzzle_checker *pc, uint64_t budget)
{
    pc->nodes = 0;
    pc->budget = budget;
    pc->out = 0;
}

puzzle_verdict puzzle_checker_wins(puzzle_checker *pc, uint64_t mover, uint64_t other, int plies,
                                   uint64_t node_budget)
{
    begin(pc, node_budget);
    return (puzzle_verdict)attacker_node(pc, mover & pc->full, other & pc->full, plies);
}

puzzle_verdict puzzle_checker_wins_after(puzzle_checker *pc, uint64_t attacker, uint64_t defender,
                                         int plies, uint64_t node_budget)
{
    begin(pc, node_budget);
    return (puzzle_verdict)defender_node(pc, attacker & pc->full, defender & pc->full, plies);
}

int puzzle_checker_fastest_win(puzzle_checker *pc, uint64_t mover, uint64_t other, int max_plies,
                               uint64_t node_budget)
{
    uint64_t used = 0;
    for (int r = 1; r <= max_plies; r += 2) {
        uint64_t left = node_budget ? (used < node_budget ? node_budget - used : 1) : 0;
        puzzle_verdict v = puzzle_checker_wins(pc, mover, other, r, left);
        used += pc->nodes;
        if (v == PUZZLE_YES) {
            pc->nodes = used;
            return r;
        }
        if (v == PUZZLE_UNKNOWN) {
            pc->nodes = used;
            return -1;
        }
    }
    pc->nodes = used;
    return 0;
}
