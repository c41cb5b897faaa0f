/*
 * solve.c - ttt_solve: proves that a side never wins an N x N board with
 * K in a row, for boards one proof-number search cannot take in one go
 * ((8,8,5)): the first plies are split into jobs (solve_jobs.h), each
 * settled by the engine's proof-number search (engine/src/proof.c) in a
 * worker process of its own, with a budget that doubles at each attempt.
 *
 *   ttt_solve N K x|o DIR [options]     (the side whose win is asked about)
 *     --depth D       plies of the split (default 2, at most 4)
 *     --workers W     jobs at once, each a process (default 2)
 *     --nodes N       a job's first budget in nodes (default 1000000)
 *     --cpu S         and in seconds of CPU (default none)
 *     --bits B        log2 of a worker's proof-table buckets (default 20: 96 MB)
 *     --attempts A    at most A attempts a job (default 0: no limit)
 *     --max-jobs J    stop after J job runs (then resume with the same command)
 *     --focus F       where the defender moves, work on its first F children
 *                     not lost (default 2)
 *     --status        print the checkpoint's state (and every job searched), exit
 *
 * DIR keeps everything: jobs.txt (the job table, written atomically after
 * every job: each job's position, status, attempts, nodes, CPU), a
 * certificate job-ID.proof for each job held (the defender's strategy in
 * the format of tests/ai/proof_check.c), and proof.txt once the side is
 * proven never to win: the certificates joined under the defender's moves
 * of the split, one proof from the empty board for that checker. Run again
 * with the same arguments after a stop (even kill -9), it goes on from the
 * checkpoint and never redoes a settled job.
 *
 * Exit status: 0 when the question is settled (proof.txt written when the
 * side never wins), 3 when stopped with jobs open, 1 on an error, 2 for
 * bad arguments or a corrupt checkpoint. POSIX only (fork, wait4).
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "alloc.h"
#include "pairing.h"
#include "proof.h"
#include "solve_jobs.h"
#include "support_clock.h"

#define SOLVE_MAX_WORKERS 64
/* The seen-set of a certificate starts with this many slots (it grows). */
#define SEEN_START (1u << 16)
/* A certificate may re-prove positions the table dropped: within this
 * many times the job's budget. */
#define WRITE_BUDGET_FACTOR 4
/* The state per first move is printed at least this often (wall time). */
#define SUMMARY_EVERY_S 600

typedef struct options {
    int n, k, attacker, depth, workers, bits, attempts, max_jobs, focus, status_only;
    uint64_t nodes;
    double cpu;
    const char *dir;
} options;

/* ========================================================================= */
/* A job, in its worker process                                              */
/* ========================================================================= */

typedef struct cert {
    FILE *out;
    int n;
    uint64_t *seen;
    size_t mask, count;
    int full;
} cert;

static int cert_visit(void *user, uint64_t key)
{
    cert *t = user;
    if (!key) key = 1; /* 0 marks an empty slot */
    if (2 * (t->count + 1) > t->mask) {
        size_t mask = t->mask * 2 + 1;
        uint64_t *grown = calloc(mask + 1, sizeof *grown);
        if (!grown) {
            t->full = 1;
            return 1;
        }
        for (size_t i = 0; i <= t->mask; i++) {
            if (!t->seen[i]) continue;
            size_t j = (size_t)((t->seen[i] * UINT64_C(0x9E3779B97F4A7C15)) >> 20) & mask;
            while (grown[j])
                j = (j + 1) & mask;
            grown[j] = t->seen[i];
        }
        free(t->seen);
        t->seen = grown;
        t->mask = mask;
    }
    size_t i = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 20) & t->mask;
    for (; t->seen[i]; i = (i + 1) & t->mask)
        if (t->seen[i] == key) return 1;
    t->seen[i] = key;
    t->count++;
    return 0;
}

static void marks_text(int n, const uint64_t *marks, char *text)
{
    for (int i = 0; i < n * n; i++)
        text[i] = marks[0] >> i & 1 ? 'x' : marks[1] >> i & 1 ? 'o' : '.';
    text[n * n] = '\0';
}

/* One record, as ttt_gen_proof writes them (sides 0 and 1 are X and O:
 * the split starts from the empty board). */
