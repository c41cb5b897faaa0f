/*
 * gen_puzzles.c - writes game/common/generated/puzzles_data.c, the puzzle
 * set the programs ship: positions of every board the game offers (sizes 3
 * to 8, k from 3 to the size) where the side to move has exactly one
 * winning move, "X to play and win in N".
 *
 * Positions come from games played by a noisy line-building player (a
 * SplitMix64 stream from a fixed seed per board, so the same positions
 * every run). A position is kept when:
 *   1. the independent checker (game/common/puzzle_check.c, no code shared
 *      with the engine's search) finds a win within MAX_PLIES and no second
 *      move winning as fast (a cheap filter);
 *   2. the engine's analysis (engine/src/root.c, a node budget and no
 *      deadline, so the run is reproducible) proves the value of every
 *      move: exactly one wins, in N plies; the others draw or lose;
 *   3. the checker proves it again on its own: the key move wins within N
 *      plies against every defence, no move wins within N - 2, and no
 *      other move wins within N.
 * The engine then plays out the line of best defence (the defender's
 * slowest loss, the attacker's fastest win), stored for the programs to
 * answer with. Grading: N, and the wrong moves that make a threat
 * ("tempting") or that the opponent punishes with a win ("losing").
 *
 *   cmake --build build --target ttt_gen_puzzles
 *   nice build/engine/ttt_gen_puzzles > game/common/generated/puzzles_data.c
 *   build/engine/ttt_gen_puzzles --board 5 4      # one board's entries
 *
 * A host tool built from the engine's sources (it calls the engine's
 * internal root analysis, which the library does not export).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alloc.h"
#include "puzzle_check.h"
#include "root.h"

#define MIN_PLIES 3
/* Wrong moves that make a threat, from which a puzzle is one grade harder. */
#define TEMPTING_MANY 3
#define MAX_PLIES 9
/* Puzzles wanted per board, and the playouts it may take. */
#define PER_BOARD 40
#define MAX_PLAYOUTS 12000
/* Engine nodes for the analysis of one position, and for each move of
 * the line of best defence. */
#define ANALYSIS_NODES_SMALL 20000
#define ANALYSIS_NODES_BIG 60000
#define LINE_NODES 60000
/* Checker nodes: the filter, and each proof. */
#define FILTER_NODES 20000
#define CHECK_NODES 400000
/* The transposition table: 2^TT_BITS buckets (4 MB). */
#define TT_BITS 16
#define SEED UINT64_C(0x7474745055A271E)

#define MAX_SQ 64
#define LINE_TEXT 512
#define MAX_PUZZLES 64

typedef struct found {
    int plies, difficulty, tempting, losing, to_move;
    char board[MAX_SQ + 1];
    char line[LINE_TEXT];
    uint64_t canon[2];
} found;

static void die(const char *why)
{
    fprintf(stderr, "ttt_gen_puzzles: %s\n", why);
    exit(1);
}

static int popcount(uint64_t x)
{
    int c = 0;
    for (; x; x &= x - 1)
        c++;
    return c;
}

/* ------------------------------------------------------------------------- */
/* Symmetry, for dropping a position seen before in another orientation      */
/* ------------------------------------------------------------------------- */

static uint64_t transform(uint64_t bits, int n, int s)
{
    uint64_t out = 0;
    for (int sq = 0; sq < n * n; sq++) {
        if (!(bits >> sq & 1)) continue;
        int r = sq / n, c = sq % n;
        if (s & 4) c = n - 1 - c;
        for (int t = 0; t < (s & 3); t++) {
            int old = r;
            r = c;
            c = n - 1 - old;
        }
        out |= (uint64_t)1 << (r * n + c);
    }
    return out;
}

static void canonical(uint64_t x, uint64_t o, int n, uint64_t out[2])
{
    out[0] = x;
    out[1] = o;
    for (int s = 1; s < 8; s++) {
        uint64_t a = transform(x, n, s), b = transform(o, n, s);
        if (a < out[0] || (a == out[0] && b < out[1])) {
            out[0] = a;
            out[1] = b;
        }
    }
}

/* ------------------------------------------------------------------------- */
/* The engine                                                                */
/* ------------------------------------------------------------------------- */

static void tables_for(search_tables *t, int size, int k)
{
    memset(t, 0, sizeof *t);
    t->alloc = ttt__alloc_copy(NULL);
    t->tt_capped = 1;
    t->tt_bits_cap = TT_BITS;
    if (ttt__search_prepare(t, size, k, 1) != TTT_OK) die("out of memory");
    if (size * size > 16) (void)ttt__search_prepare_proof(t);
}

