/*
 * gen_book.c - writes engine/src/generated/book_data.c, the opening book of the
 * solved boards (engine/src/book.h), with the engine's own solver. A host
 * tool built from the engine's sources; the engine builds from the
 * committed output, and the ai tests run this and compare.
 *
 *   cmake --build build --target ttt_gen_book
 *   build/engine/ttt_gen_book > engine/src/generated/book_data.c
 *   build/engine/ttt_gen_book --check DIR
 *
 * For each drawn board (3x3 has its table), each side's whole strategy
 * against the other's attack: the defender's moves of the proof that the
 * attacker never wins (ttt__proof_write_defence), down to the positions a
 * rule settles.
 *
 * For each first-player win, the first player's fastest winning move (the
 * perfect player's, engine/src/root_move.c) at its first moves, after every
 * reply of the other side, down to the positions where the solver, in a
 * fresh table, proves the fastest win within FRONTIER_NODES nodes.
 *
 * Every search runs on node counts, not time, so the output is the same on
 * every machine.
 *
 * `--check DIR` checks the book compiled into the engine (the committed
 * data, not a new walk): for each drawn board and side, it plays the
 * side's book moves against every move of the other side from the empty
 * board and writes the strategy as a proof file DIR/book-N-N-K-x.txt (the
 * side that must never win), which tests/ai/proof_check.c replays; a
 * position where the book has no move and no rule settles it fails. Every
 * winning entry is checked against the solver: its move must win in the
 * entry's plies, and no move faster.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "board_values.h"
#include "book.h"
#include "knowledge.h"
#include "pairing.h"
#include "proof.h"
#include "root.h"
#include "threat.h"

/* A win is left to the search where it is proven within this many nodes
 * with a fresh table: about 3 ms on the development machine, a fifth of a
 * 60 Hz frame. */
#define FRONTIER_NODES 4000
/* The proof table of the defence walks, log2 of its buckets (24 MB). */
#define WALK_PN_BITS 18
/* The transposition table of each search of the win walk, log2 of its
 * buckets (1 MB, as a call without a context). */
#define WIN_TT_BITS 14
/* Steps of the pairing search when the committed book is checked: as many
 * as the proof walk that made it takes (proof.c's WRITE_PAIRING_BUDGET). */
#define CHECK_PAIRING_BUDGET 20000
/* Most entries of one board's book. */
#define MAX_ENTRIES 65536
/* Slots of the visited set (a power of two). */
#define SEEN_SLOTS (1u << 20)

typedef struct collector {
    const search_board *b;
    book_entry *entries;
    int count;
    uint64_t *seen;
    FILE *proof; /* --proof: the records, as tests/ai/proof_check.c reads them */
} collector;

static void die(const char *why)
{
    fprintf(stderr, "ttt_gen_book: %s\n", why);
    exit(1);
}

/* Whether `key` was seen; marks it. */
static int seen(collector *col, uint64_t key)
{
    if (!key) key = 1;
    size_t i = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 40) & (SEEN_SLOTS - 1);
    for (; col->seen[i]; i = (i + 1) & (SEEN_SLOTS - 1))
        if (col->seen[i] == key) return 1;
    col->seen[i] = key;
    return 0;
}

static int visit(void *user, uint64_t key)
{
    return seen(user, key);
}

/* Adds the move `sq` of the side to move, whose marks are `mover`. */
static void add(collector *col, uint64_t mover, uint64_t other, int sq, int plies)
{
    if (col->count == MAX_ENTRIES) die("too many entries");
    book_entry *e = &col->entries[col->count++];
    int sym;
    ttt__book_canonical(col->b, mover, other, &e->mover, &e->other, &sym);
    e->move = col->b->sym_perm[sym][sq];
    e->plies = (uint8_t)plies;
}

static void proof_board(const collector *col, const uint64_t *marks, char *text)
{
    int n = col->b->nsq;
    for (int i = 0; i < n; i++) {
        text[i] = '.';
        if (marks[0] >> i & 1) text[i] = 'x';
        if (marks[1] >> i & 1) text[i] = 'o';
    }
    text[n] = '\0';
}