static int cert_emit(void *user, const proof_record *r)
{
    cert *t = user;
    char text[TTT_MAX_SQUARES + 1];
    marks_text(t->n, r->marks, text);
    fprintf(t->out, "%s %c ", text, r->to_move ? 'o' : 'x');
    if (r->kind == PROOF_REC_MOVE) {
        fprintf(t->out, "move %d %d\n", r->move / t->n, r->move % t->n);
    } else if (r->kind == PROOF_REC_POTENTIAL) {
        fprintf(t->out, "potential\n");
    } else {
        fprintf(t->out, "pairs");
        for (int sq = 0; sq < t->n * t->n; sq++) {
            int q = r->partner[sq];
            if (q != PAIRING_NONE && q > sq)
                fprintf(t->out, " %d %d %d %d", sq / t->n, sq % t->n, q / t->n, q % t->n);
        }
        fprintf(t->out, "\n");
    }
    return t->full || ferror(t->out) != 0;
}

/* Writes the job's certificate (the search has just held it). 0 or -1. */
static int write_cert(const options *o, const solve_split *s, int id, search_ctx *c,
                      search_tables *tables, uint64_t budget)
{
    char name[4096], tmp[4100];
    solve_cert_name(o->dir, id, name, sizeof name);
    snprintf(tmp, sizeof tmp, "%s.tmp", name);
    cert t = {fopen(tmp, "w"), o->n, calloc(SEEN_START, sizeof(uint64_t)), SEEN_START - 1, 0, 0};
    if (!t.out || !t.seen) {
        if (t.out) fclose(t.out);
        free(t.seen);
        return -1;
    }
    const solve_node *nd = &s->nodes[s->jobs[id].node];
    char root[TTT_MAX_SQUARES + 1];
    solve_board_text(s, s->jobs[id].node, root);
    fprintf(t.out, "ttt-proof 1\nboard %d %d\nattacker %c\nroot %s %c\n", o->n, o->k,
            o->attacker ? 'o' : 'x', root, nd->mover ? 'o' : 'x');
    c->stopped = 0;
    c->node_limit = c->nodes + WRITE_BUDGET_FACTOR * budget;
    if (o->cpu > 0)
        c->deadline_us = ttt__thread_cpu_us() + (uint64_t)(WRITE_BUDGET_FACTOR * o->cpu * 1e6);
    proof_sink sink = {cert_visit, cert_emit, &t};
    int ok = ttt__proof_write_defence(c, &tables->pn, o->attacker, nd->mover, &sink) == 0;
    if (ok) fprintf(t.out, "end\n");
    ok = ok && fflush(t.out) == 0 && fsync(fileno(t.out)) == 0;
    ok = fclose(t.out) == 0 && ok && rename(tmp, name) == 0;
    free(t.seen);
    return ok ? 0 : -1;
}

/* The worker: searches job `id` with its attempt's budget, writes its
 * certificate when held and its result ("open|held|won NODES PN DN")
 * atomically; exits. */
static void run_job(const options *o, const solve_split *s, int id)
{
    const solve_job *j = &s->jobs[id];
    int shift = j->attempts < 30 ? j->attempts : 30;
    uint64_t budget = o->nodes << shift;
    double cpu = o->cpu * (double)(1u << (shift < 20 ? shift : 20));
    static search_tables tables;
    memset(&tables, 0, sizeof tables);
    tables.alloc = ttt__alloc_copy(NULL);
    if (ttt__search_prepare(&tables, o->n, o->k, 0) != TTT_OK ||
        ttt__pn_alloc(&tables.pn, &tables.alloc, o->bits) != 0)
        _exit(1);
    search_limits lim = {0, NULL, NULL, NULL, 0, 1, 0, 1}; /* search only, CPU clock */
    search_ctx c;
    ttt__search_begin(&c, &tables, &lim, 0, 0, 0);
    int moves[SOLVE_MAX_DEPTH], len = solve_path(s, j->node, moves);
    for (int d = 0; d < len; d++)
        (void)pos_make(&c.pos, d % 2, moves[d]);
    int t = s->nodes[j->node].mover;
    c.node_limit = budget;
    c.deadline_us = cpu > 0 ? ttt__thread_cpu_us() + (uint64_t)(cpu * 1e6) : 0;
    proof_result r;
    ttt__prove(&c, &tables.pn, o->attacker, t, &r);
    uint64_t nodes = c.nodes;
    uint32_t pn = r.solved == 1 ? 0 : r.solved == -1 ? PN_INF : r.pn;
    uint32_t dn = r.solved == 1 ? PN_INF : r.solved == -1 ? 0 : r.dn;
    const char *status = r.solved == 1 ? "won" : "open";
    if (r.solved == -1) {
        if (write_cert(o, s, id, &c, &tables, budget) == 0)
            status = "held";
        else
            pn = dn = 1; /* held, but the certificate did not fit its budget: again */
    }
    char name[4096], tmp[4100];
    solve_result_name(o->dir, id, name, sizeof name);
    snprintf(tmp, sizeof tmp, "%s.tmp", name);
    FILE *f = fopen(tmp, "w");
    if (!f) _exit(1);
    fprintf(f, "%s %llu %u %u\n", status, (unsigned long long)(c.nodes > nodes ? c.nodes : nodes),
            pn, dn);
    if (fclose(f) != 0 || rename(tmp, name) != 0) _exit(1);
    _exit(0);
}