static void begin(search_ctx *c, search_tables *t, uint64_t mover, uint64_t other, uint64_t nodes)
{
    search_limits lim = {0, NULL, NULL, NULL, 0, 1, 0, 0}; /* search only: no book */
    ttt__search_begin(c, t, &lim, 0, mover, other);
    c->deadline_us = 0; /* the node budget is the only limit */
    c->node_limit = nodes;
}

/* The engine's perfect move and what it proved about it. */
static int engine_move(search_tables *t, uint64_t mover, uint64_t other, ttt_ai_result *r)
{
    search_ctx c;
    begin(&c, t, mover, other, LINE_NODES);
    rng_state rng = {1};
    memset(r, 0, sizeof *r);
    return ttt__root_move(&c, 0, &rng, r);
}

/* ------------------------------------------------------------------------- */
/* Playouts                                                                  */
/* ------------------------------------------------------------------------- */

typedef struct board {
    int n, k, nsq, nlines;
    uint64_t line[256];
    uint64_t full;
} board;

static void board_init(board *b, int n, int k)
{
    static const int dir[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    memset(b, 0, sizeof *b);
    b->n = n;
    b->k = k;
    b->nsq = n * n;
    b->full = b->nsq == 64 ? ~(uint64_t)0 : ((uint64_t)1 << b->nsq) - 1;
    for (int d = 0; d < 4; d++)
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                int er = r + dir[d][0] * (k - 1), ec = c + dir[d][1] * (k - 1);
                if (er < 0 || er >= n || ec < 0 || ec >= n) continue;
                uint64_t m = 0;
                for (int i = 0; i < k; i++)
                    m |= (uint64_t)1 << ((r + dir[d][0] * i) * n + c + dir[d][1] * i);
                b->line[b->nlines++] = m;
            }
}

/* A square's worth to a player who builds lines and blocks the other's. */
static int worth(const board *b, int sq, uint64_t me, uint64_t them)
{
    int w = 0;
    for (int i = 0; i < b->nlines; i++) {
        uint64_t l = b->line[i];
        if (!(l >> sq & 1)) continue;
        if (!(l & them)) w += 1 << (2 * popcount(l & me));
        if (!(l & me)) w += 1 << (2 * popcount(l & them));
    }
    return w;
}

/* The noisy player: one of the few best squares by worth, sometimes any
 * (mostly any when `weak`: a careless defender lets long lines grow, which
 * the boards with long k need). */
static int playout_move(const board *b, uint64_t me, uint64_t them, int weak, rng_state *rng)
{
    uint64_t empty = b->full & ~(me | them);
    int sq[MAX_SQ], w[MAX_SQ], n = 0;
    for (uint64_t m = empty; m; m &= m - 1) {
        int s = __builtin_ctzll(m);
        int v = worth(b, s, me, them) * 16 + rng_below(rng, 16);
        int i = n++;
        while (i > 0 && w[i - 1] < v) {
            w[i] = w[i - 1];
            sq[i] = sq[i - 1];
            i--;
        }
        w[i] = v;
        sq[i] = s;
    }
    if (rng_below(rng, weak ? 3 : 5) < (weak ? 2 : 1)) return sq[rng_below(rng, n)];
    int top = n < 4 ? n : 4;
    return sq[rng_below(rng, top)];
}

/* ------------------------------------------------------------------------- */
/* One position                                                              */
/* ------------------------------------------------------------------------- */

static void square_text(char *buf, size_t cap, int sq, int n)
{
    snprintf(buf, cap, "%d,%d", sq / n, sq % n);
}

