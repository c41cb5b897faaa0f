/*
 * solve_jobs.h - the split of ttt_solve (solve.c): the tree of the first
 * few plies from the empty board, whose leaves are the jobs that the
 * proof-number search settles one by one, their table on disk (the
 * checkpoint), and the combination of settled jobs into one proof from
 * the empty board for the independent checker (tests/ai/proof_check.c).
 *
 * The question is always "does side `attacker` ever win?". At a node where
 * the defender moves, one child the defender holds is enough (an OR node
 * for the defence); where the attacker moves, the defender must hold every
 * child (AND). Children are the moves up to symmetry (positions that are
 * images of each other once); a defender's are in the engine's move order,
 * the most promising first.
 */
#ifndef TTT_SOLVE_JOBS_H
#define TTT_SOLVE_JOBS_H

#include <stdint.h>
#include <stdio.h>

#include "search_ctx.h"

/* The deepest split: within four plies no side has k >= 3 marks, so no
 * game ends inside the split. */
#define SOLVE_MAX_DEPTH 4
/* The most jobs a split may have (a table of a few megabytes). */
#define SOLVE_MAX_JOBS 100000

/* What is known of a node or job. */
enum { SOLVE_OPEN = 0, SOLVE_HELD = 1, SOLVE_WON = 2 };

typedef struct solve_node {
    int parent;       /* -1 at the root */
    int first, count; /* its children, contiguous in the node array */
    int depth;        /* plies from the empty board */
    int mover;        /* side to move: 0 X, 1 O */
    int move;         /* the square played to reach it (-1 at the root) */
    int rank;         /* its place among its siblings (the defender's move order) */
    int job;          /* a leaf's job, -1 otherwise */
    int status;       /* SOLVE_* */
} solve_node;

typedef struct solve_job {
    int node;
    int status;      /* SOLVE_* */
    int attempts;    /* searches run on it (each with twice the budget of the last) */
    uint64_t nodes;  /* over all attempts */
    double cpu;      /* seconds of CPU over all attempts */
    uint32_t pn, dn; /* the root's numbers after the last attempt */
    int running;     /* not kept on disk */
} solve_job;

typedef struct solve_split {
    int n, k, attacker, depth;
    solve_node *nodes;
    int nnodes, cap;
    solve_job *jobs;
    int njobs;
} solve_split;

/* Builds the split of the (n,n,k) board `depth` plies deep, all jobs open,
 * with `c` (a search context on that board, at the empty position) for
 * the positions and the move order. 0, or -1 when it is too big or memory
 * runs out (with a message). */
int solve_split_build(solve_split *s, search_ctx *c, int n, int k, int attacker, int depth);
void solve_split_free(solve_split *s);

/* The moves from the empty board to node i (at most SOLVE_MAX_DEPTH);
 * returns how many. */
int solve_path(const solve_split *s, int i, int *moves);

/* The position of node i as N*N characters (x, o, .) and a NUL. */
void solve_board_text(const solve_split *s, int i, char *text);

/* Recomputes every internal node's status from the jobs'. */
void solve_propagate(solve_split *s);

/* Writes the job table to dir/jobs.txt atomically (a new file renamed
 * over the old one). 0, or -1 with a message. */
int solve_save(const solve_split *s, const char *dir);

/* Reads dir/jobs.txt into s (built for the same board and split). 1 when
 * it was read, 0 when there is none, -1 when it is corrupt or for another
 * board or split (with a message saying which). */
int solve_load(solve_split *s, const char *dir);

/* The file names of a job's certificate and result, in dir. */
void solve_cert_name(const char *dir, int job, char *out, size_t size);
void solve_result_name(const char *dir, int job, char *out, size_t size);

/* Writes, when the root is held, one proof from the empty board: the
 * defender's moves inside the split (one held child of each of its
 * nodes), then every record of the certificates of the held jobs below
 * them, to dir/proof.txt atomically. 0, or -1 with a message. */
int solve_combine(const solve_split *s, const char *dir);

/* Prints the state: per child of the root, its status, its jobs settled
 * and open, their nodes and CPU, and what settled it; with `jobs`, also
 * each job searched (its attempts, nodes, CPU, last proof and disproof
 * numbers). */
void solve_print_summary(const solve_split *s, FILE *out, int jobs);

#endif /* TTT_SOLVE_JOBS_H */