/* A record of a defence walk: the defender's moves go to the book (sides
 * 0 and 1 are X and O: the walks start from the empty board). */
static int emit(void *user, const proof_record *r)
{
    collector *col = user;
    if (r->kind == PROOF_REC_MOVE)
        add(col, r->marks[r->to_move], r->marks[1 - r->to_move], r->move, 0);
    if (!col->proof) return 0;
    int size = col->b->size;
    char text[TTT_MAX_SQUARES + 1];
    proof_board(col, r->marks, text);
    fprintf(col->proof, "%s %c ", text, r->to_move ? 'o' : 'x');
    if (r->kind == PROOF_REC_MOVE) {
        fprintf(col->proof, "move %d %d\n", r->move / size, r->move % size);
    } else if (r->kind == PROOF_REC_POTENTIAL) {
        fprintf(col->proof, "potential\n");
    } else {
        fprintf(col->proof, "pairs");
        for (int sq = 0; sq < col->b->nsq; sq++) {
            int q = r->partner[sq];
            if (q != PAIRING_NONE && q > sq)
                fprintf(col->proof, " %d %d %d %d", sq / size, sq % size, q / size, q % size);
        }
        fprintf(col->proof, "\n");
    }
    return 0;
}

/* Tables for a board, with a transposition table of 2^tt_bits buckets (0:
 * none) and a proof table of 2^pn_bits. */
static void tables_for(search_tables *t, int size, int k, int tt_bits, int pn_bits)
{
    memset(t, 0, sizeof *t);
    t->alloc = ttt__alloc_copy(NULL);
    t->tt_capped = 1;
    t->tt_bits_cap = tt_bits;
    if (ttt__search_prepare(t, size, k, tt_bits > 0) != TTT_OK) die("out of memory");
    if (pn_bits && ttt__pn_alloc(&t->pn, &t->alloc, pn_bits) != 0) die("out of memory");
}

static void begin(search_ctx *c, search_tables *t, uint64_t mover, uint64_t other)
{
    search_limits lim = {0, NULL, NULL, NULL, 0, 1, 0, 0}; /* search only: no book */
    ttt__search_begin(c, t, &lim, 0, mover, other);
    c->deadline_us = 0; /* no time limit: the walks are exact */
}

/* The defender's whole strategy against `attacker` from the empty board. */
static void defence_book(collector *col, int size, int k, int attacker)
{
    static search_tables t;
    tables_for(&t, size, k, 0, WALK_PN_BITS);
    search_ctx c;
    begin(&c, &t, 0, 0);
    proof_result r;
    ttt__prove(&c, &t.pn, attacker, 0, &r);
    proof_sink sink = {visit, emit, col};
    if (r.solved != -1 || ttt__proof_write_defence(&c, &t.pn, attacker, 0, &sink) != 0)
        die("a drawn board's defence was not proven");
    ttt__search_tables_free(&t);
}

/* The perfect player's move at the position (side to move `mover`), its
 * score's plies, and the nodes it took with a fresh table. */
static int perfect_move(const collector *col, uint64_t mover, uint64_t other, int *plies,
                        uint64_t *nodes)
{
    static search_tables t;
    tables_for(&t, col->b->size, col->b->k, WIN_TT_BITS, WIN_TT_BITS - 3);
    search_ctx c;
    begin(&c, &t, mover, other);
    rng_state rng = {1};
    ttt_ai_result r;
    memset(&r, 0, sizeof r);
    int sq = ttt__root_move(&c, 0, &rng, &r);
    ttt__search_tables_free(&t);
    if (!r.proven || r.outcome != TTT_OUTCOME_WIN) die("a won position's win was not proven");
    *plies = r.plies;
    *nodes = c.nodes;
    return sq;
}

/* The winner's moves from the position (winner to move), after every
 * reply, until the search proves the rest quickly. */
