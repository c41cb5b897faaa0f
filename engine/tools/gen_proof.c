/*
 * gen_proof.c - writes a proof that one side never wins an N x N board
 * with K in a row from the empty board, X to move: the other side's whole
 * strategy, found by the engine's proof-number search (engine/src/proof.c)
 * and written for an independent checker (tests/ai/proof_check.c) to
 * replay. A host tool built from the engine's sources; the ai tests run
 * it for every board the engine proves drawn.
 *
 *   ttt_gen_proof N K x|o [FILE]        (the side that never wins)
 *   ttt_gen_proof N K x --survey SECONDS [BITS]
 *
 * The format is described at the top of tests/ai/proof_check.c: a header,
 * then one line per position of the strategy: where the defender moves,
 * its move; where the attacker moves and a rule settles the position, the
 * rule (a pairing, or the Erdos-Selfridge potential). Positions that are
 * symmetric images of one already written are left out. Exit status 0
 * when the proof is complete, 1 when the side may win (or memory ran
 * out), 2 for bad arguments.
 *
 * `--survey` is for a board the engine cannot prove in one go, such as
 * (8,8,5): for each of X's first moves up to symmetry (the centre's
 * first), it asks whether X wins after it, each for an equal share of
 * SECONDS of CPU time, with a proof table of 2^BITS buckets (default 22,
 * 384 MB) kept from move to move, and prints what it proved: the first
 * moves refuted (O holds the draw after them), those won, and the open
 * ones with their proof and disproof numbers. A refutation of every first
 * move would prove that X never wins.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alloc.h"
#include "pairing.h"
#include "proof.h"

/* The proof table's size, log2 of its buckets: 24 MB, so that what the
 * search proved is still there when the strategy is written. */
#define TOOL_PN_BITS 18
/* The visited set's size, log2 of its slots (a proof of (7,7,5) visits
 * some 2,000 positions, of (5,5,4) 8,500). */
#define TOOL_SEEN_BITS 22

typedef struct tool {
    FILE *out;
    int size;
    uint64_t *seen;
    size_t seen_mask, seen_count;
    long records[3];
} tool;

/* Whether the position of `key` was visited; marks it. */
static int visit(void *user, uint64_t key)
{
    tool *t = user;
    if (!key) key = 1; /* 0 marks an empty slot */
    size_t i = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 20) & t->seen_mask;
    for (; t->seen[i]; i = (i + 1) & t->seen_mask)
        if (t->seen[i] == key) return 1;
    if (2 * (t->seen_count + 1) > t->seen_mask) {
        fprintf(stderr, "ttt_gen_proof: too many positions\n");
        exit(1);
    }
    t->seen[i] = key;
    t->seen_count++;
    return 0;
}

static void board_text(const tool *t, const uint64_t *marks, char *text)
{
    int n = t->size * t->size;
    for (int i = 0; i < n; i++) {
        text[i] = '.';
        if (marks[0] >> i & 1) text[i] = 'x';
        if (marks[1] >> i & 1) text[i] = 'o';
    }
    text[n] = '\0';
}

/* Writes one record (sides 0 and 1 of the search are X and O here: the
 * search starts from the empty board with X to move). */
static int emit(void *user, const proof_record *r)
{
    tool *t = user;
    char text[TTT_MAX_SQUARES + 1];
    board_text(t, r->marks, text);
    fprintf(t->out, "%s %c ", text, r->to_move ? 'o' : 'x');
    t->records[r->kind]++;
    if (r->kind == PROOF_REC_MOVE) {
        fprintf(t->out, "move %d %d\n", r->move / t->size, r->move % t->size);
    } else if (r->kind == PROOF_REC_POTENTIAL) {
        fprintf(t->out, "potential\n");
    } else {
        fprintf(t->out, "pairs");
        for (int sq = 0; sq < t->size * t->size; sq++) {
            int q = r->partner[sq];
            if (q != PAIRING_NONE && q > sq)
                fprintf(t->out, " %d %d %d %d", sq / t->size, sq % t->size, q / t->size,
                        q % t->size);
        }
        fprintf(t->out, "\n");
    }
    return ferror(t->out) != 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: ttt_gen_proof N K x|o [FILE]\n"
                    "       ttt_gen_proof N K x --survey SECONDS [BITS]\n");
    return 2;
}