/* Whether (mover, other) is a puzzle; fills `f` when it is. */
static int try_position(const board *b, search_tables *t, puzzle_checker *pc, uint64_t mover,
                        uint64_t other, int *engine_fail)
{
    uint64_t empty = b->full & ~(mover | other);
    if (puzzle_checker_threats(pc, mover, other) & empty) return 0; /* a win in one */
    /* 1. The filter: a short win, and no second move as fast. */
    int n = puzzle_checker_fastest_win(pc, mover, other, MAX_PLIES, FILTER_NODES);
    if (n < MIN_PLIES) return 0;
    int winners = 0;
    for (uint64_t m = empty; m; m &= m - 1) {
        uint64_t sq = m & -m;
        puzzle_verdict v = puzzle_checker_wins_after(pc, mover | sq, other, n - 1, FILTER_NODES);
        if (v != PUZZLE_NO) winners++;
        if (winners > 1) return 0;
    }
    /* 2. The engine: every move's value proven, one win. */
    search_ctx c;
    begin(&c, t, mover, other, b->n <= 5 ? ANALYSIS_NODES_SMALL : ANALYSIS_NODES_BIG);
    static ttt_analysis a;
    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    ttt__root_analyze(&c, &a);
    int key = -1, plies = 0;
    for (int i = 0; i < a.count; i++) {
        const ttt_move_value *mv = &a.moves[i];
        if (!mv->proven) {
            (*engine_fail)++;
            return 0;
        }
        if (mv->outcome == TTT_OUTCOME_WIN) {
            if (key >= 0) return 0;
            key = mv->pos.row * b->n + mv->pos.col;
            plies = mv->plies;
        }
    }
    if (key < 0 || plies != n) {
        if (key >= 0) fprintf(stderr, "  engine %d plies, checker %d: dropped\n", plies, n);
        return 0;
    }
    /* 3. The checker's own proof. */
    uint64_t kb = (uint64_t)1 << key;
    if (puzzle_checker_wins_after(pc, mover | kb, other, n - 1, CHECK_NODES) != PUZZLE_YES)
        return 0;
    if (n > MIN_PLIES && puzzle_checker_wins(pc, mover, other, n - 2, CHECK_NODES) != PUZZLE_NO)
        return 0;
    for (uint64_t m = empty & ~kb; m; m &= m - 1)
        if (puzzle_checker_wins_after(pc, mover | (m & -m), other, n - 1, CHECK_NODES) != PUZZLE_NO)
            return 0;
    return key + 1;
}

/* Grades and writes a puzzle found at `key`. */
static void fill(const board *b, search_tables *t, puzzle_checker *pc, uint64_t mover,
                 uint64_t other, int to_move, int key, found *f)
{
    uint64_t empty = b->full & ~(mover | other);
    uint64_t x = to_move == 0 ? mover : other, o = to_move == 0 ? other : mover;
    for (int sq = 0; sq < b->nsq; sq++)
        f->board[sq] = x >> sq & 1 ? 'x' : o >> sq & 1 ? 'o' : '.';
    f->board[b->nsq] = 0;
    f->to_move = to_move;
    canonical(x, o, b->n, f->canon);
    /* The wrong moves. */
    search_ctx c;
    begin(&c, t, mover, other, b->n <= 5 ? ANALYSIS_NODES_SMALL : ANALYSIS_NODES_BIG);
    static ttt_analysis a;
    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    ttt__root_analyze(&c, &a);
    f->tempting = f->losing = 0;
    for (int i = 0; i < a.count; i++) {
        int sq = a.moves[i].pos.row * b->n + a.moves[i].pos.col;
        if (sq == key) {
            f->plies = a.moves[i].plies;
            continue;
        }
        uint64_t after = mover | (uint64_t)1 << sq;
        if (puzzle_checker_threats(pc, after, other) & empty & ~((uint64_t)1 << sq)) f->tempting++;
        if (a.moves[i].outcome == TTT_OUTCOME_LOSS) f->losing++;
    }
    /* Easy: a win in 3 with few lures; medium: a win in 3 among many lures,
     * or in 5 among few; hard: longer, or in 5 among many. */
    int score = (f->plies - 1) / 2 + (f->tempting >= TEMPTING_MANY);
    f->difficulty = score <= 1 ? 1 : (score == 2 ? 2 : 3);
    /* The line of best defence, played by the engine. */
    uint64_t me = mover | (uint64_t)1 << key, them = other;
    size_t len = 0;
    char sqt[16];
    square_text(sqt, sizeof sqt, key, b->n);
    len += (size_t)snprintf(f->line + len, LINE_TEXT - len, "%s", sqt);
    int side = 1; /* 1: the defender to move */
    for (int ply = 1; ply < f->plies; ply++) {
        uint64_t to = side ? them : me, from = side ? me : them;
        ttt_ai_result r;
        int sq = engine_move(t, to, from, &r);
        if (!r.proven) die("a line of best defence was not proven");
        if (side)
            them |= (uint64_t)1 << sq;
        else
            me |= (uint64_t)1 << sq;
        square_text(sqt, sizeof sqt, sq, b->n);
        len += (size_t)snprintf(f->line + len, LINE_TEXT - len, " %s", sqt);
        side = !side;
    }
    if (!puzzle_checker_has_line(pc, me)) die("the line of best defence does not end in a win");
}