static void win_book(collector *col, uint64_t winner, uint64_t loser)
{
    const search_board *b = col->b;
    uint64_t cm, co;
    int sym, plies;
    ttt__book_canonical(b, winner, loser, &cm, &co, &sym);
    if (seen(col, cm * UINT64_C(0xD6E8FEB86659FD93) ^ co)) return;
    uint64_t nodes;
    int sq = perfect_move(col, winner, loser, &plies, &nodes);
    if (nodes <= FRONTIER_NODES || plies <= 1) return;
    add(col, winner, loser, sq, plies);
    winner |= bb_bit(sq);
    uint64_t empty = b->full & ~(winner | loser);
    for (uint64_t m = empty; m; m &= m - 1) {
        int reply = bb_lowest(m);
        uint64_t after = loser | bb_bit(reply);
        int won = 0; /* a line of the loser's: cannot be, the winner blocked them all */
        for (int i = 0; i < b->sq_nlines[reply] && !won; i++)
            won = (b->lines[b->sq_lines[reply][i]] & after) == b->lines[b->sq_lines[reply][i]];
        if (won || !(empty & ~bb_bit(reply))) continue;
        win_book(col, winner, after);
    }
}

static int by_position(const void *x, const void *y)
{
    const book_entry *a = x, *b = y;
    if (a->mover != b->mover) return a->mover < b->mover ? -1 : 1;
    if (a->other != b->other) return a->other < b->other ? -1 : 1;
    return 0;
}

/* Sorts the entries and drops repeats (a position both sides' strategies
 * reach keeps its first move). */
static void finish(collector *col)
{
    qsort(col->entries, (size_t)col->count, sizeof *col->entries, by_position);
    int n = 0;
    for (int i = 0; i < col->count; i++)
        if (!n || by_position(&col->entries[n - 1], &col->entries[i]))
            col->entries[n++] = col->entries[i];
    col->count = n;
}

/* One board's book into col (reset first). */
static void board_book(collector *col, search_board *b, int size, int k)
{
    ttt__board_build(b, size, k);
    col->b = b;
    col->count = 0;
    memset(col->seen, 0, SEEN_SLOTS * sizeof *col->seen);
    ttt_outcome v = TTT_OUTCOME_UNKNOWN;
    for (int i = 0; i < BOARD_VALUE_COUNT; i++)
        if (ttt__board_values[i].size == size && ttt__board_values[i].k == k)
            v = ttt__board_values[i].first_player;
    if (v == TTT_OUTCOME_DRAW) {
        defence_book(col, size, k, 1); /* X against O's attack */
        memset(col->seen, 0, SEEN_SLOTS * sizeof *col->seen);
        defence_book(col, size, k, 0); /* O against X's */
    } else if (v == TTT_OUTCOME_WIN) {
        win_book(col, 0, 0);
    }
    finish(col);
}

/* ------------------------------------------------------------------------- */
/* --check: the committed book against the proof checker and the solver       */
/* ------------------------------------------------------------------------- */

typedef struct book_walk {
    collector *col;
    search_pos pos;
    int attacker;
    int failed;
} book_walk;

static void walk_record(book_walk *w, int to_move, int kind, int move, const uint8_t *partner)
{
    proof_record rec = {{w->pos.bb[0], w->pos.bb[1]}, to_move, kind, move, partner};
    (void)emit(w->col, &rec);
}

static void walk_defender(book_walk *w);