/* CPU seconds of this thread. */
static double cpu_seconds(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

/* --survey: what the prover settles about each of X's first moves. */
static int survey(int n, int k, double seconds, int bits)
{
    static search_tables tables;
    memset(&tables, 0, sizeof tables);
    tables.alloc = ttt__alloc_copy(NULL);
    if (ttt__search_prepare(&tables, n, k, 0) != TTT_OK ||
        ttt__pn_alloc(&tables.pn, &tables.alloc, bits) != 0) {
        fprintf(stderr, "ttt_gen_proof: out of memory\n");
        return 1;
    }
    const search_board *b = &tables.board;
    /* X's first moves, one per symmetry class, the centre's first. */
    int moves[TTT_MAX_SQUARES], count = 0;
    for (int i = 0; i < b->nsq; i++) {
        int sq = b->order[i], canon = 1;
        for (int s = 1; s < BOARD_SYMMETRIES; s++)
            if (b->sym_perm[s][sq] < sq) canon = 0;
        if (canon) moves[count++] = sq;
    }
    printf("(%d,%d,%d): does X win after each first move? %d moves up to symmetry, %.0f s of "
           "CPU each, a table of %.0f MB\n",
           n, n, k, count, seconds / count, (double)pn_table_bytes(bits) / (1 << 20));
    int refuted = 0, won = 0;
    uint64_t total = 0;
    double t_all = cpu_seconds();
    for (int i = 0; i < count; i++) {
        search_limits lim = {0, NULL, NULL, NULL, 0, 1, 0, 0};
        search_ctx c;
        ttt__search_begin(&c, &tables, &lim, 0, 0, 0);
        c.deadline_us = 0;
        (void)pos_make(&c.pos, 0, moves[i]);
        double t0 = cpu_seconds(), share = seconds / count;
        proof_result r;
        r.solved = 0;
        /* Slices of a million nodes until settled or the share is spent. */
        while (r.solved == 0 && cpu_seconds() - t0 < share) {
            c.stopped = 0;
            c.node_limit = c.nodes + 1000000;
            ttt__prove(&c, &tables.pn, 0, 1, &r);
        }
        int sym;
        uint64_t key = tt_kind_key(pos_key(&c.pos, 1, &sym), TT_KIND_OTHER);
        const pn_entry *e = ttt__pn_find(&tables.pn, key);
        total += c.nodes;
        refuted += r.solved == -1;
        won += r.solved == 1;
        printf("  X at %d,%d: %-9s %12llu nodes %8.1f s", moves[i] / n, moves[i] % n,
               r.solved == -1  ? "refuted"
               : r.solved == 1 ? "X WINS"
                               : "open",
               (unsigned long long)c.nodes, cpu_seconds() - t0);
        if (!r.solved && e) printf("  (proof number %u, disproof number %u)", e->pn, e->dn);
        printf("\n");
        fflush(stdout);
    }
    printf("%d of %d first moves refuted, %d won, %d open; %llu nodes, %.1f s of CPU\n", refuted,
           count, won, count - refuted - won, (unsigned long long)total, cpu_seconds() - t_all);
    ttt__search_tables_free(&tables);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 4 || argc > 7) return usage();
    int n = atoi(argv[1]), k = atoi(argv[2]);
    if (n < TTT_MIN_SIZE || n > TTT_MAX_SIZE || k < TTT_MIN_K || k > n) return usage();
    if (argc >= 6 && !strcmp(argv[4], "--survey") && !strcmp(argv[3], "x")) {
        int bits = argc == 7 ? atoi(argv[6]) : 22;
        if (atof(argv[5]) <= 0 || bits < 10 || bits > 26) return usage();
        return survey(n, k, atof(argv[5]), bits);
    }
    if (argc > 5) return usage();
    if (strcmp(argv[3], "x") && strcmp(argv[3], "o")) return usage();
    int attacker = argv[3][0] == 'o';

    static search_tables tables;
    memset(&tables, 0, sizeof tables);
    tables.alloc = ttt__alloc_copy(NULL);
    if (ttt__search_prepare(&tables, n, k, 0) != TTT_OK ||
        ttt__pn_alloc(&tables.pn, &tables.alloc, TOOL_PN_BITS) != 0) {
        fprintf(stderr, "ttt_gen_proof: out of memory\n");
        return 1;
    }
    search_limits lim = {0, NULL, NULL, NULL, 0, 1, 0, 0}; /* search only: no book */
    search_ctx c;
    ttt__search_begin(&c, &tables, &lim, 0, 0, 0);
    c.deadline_us = 0; /* no limit but the proof */

    tool t;
    memset(&t, 0, sizeof t);
    t.size = n;
    t.seen_mask = ((size_t)1 << TOOL_SEEN_BITS) - 1;
    t.seen = calloc(t.seen_mask + 1, sizeof *t.seen);
    t.out = argc == 5 ? fopen(argv[4], "w") : stdout;
    if (!t.seen || !t.out) {
        fprintf(stderr, "ttt_gen_proof: cannot start: %s\n", t.seen ? argv[4] : "out of memory");
        return 1;
    }
    char root[TTT_MAX_SQUARES + 1];
    uint64_t none[2] = {0, 0};
    board_text(&t, none, root);
    fprintf(t.out, "ttt-proof 1\nboard %d %d\nattacker %s\nroot %s x\n", n, k, argv[3], root);

    proof_result r;
    ttt__prove(&c, &tables.pn, attacker, 0, &r);
    proof_sink sink = {visit, emit, &t};
    int ok = r.solved == -1 && ttt__proof_write_defence(&c, &tables.pn, attacker, 0, &sink) == 0;
    if (ok) fprintf(t.out, "end\n");
    if (t.out != stdout && fclose(t.out) != 0) ok = 0;
    fprintf(stderr,
            "ttt_gen_proof: (%d,%d,%d), %s never wins: %s; %zu positions, %ld moves, %ld "
            "pairings, %ld potentials; %llu nodes\n",
            n, n, k, argv[3], ok ? "proven" : "NOT proven", t.seen_count, t.records[PROOF_REC_MOVE],
            t.records[PROOF_REC_PAIRING], t.records[PROOF_REC_POTENTIAL],
            (unsigned long long)c.nodes);
    free(t.seen);
    ttt__search_tables_free(&tables);
    return ok ? 0 : 1;
}