/* ========================================================================= */
/* The scheduler                                                             */
/* ========================================================================= */

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

/* Whether job id may run now: open, not running, not at its attempt limit,
 * every node above it open, and where the defender moves, among the first
 * `focus` children not lost. */
static int eligible(const options *o, const solve_split *s, int id)
{
    const solve_job *j = &s->jobs[id];
    if (j->status != SOLVE_OPEN || j->running) return 0;
    if (o->attempts && j->attempts >= o->attempts) return 0;
    for (int i = j->node; s->nodes[i].parent >= 0; i = s->nodes[i].parent) {
        const solve_node *up = &s->nodes[s->nodes[i].parent];
        if (up->status != SOLVE_OPEN) return 0;
        if (up->mover == s->attacker) continue;
        int before = 0;
        for (int q = 0; q < s->nodes[i].rank; q++)
            before += s->nodes[up->first + q].status != SOLVE_WON;
        if (before >= o->focus) return 0;
    }
    return 1;
}

/* Whether every node above job id is still open. */
static int needed(const solve_split *s, int id)
{
    for (int i = s->nodes[s->jobs[id].node].parent; i >= 0; i = s->nodes[i].parent)
        if (s->nodes[i].status != SOLVE_OPEN) return 0;
    return 1;
}

/* The next job: the fewest attempts first (the cheapest budget), then the
 * smallest disproof number of its last search (closest to held), then the
 * split's order. -1 when none may run. */
static int pick(const options *o, const solve_split *s)
{
    int best = -1;
    for (int i = 0; i < s->njobs; i++) {
        if (!eligible(o, s, i)) continue;
        const solve_job *j = &s->jobs[i], *b = best >= 0 ? &s->jobs[best] : NULL;
        if (!b || j->attempts < b->attempts || (j->attempts == b->attempts && j->dn < b->dn))
            best = i;
    }
    return best;
}

static void job_moves(const solve_split *s, int id, char *out)
{
    int moves[SOLVE_MAX_DEPTH], len = solve_path(s, s->jobs[id].node, moves), at = 0;
    out[0] = '\0';
    for (int d = 0; d < len; d++)
        at += sprintf(out + at, "%s%c %d,%d", d ? " " : "", d % 2 ? 'o' : 'x', moves[d] / s->n,
                      moves[d] % s->n);
}

/* Reads a worker's result into its job; 0, or -1 when it left none. */
static int take_result(const options *o, solve_split *s, int id, double cpu)
{
    solve_job *j = &s->jobs[id];
    j->running = 0;
    j->attempts++;
    j->cpu += cpu;
    char name[4096], status[8];
    solve_result_name(o->dir, id, name, sizeof name);
    FILE *f = fopen(name, "r");
    unsigned long long nodes;
    unsigned pn, dn;
    int got = f ? fscanf(f, "%7s %llu %u %u", status, &nodes, &pn, &dn) : 0;
    if (f) fclose(f);
    remove(name);
    if (got != 4) return -1;
    j->nodes += nodes;
    j->pn = pn;
    j->dn = dn;
    j->status = !strcmp(status, "held")  ? SOLVE_HELD
                : !strcmp(status, "won") ? SOLVE_WON
                                         : SOLVE_OPEN;
    return 0;
}

static void report(const solve_split *s, int id, double cpu, int runs)
{
    const solve_job *j = &s->jobs[id];
    char moves[64];
    job_moves(s, id, moves);
    int held = 0, won = 0, open = 0, top_held = 0, top_won = 0;
    uint64_t nodes = 0;
    double total = 0;
    for (int i = 0; i < s->njobs; i++) {
        held += s->jobs[i].status == SOLVE_HELD;
        won += s->jobs[i].status == SOLVE_WON;
        open += s->jobs[i].status == SOLVE_OPEN;
        nodes += s->jobs[i].nodes;
        total += s->jobs[i].cpu;
    }
    const solve_node *root = &s->nodes[0];
    for (int c = 0; c < root->count; c++) {
        top_held += s->nodes[root->first + c].status == SOLVE_HELD;
        top_won += s->nodes[root->first + c].status == SOLVE_WON;
    }
    time_t now = time(NULL);
    char stamp[32];
    strftime(stamp, sizeof stamp, "%H:%M:%S", gmtime(&now));
    printf("%s run %d: job %d (%s): %s after attempt %d, %.1f s | first moves %d held, %d won, %d "
           "open | jobs %d held, %d won, %d open | %llu nodes, %.1f s of CPU\n",
           stamp, runs, id, moves,
           j->status == SOLVE_HELD  ? "held"
           : j->status == SOLVE_WON ? "WON"
                                    : "open",
           j->attempts, cpu, top_held, top_won, root->count - top_held - top_won, held, won, open,
           (unsigned long long)nodes, total);
    fflush(stdout);
}