/* The attacker to move: a rule settles it, or every move is answered. */
static void walk_attacker(book_walk *w)
{
    search_pos *p = &w->pos;
    const int a = w->attacker;
    if (w->failed || !p->nempty) return;
    int sym;
    if (seen(w->col, tt_kind_key(pos_key(p, a, &sym), TT_KIND_MOVER))) return;
    int need = p->b->k - (p->nempty + 1) / 2;
    uint8_t partner[TTT_MAX_SQUARES];
    if (ttt__pairing_find(p, a, need, 0, CHECK_PAIRING_BUDGET, partner, NULL)) {
        walk_record(w, a, PROOF_REC_PAIRING, -1, partner);
        return;
    }
    if (ttt__potential_from_any_cpu(p, a, need) < 1u << (p->b->k - 1)) {
        walk_record(w, a, PROOF_REC_POTENTIAL, -1, NULL);
        return;
    }
    for (uint64_t m = pos_empty(p); m && !w->failed; m &= m - 1) {
        int sq = bb_lowest(m);
        if (pos_make(p, a, sq)) {
            fprintf(stderr, "ttt_gen_book: the book lets the attacker complete a line\n");
            w->failed = 1;
        } else {
            walk_defender(w);
        }
        pos_unmake(p, a, sq);
    }
}

/* The defender to move: its completion, else the book's move. */
static void walk_defender(book_walk *w)
{
    search_pos *p = &w->pos;
    const int d = 1 - w->attacker;
    if (w->failed || !p->nempty) return;
    int sym;
    if (seen(w->col, tt_kind_key(pos_key(p, d, &sym), TT_KIND_OTHER))) return;
    uint64_t mine = pos_threats(p, d);
    int need = p->b->k - p->nempty / 2;
    if (!mine && bb_count(pos_threats(p, w->attacker)) < 2 &&
        ttt__potential_from_any_cpu(p, w->attacker, need) < 1u << p->b->k) {
        walk_record(w, d, PROOF_REC_POTENTIAL, -1, NULL);
        return;
    }
    int plies, sq = mine ? bb_lowest(mine) : ttt__book_move(p->b, p->bb[d], p->bb[1 - d], &plies);
    if (sq < 0) {
        fprintf(stderr, "ttt_gen_book: no book move for a defender's position\n");
        w->failed = 1;
        return;
    }
    walk_record(w, d, PROOF_REC_MOVE, sq, NULL);
    if (!pos_make(p, d, sq)) walk_attacker(w);
    pos_unmake(p, d, sq);
}

/* Writes the book's strategy against `attacker` on (n, n, k) as a proof
 * file; returns 0 when the book had a move wherever one was needed. */
static int check_defence(collector *col, search_board *b, int n, int k, int attacker,
                         const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/book-%d-%d-%d-%c.txt", dir, n, n, k, attacker ? 'o' : 'x');
    ttt__board_build(b, n, k);
    col->b = b;
    col->proof = fopen(path, "w");
    if (!col->proof) die("cannot write a proof file");
    memset(col->seen, 0, SEEN_SLOTS * sizeof *col->seen);
    char root[TTT_MAX_SQUARES + 1];
    uint64_t none[2] = {0, 0};
    proof_board(col, none, root);
    fprintf(col->proof, "ttt-proof 1\nboard %d %d\nattacker %c\nroot %s x\n", n, k,
            attacker ? 'o' : 'x', root);
    book_walk w;
    w.col = col;
    w.attacker = attacker;
    w.failed = 0;
    ttt__pos_init(&w.pos, b, 0, 0);
    if (attacker == 0)
        walk_attacker(&w);
    else
        walk_defender(&w);
    if (!w.failed) fprintf(col->proof, "end\n");
    if (fclose(col->proof) != 0) w.failed = 1;
    col->proof = NULL;
    fprintf(stderr, "ttt_gen_book: (%d,%d,%d) against %c: %s\n", n, n, k, attacker ? 'o' : 'x',
            w.failed ? "FAILED" : path);
    return w.failed ? -1 : 0;
}

/* Checks a winning entry against the solver: the position's fastest win
 * takes the entry's plies, and the entry's move wins that fast. */