static int board_puzzles(int n, int k, found *out, int want)
{
    board b;
    board_init(&b, n, k);
    static search_tables t;
    tables_for(&t, n, k);
    puzzle_checker *pc = puzzle_checker_new(n, k, 18);
    if (!pc) die("out of memory");
    rng_state rng = {SEED ^ (uint64_t)(n * 16 + k)};
    int count = 0, engine_fail = 0, playouts = 0;
    for (; playouts < MAX_PLAYOUTS && count < want; playouts++) {
        uint64_t m[2] = {0, 0};
        int stop = 2 + rng_below(&rng, b.nsq - 3);
        int weak = rng_below(&rng, 4) - 2; /* -2, -1: nobody; 0: x; 1: o */
        for (int ply = 0; ply < b.nsq; ply++) {
            int side = ply & 1;
            if (ply >= stop && ply >= 3) {
                int key = try_position(&b, &t, pc, m[side], m[!side], &engine_fail);
                if (key) {
                    found f;
                    fill(&b, &t, pc, m[side], m[!side], side, key - 1, &f);
                    int dup = 0;
                    for (int i = 0; i < count && !dup; i++)
                        dup = out[i].canon[0] == f.canon[0] && out[i].canon[1] == f.canon[1];
                    if (!dup) out[count++] = f;
                    break;
                }
                if (rng_below(&rng, 3) == 0) break; /* not every playout runs on */
            }
            int sq = playout_move(&b, m[side], m[!side], side == weak, &rng);
            m[side] |= (uint64_t)1 << sq;
            if (puzzle_checker_has_line(pc, m[side]) || !(b.full & ~(m[0] | m[1]))) break;
        }
    }
    fprintf(stderr,
            "(%d,%d,%d): %d puzzles from %d playouts (%d positions beyond the engine's budget)\n",
            n, n, k, count, playouts, engine_fail);
    puzzle_checker_free(pc);
    ttt__search_tables_free(&t);
    return count;
}

static int by_difficulty(const void *pa, const void *pb)
{
    const found *a = pa, *b = pb;
    if (a->difficulty != b->difficulty) return a->difficulty - b->difficulty;
    if (a->plies != b->plies) return a->plies - b->plies;
    return strcmp(a->board, b->board);
}

int main(int argc, char **argv)
{
    int only_n = 0, only_k = 0;
    if (argc == 4 && !strcmp(argv[1], "--board")) {
        only_n = atoi(argv[2]);
        only_k = atoi(argv[3]);
        if (only_n < 3 || only_n > 8 || only_k < 3 || only_k > only_n) die("bad board");
    } else if (argc != 1) {
        fprintf(stderr, "usage: ttt_gen_puzzles [--board SIZE K]\n");
        return 2;
    }
    if (!only_n)
        printf("/*\n"
               " * puzzles_data.c - GENERATED by engine/tools/gen_puzzles.c; do not edit.\n"
               " * Positions where the side to move has exactly one winning move, each\n"
               " * proven by the engine's analysis and again by the independent checker\n"
               " * (game/common/puzzle_check.c). `ttt puzzle --check` and the test\n"
               " * common_puzzle re-prove every one with the checker.\n"
               " */\n"
               "/* clang-format off */\n"
               "#include \"puzzle_data.h\"\n\n"
               "const puzzle_entry puzzle_set[] = {\n");
    static found f[MAX_PUZZLES];
    int total = 0;
    clock_t start = clock();
    for (int n = 3; n <= 8; n++)
        for (int k = 3; k <= n; k++) {
            if (only_n && (n != only_n || k != only_k)) continue;
            int c = board_puzzles(n, k, f, PER_BOARD);
            qsort(f, (size_t)c, sizeof f[0], by_difficulty);
            for (int i = 0; i < c; i++)
                printf("    {%d, %d, %d, %d, %d, %d, '%c', \"%s\", \"%s\"},\n", n, k, f[i].plies,
                       f[i].difficulty, f[i].tempting, f[i].losing, f[i].to_move ? 'o' : 'x',
                       f[i].board, f[i].line);
            total += c;
        }
    if (!only_n) printf("};\n\nconst int puzzle_set_count = %d;\n", total);
    fprintf(stderr, "%d puzzles, %.1f s of CPU\n", total,
            (double)(clock() - start) / CLOCKS_PER_SEC);
    return 0;
}