/* Runs jobs until the root is settled, nothing may run, J runs are done or
 * a signal asks to stop. Returns the exit status. */
static int schedule(const options *o, solve_split *s)
{
    pid_t pids[SOLVE_MAX_WORKERS];
    time_t last_summary = time(NULL);
    int ids[SOLVE_MAX_WORKERS], cancelled[SOLVE_MAX_WORKERS], running = 0, launched = 0,
                                                              finished = 0, failed = 0;
    for (;;) {
        while (!stop_requested && s->nodes[0].status == SOLVE_OPEN && running < o->workers &&
               (!o->max_jobs || launched < o->max_jobs)) {
            int id = pick(o, s);
            if (id < 0) break;
            fflush(NULL);
            pid_t pid = fork();
            if (pid < 0) {
                fprintf(stderr, "ttt_solve: fork: %s\n", strerror(errno));
                failed = 1;
                break;
            }
            if (pid == 0) {
#ifdef __linux__
                prctl(PR_SET_PDEATHSIG, SIGKILL); /* no orphan searches after a kill -9 */
                if (getppid() == 1) _exit(1);
#endif
                signal(SIGINT, SIG_IGN);
                run_job(o, s, id);
            }
            cancelled[running] = 0;
            pids[running] = pid;
            ids[running++] = id;
            s->jobs[id].running = 1;
            launched++;
        }
        if (!running) break;
        /* A search whose answer is no longer needed (a node above it
         * settled by another job) is cut short, and not counted. */
        for (int w = 0; w < running; w++)
            if (!cancelled[w] && (stop_requested || !needed(s, ids[w]))) {
                kill(pids[w], SIGKILL);
                cancelled[w] = 1;
            }
        int status;
        struct rusage ru;
        pid_t pid = wait4(-1, &status, 0, &ru);
        if (pid < 0) {
            if (errno == EINTR) continue;
            fprintf(stderr, "ttt_solve: wait: %s\n", strerror(errno));
            return 1;
        }
        int w = 0;
        while (w < running && pids[w] != pid)
            w++;
        if (w == running) continue;
        int id = ids[w], cut = cancelled[w];
        pids[w] = pids[running - 1];
        cancelled[w] = cancelled[running - 1];
        ids[w] = ids[--running];
        double cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
                     (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
        if (cut) {
            s->jobs[id].running = 0;
            char name[4096];
            solve_result_name(o->dir, id, name, sizeof name);
            remove(name);
            continue;
        }
        if (take_result(o, s, id, cpu)) {
            fprintf(stderr, "ttt_solve: job %d's worker failed (status %d): out of memory?\n", id,
                    status);
            failed = 1;
        }
        finished++;
        int top = s->jobs[id].node;
        while (s->nodes[top].parent > 0)
            top = s->nodes[top].parent;
        int top_was = s->nodes[top].status;
        solve_propagate(s);
        if (solve_save(s, o->dir)) return 1;
        report(s, id, cpu, finished);
        /* The state per first move now and then, and when a first move is
         * settled. */
        if (top > 0 && s->nodes[top].status != SOLVE_OPEN && top_was == SOLVE_OPEN) {
            int sq = s->nodes[top].move;
            printf("  first move %c %d,%d settled: %c %s\n", s->nodes[0].mover ? 'o' : 'x',
                   sq / s->n, sq % s->n, s->attacker ? 'o' : 'x',
                   s->nodes[top].status == SOLVE_HELD ? "never wins" : "wins");
        }
        if (time(NULL) >= last_summary + SUMMARY_EVERY_S) {
            solve_print_summary(s, stdout, 0);
            fflush(stdout);
            last_summary = time(NULL);
        }
    }
    if (solve_save(s, o->dir)) return 1;
    if (s->nodes[0].status == SOLVE_HELD && solve_combine(s, o->dir)) return 1;
    printf("%d job runs\n", finished);
    solve_print_summary(s, stdout, 0);
    if (s->nodes[0].status == SOLVE_HELD)
        printf("%c never wins: proven; the proof from the empty board is %s/proof.txt\n",
               o->attacker ? 'o' : 'x', o->dir);
    else if (s->nodes[0].status == SOLVE_WON)
        printf("%c wins (the split says so; no certificate is written for a win)\n",
               o->attacker ? 'o' : 'x');
    if (failed) return 1;
    return s->nodes[0].status == SOLVE_OPEN ? 3 : 0;
}

/* ========================================================================= */
/* The command line                                                          */
/* ========================================================================= */

static int usage(void)
{
    fprintf(stderr, "usage: ttt_solve N K x|o DIR [--depth D] [--workers W] [--nodes N] "
                    "[--cpu S] [--bits B] [--attempts A] [--max-jobs J] [--focus F] [--status]\n");
    return 2;
}

static int parse(int argc, char **argv, options *o)
{
    if (argc < 5) return -1;
    memset(o, 0, sizeof *o);
    char *end;
    o->n = (int)strtol(argv[1], &end, 10);
    if (*end || o->n < TTT_MIN_SIZE || o->n > TTT_MAX_SIZE) return -1;
    o->k = (int)strtol(argv[2], &end, 10);
    if (*end || o->k < TTT_MIN_K || o->k > o->n) return -1;
    if (strcmp(argv[3], "x") && strcmp(argv[3], "o")) return -1;
    o->attacker = argv[3][0] == 'o';
    o->dir = argv[4];
    o->depth = 2;
    o->workers = 2;
    o->bits = 20;
    o->focus = 2;
    o->nodes = 1000000;
    for (int i = 5; i < argc; i++) {
        if (!strcmp(argv[i], "--status")) {
            o->status_only = 1;
            continue;
        }
        if (i + 1 >= argc) return -1;
        const char *flag = argv[i], *val = argv[++i];
        double v = strtod(val, &end);
        if (*end || v < 0) return -1;
        if (!strcmp(flag, "--depth") && v <= SOLVE_MAX_DEPTH)
            o->depth = (int)v;
        else if (!strcmp(flag, "--workers") && v >= 1 && v <= SOLVE_MAX_WORKERS)
            o->workers = (int)v;
        else if (!strcmp(flag, "--nodes") && v >= 1)
            o->nodes = (uint64_t)v;
        else if (!strcmp(flag, "--cpu"))
            o->cpu = v;
        else if (!strcmp(flag, "--bits") && v >= 10 && v <= 26)
            o->bits = (int)v;
        else if (!strcmp(flag, "--attempts"))
            o->attempts = (int)v;
        else if (!strcmp(flag, "--max-jobs"))
            o->max_jobs = (int)v;
        else if (!strcmp(flag, "--focus") && v >= 1)
            o->focus = (int)v;
        else
            return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    options o;
    if (parse(argc, argv, &o)) return usage();
    if (mkdir(o.dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "ttt_solve: cannot make %s: %s\n", o.dir, strerror(errno));
        return 1;
    }
    static search_tables tables;
    memset(&tables, 0, sizeof tables);
    tables.alloc = ttt__alloc_copy(NULL);
    if (ttt__search_prepare(&tables, o.n, o.k, 0) != TTT_OK) {
        fprintf(stderr, "ttt_solve: out of memory\n");
        return 1;
    }
    search_limits lim = {0, NULL, NULL, NULL, 0, 1, 0, 0};
    search_ctx c;
    ttt__search_begin(&c, &tables, &lim, 0, 0, 0);
    solve_split s;
    if (solve_split_build(&s, &c, o.n, o.k, o.attacker, o.depth)) return 1;
    ttt__search_tables_free(&tables);
    int loaded = solve_load(&s, o.dir), rc;
    if (loaded < 0) {
        rc = 2;
    } else if (o.status_only) {
        solve_print_summary(&s, stdout, 1);
        rc = 0;
    } else {
        int kept = 0;
        for (int i = 0; i < s.njobs; i++)
            kept += s.jobs[i].status != SOLVE_OPEN;
        printf("ttt_solve: (%d,%d,%d), does %c ever win? split %d plies deep: %d jobs; %s\n", o.n,
               o.n, o.k, o.attacker ? 'o' : 'x', o.depth, s.njobs, loaded ? "resumed" : "new");
        if (loaded) printf("resumed: %d settled jobs kept\n", kept);
        fflush(stdout);
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal; /* no SA_RESTART: the wait returns */
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);
        rc = solve_save(&s, o.dir) ? 1 : schedule(&o, &s);
    }
    solve_split_free(&s);
    return rc;
}