static int check_win(collector *col, const book_entry *e)
{
    int plies;
    uint64_t nodes;
    int best = perfect_move(col, e->mover, e->other, &plies, &nodes);
    (void)best;
    static search_tables t;
    tables_for(&t, col->b->size, col->b->k, WIN_TT_BITS, 0);
    search_ctx c;
    begin(&c, &t, e->other, e->mover | bb_bit(e->move));
    /* After the move the loser (side 0 of this search) is to move: does the
     * winner (side 1) win within plies - 1, and not within plies - 3? */
    int within = ttt__threat_search(&c, 1, 0, e->plies - 1);
    int faster = e->plies > 3 && ttt__threat_search(&c, 1, 0, e->plies - 3);
    ttt__search_tables_free(&t);
    if (plies != e->plies || !within || faster) {
        fprintf(stderr, "ttt_gen_book: (%d,%d,%d): a winning entry does not hold\n", col->b->size,
                col->b->size, col->b->k);
        return -1;
    }
    return 0;
}

static int check_main(const char *dir, collector *col, search_board *b)
{
    int failures = 0, wins = 0;
    for (int i = 0; i < ttt__book_count; i++) {
        const book *bk = &ttt__books[i];
        int drawn = bk->count > 0 && bk->entries[0].plies == 0;
        if (drawn) {
            failures += check_defence(col, b, bk->size, bk->k, 0, dir) != 0;
            failures += check_defence(col, b, bk->size, bk->k, 1, dir) != 0;
            continue;
        }
        ttt__board_build(b, bk->size, bk->k);
        col->b = b;
        for (int j = 0; j < bk->count; j++, wins++)
            failures += check_win(col, &bk->entries[j]) != 0;
    }
    fprintf(stderr, "ttt_gen_book: %d winning entries checked against the solver; %d failures\n",
            wins, failures);
    return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
    static search_board board;
    static collector col;
    col.entries = malloc(MAX_ENTRIES * sizeof *col.entries);
    col.seen = calloc(SEEN_SLOTS, sizeof *col.seen);
    if (!col.entries || !col.seen) die("out of memory");
    if (argc == 3 && !strcmp(argv[1], "--check")) return check_main(argv[2], &col, &board);
    if (argc != 1) {
        fprintf(stderr, "usage: ttt_gen_book [--check DIR]\n");
        return 2;
    }
    printf("/*\n"
           " * book_data.c - GENERATED by engine/tools/gen_book.c; do not edit. The\n"
           " * opening book of the solved boards (see book.h): each entry a position\n"
           " * (the side to move's marks, the other side's, smallest symmetric image),\n"
           " * the move that keeps the board's value in that image's frame, and for a\n"
           " * winning move the plies to the end. The test ai_book_generated fails when\n"
           " * this differs from the generator's output; ai_book_proofs replays the\n"
           " * drawn boards' books with the independent checker.\n"
           " */\n"
           "/* clang-format off */\n"
           "#include \"book.h\"\n");
    char names[TTT_MAX_SIZE * TTT_MAX_SIZE][32];
    int sizes[TTT_MAX_SIZE * TTT_MAX_SIZE][3], nb = 0, total = 0;
    for (int size = 4; size <= TTT_MAX_SIZE; size++) {
        for (int k = TTT_MIN_K; k <= size; k++) {
            board_book(&col, &board, size, k);
            if (!col.count) continue;
            snprintf(names[nb], sizeof names[nb], "BOOK_%d_%d", size, k);
            sizes[nb][0] = size;
            sizes[nb][1] = k;
            sizes[nb][2] = col.count;
            nb++;
            total += col.count;
            printf("\n/* %dx%d, k = %d: %d positions. */\nstatic const book_entry %s[] = {\n", size,
                   size, k, col.count, names[nb - 1]);
            for (int i = 0; i < col.count; i++) {
                const book_entry *e = &col.entries[i];
                printf("    {0x%llxu, 0x%llxu, %d, %d},\n", (unsigned long long)e->mover,
                       (unsigned long long)e->other, e->move, e->plies);
            }
            printf("};\n");
        }
    }
    printf("\n/* %d positions in all. */\nconst book ttt__books[] = {\n", total);
    for (int i = 0; i < nb; i++)
        printf("    {%d, %d, %d, %s},\n", sizes[i][0], sizes[i][1], sizes[i][2], names[i]);
    printf("};\nconst int ttt__book_count = %d;\n", nb);
    return 0;
}
