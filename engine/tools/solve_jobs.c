/*
 * solve_jobs.c - the split of ttt_solve, its checkpoint and the combined
 * proof (solve_jobs.h says what each is).
 *
 * The checkpoint, dir/jobs.txt, is text:
 *
 *   ttt-solve 1
 *   board N K
 *   attacker x|o
 *   depth D
 *   jobs COUNT
 *   job ID BOARD x|o PATH STATUS ATTEMPTS NODES CPU PN DN     (COUNT lines)
 *   sum HEX
 *
 * PATH is the squares played from the empty board, joined by '.' ('-' for
 * none); STATUS open, held or won; CPU seconds. HEX is the FNV-1a hash of
 * every byte before the `sum` line, so a file cut short or changed is
 * refused rather than half read.
 */
#include "solve_jobs.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "knowledge.h"
#include "position.h"

/* Longest line of a checkpoint or certificate. */
#define SOLVE_LINE_MAX 1024
/* Longest file name. */
#define SOLVE_PATH_MAX 4096

static const char *const status_names[] = {"open", "held", "won"};

/* ========================================================================= */
/* The split                                                                 */
/* ========================================================================= */

static int add_nodes(solve_split *s, int count)
{
    if (s->nnodes + count > s->cap) {
        int cap = s->cap ? s->cap * 2 : 256;
        while (cap < s->nnodes + count)
            cap *= 2;
        solve_node *grown = realloc(s->nodes, (size_t)cap * sizeof *grown);
        if (!grown) return -1;
        s->nodes = grown;
        s->cap = cap;
    }
    int first = s->nnodes;
    s->nnodes += count;
    return first;
}

/* Gives node i (its position in c) its children, then theirs. */
static int expand(solve_split *s, search_ctx *c, int i)
{
    search_pos *p = &c->pos;
    int t = s->nodes[i].mover, depth = s->nodes[i].depth;
    if (depth == s->depth) {
        if (s->njobs >= SOLVE_MAX_JOBS) {
            fprintf(stderr, "ttt_solve: more than %d jobs: a shallower split\n", SOLVE_MAX_JOBS);
            return -1;
        }
        s->nodes[i].job = s->njobs++;
        return 0;
    }
    uint8_t list[TTT_MAX_SQUARES];
    uint64_t keys[TTT_MAX_SQUARES];
    int n = ttt__order_moves(p, t, pos_empty(p), -1, list), count = 0, sym;
    int squares[TTT_MAX_SQUARES];
    for (int j = 0; j < n; j++) {
        (void)pos_make(p, t, list[j]); /* no line is completed inside the split */
        uint64_t key = pos_key(p, 1 - t, &sym);
        pos_unmake(p, t, list[j]);
        int dup = 0;
        for (int q = 0; q < count && !dup; q++)
            dup = keys[q] == key;
        if (dup) continue;
        keys[count] = key;
        squares[count++] = list[j];
    }
    int first = add_nodes(s, count);
    if (first < 0) return -1;
    s->nodes[i].first = first;
    s->nodes[i].count = count;
    for (int j = 0; j < count; j++) {
        solve_node *ch = &s->nodes[first + j];
        memset(ch, 0, sizeof *ch);
        ch->parent = i;
        ch->depth = depth + 1;
        ch->mover = 1 - t;
        ch->move = squares[j];
        ch->rank = j;
        ch->job = -1;
    }
    for (int j = 0; j < count; j++) {
        (void)pos_make(p, t, squares[j]);
        int r = expand(s, c, first + j);
        pos_unmake(p, t, squares[j]);
        if (r) return r;
    }
    return 0;
}

int solve_split_build(solve_split *s, search_ctx *c, int n, int k, int attacker, int depth)
{
    memset(s, 0, sizeof *s);
    s->n = n;
    s->k = k;
    s->attacker = attacker;
    s->depth = depth;
    if (add_nodes(s, 1) < 0) goto nomem;
    memset(&s->nodes[0], 0, sizeof s->nodes[0]);
    s->nodes[0].parent = -1;
    s->nodes[0].move = -1;
    s->nodes[0].job = -1;
    if (expand(s, c, 0)) goto fail;
    s->jobs = calloc((size_t)s->njobs, sizeof *s->jobs);
    if (!s->jobs) goto nomem;
    for (int i = 0; i < s->nnodes; i++)
        if (s->nodes[i].job >= 0) {
            solve_job *j = &s->jobs[s->nodes[i].job];
            j->node = i;
            j->pn = j->dn = 1;
        }
    return 0;
nomem:
    fprintf(stderr, "ttt_solve: out of memory\n");
fail:
    solve_split_free(s);
    return -1;
}

void solve_split_free(solve_split *s)
{
    free(s->nodes);
    free(s->jobs);
    memset(s, 0, sizeof *s);
}

int solve_path(const solve_split *s, int i, int *moves)
{
    int len = s->nodes[i].depth;
    for (int d = len; d > 0; d--, i = s->nodes[i].parent)
        moves[d - 1] = s->nodes[i].move;
    return len;
}

void solve_board_text(const solve_split *s, int i, char *text)
{
    int moves[SOLVE_MAX_DEPTH], len = solve_path(s, i, moves), nsq = s->n * s->n;
    memset(text, '.', (size_t)nsq);
    text[nsq] = '\0';
    for (int d = 0; d < len; d++)
        text[moves[d]] = d % 2 ? 'o' : 'x';
}

void solve_propagate(solve_split *s)
{
    /* Children come after their parents: one pass from the end. */
    for (int i = s->nnodes - 1; i >= 0; i--) {
        solve_node *nd = &s->nodes[i];
        if (nd->job >= 0) {
            nd->status = s->jobs[nd->job].status;
            continue;
        }
        int held = 0, won = 0;
        for (int j = 0; j < nd->count; j++) {
            held += s->nodes[nd->first + j].status == SOLVE_HELD;
            won += s->nodes[nd->first + j].status == SOLVE_WON;
        }
        if (nd->mover == s->attacker)
            nd->status = won ? SOLVE_WON : held == nd->count ? SOLVE_HELD : SOLVE_OPEN;
        else
            nd->status = held ? SOLVE_HELD : won == nd->count ? SOLVE_WON : SOLVE_OPEN;
    }
}

/* ========================================================================= */
/* The checkpoint                                                            */
/* ========================================================================= */

static uint64_t fnv1a(const char *data, size_t len)
{
    uint64_t h = UINT64_C(0xCBF29CE484222325);
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)data[i];
        h *= UINT64_C(0x100000001B3);
    }
    return h;
}

/* Writes `len` bytes to path atomically: a temporary file, flushed to the
 * disk, renamed over path. */
static int write_atomic(const char *path, const char *data, size_t len)
{
    char tmp[SOLVE_PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f) goto fail;
    int bad = fwrite(data, 1, len, f) != len || fflush(f) != 0 || fsync(fileno(f)) != 0;
    if (fclose(f) != 0 || bad || rename(tmp, path) != 0) goto fail;
    return 0;
fail:
    fprintf(stderr, "ttt_solve: cannot write %s: %s\n", path, strerror(errno));
    return -1;
}

/* A growing text buffer. */
typedef struct text_buf {
    char *data;
    size_t len, cap;
    int failed;
} text_buf;

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static void
put(text_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char line[SOLVE_LINE_MAX];
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line) {
        b->failed = 1;
        return;
    }
    if (b->len + (size_t)n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 65536;
        char *grown = realloc(b->data, cap);
        if (!grown) {
            b->failed = 1;
            return;
        }
        b->data = grown;
        b->cap = cap;
    }
    memcpy(b->data + b->len, line, (size_t)n + 1);
    b->len += (size_t)n;
}

static void path_text(const solve_split *s, int node, char *out)
{
    int moves[SOLVE_MAX_DEPTH], len = solve_path(s, node, moves);
    out[0] = '-';
    out[1] = '\0';
    for (int d = 0, at = 0; d < len; d++)
        at += sprintf(out + at, d ? ".%d" : "%d", moves[d]);
}

int solve_save(const solve_split *s, const char *dir)
{
    text_buf b = {NULL, 0, 0, 0};
    put(&b, "ttt-solve 1\nboard %d %d\nattacker %c\ndepth %d\njobs %d\n", s->n, s->k,
        s->attacker ? 'o' : 'x', s->depth, s->njobs);
    for (int i = 0; i < s->njobs; i++) {
        const solve_job *j = &s->jobs[i];
        char board[TTT_MAX_SQUARES + 1], path[SOLVE_MAX_DEPTH * 4 + 2];
        solve_board_text(s, j->node, board);
        path_text(s, j->node, path);
        put(&b, "job %d %s %c %s %s %d %" PRIu64 " %.3f %" PRIu32 " %" PRIu32 "\n", i, board,
            s->nodes[j->node].mover ? 'o' : 'x', path, status_names[j->status], j->attempts,
            j->nodes, j->cpu, j->pn, j->dn);
    }
    if (!b.failed) put(&b, "sum %016" PRIx64 "\n", fnv1a(b.data, b.len));
    char name[SOLVE_PATH_MAX];
    snprintf(name, sizeof name, "%s/jobs.txt", dir);
    int r = -1;
    if (b.failed)
        fprintf(stderr, "ttt_solve: out of memory\n");
    else
        r = write_atomic(name, b.data, b.len);
    free(b.data);
    return r;
}

/* Reads a whole file; NULL when it cannot (errno says why). */
static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 65536, n = 0;
    char *data = malloc(cap + 1);
    while (data) {
        n += fread(data + n, 1, cap - n, f);
        if (n < cap) break;
        char *grown = realloc(data, cap * 2 + 1);
        if (!grown) {
            free(data);
            data = NULL;
            break;
        }
        data = grown;
        cap *= 2;
    }
    int err = ferror(f);
    fclose(f);
    if (data && err) {
        free(data);
        data = NULL;
    }
    if (data) {
        data[n] = '\0';
        *len = n;
    }
    return data;
}

static int corrupt(const char *name, int line, const char *why)
{
    char where[32] = "at its end";
    if (line) snprintf(where, sizeof where, "line %d", line);
    fprintf(stderr, "ttt_solve: %s: corrupt checkpoint (%s: %s); move it away to start again\n",
            name, where, why);
    return -1;
}

int solve_load(solve_split *s, const char *dir)
{
    char name[SOLVE_PATH_MAX];
    snprintf(name, sizeof name, "%s/jobs.txt", dir);
    size_t len;
    char *data = read_all(name, &len);
    if (!data) {
        if (errno == ENOENT) return 0;
        fprintf(stderr, "ttt_solve: cannot read %s: %s\n", name, strerror(errno));
        return -1;
    }
    int r = -1;
    /* The sum line: the last one. */
    char *last = data + len;
    if (len && last[-1] == '\n') last--;
    char *start = last;
    while (start > data && start[-1] != '\n')
        start--;
    uint64_t want;
    if (len == 0 || sscanf(start, "sum %" SCNx64, &want) != 1) {
        r = corrupt(name, 0, "no checksum at the end: cut short?");
        goto out;
    }
    if (fnv1a(data, (size_t)(start - data)) != want) {
        r = corrupt(name, 0, "the checksum does not match");
        goto out;
    }
    *start = '\0';
    int n, k, depth, count, lineno = 5;
    char att;
    if (sscanf(data, "ttt-solve 1\nboard %d %d\nattacker %c\ndepth %d\njobs %d\n", &n, &k, &att,
               &depth, &count) != 5) {
        r = corrupt(name, 1, "bad header");
        goto out;
    }
    if (n != s->n || k != s->k || (att == 'o') != s->attacker || depth != s->depth ||
        count != s->njobs) {
        fprintf(stderr,
                "ttt_solve: %s is the checkpoint of another run: (%d,%d,%d), attacker %c, depth "
                "%d, %d jobs\n",
                name, n, n, k, att, depth, count);
        goto out;
    }
    char *line = data;
    for (int skip = 0; skip < 5; skip++)
        line = strchr(line, '\n') + 1;
    for (int i = 0; i < count; i++) {
        lineno++;
        char *eol = strchr(line, '\n');
        if (!eol) {
            r = corrupt(name, lineno, "a job is missing");
            goto out;
        }
        *eol = '\0';
        int id, attempts, used = 0;
        char board[TTT_MAX_SQUARES + 2], want_board[TTT_MAX_SQUARES + 1], turn, path[64],
            want_path[SOLVE_MAX_DEPTH * 4 + 2], status[8];
        uint64_t nodes;
        double cpu;
        uint32_t pn, dn;
        if (sscanf(line, "job %d %65s %c %63s %7s %d %" SCNu64 " %lf %" SCNu32 " %" SCNu32 "%n",
                   &id, board, &turn, path, status, &attempts, &nodes, &cpu, &pn, &dn,
                   &used) != 10 ||
            line[used] != '\0' || id != i || attempts < 0 || cpu < 0) {
            r = corrupt(name, lineno, "bad job line");
            goto out;
        }
        solve_job *j = &s->jobs[i];
        solve_board_text(s, j->node, want_board);
        path_text(s, j->node, want_path);
        if (strcmp(board, want_board) || strcmp(path, want_path) ||
            turn != (s->nodes[j->node].mover ? 'o' : 'x')) {
            r = corrupt(name, lineno, "the job's position is not the split's");
            goto out;
        }
        int st = -1;
        for (int q = 0; q < 3; q++)
            if (!strcmp(status, status_names[q])) st = q;
        if (st < 0) {
            r = corrupt(name, lineno, "unknown status");
            goto out;
        }
        if (st == SOLVE_HELD) {
            char cert[SOLVE_PATH_MAX];
            solve_cert_name(dir, i, cert, sizeof cert);
            if (access(cert, R_OK) != 0) {
                fprintf(stderr, "ttt_solve: %s: job %d is held but its certificate %s is missing\n",
                        name, i, cert);
                goto out;
            }
        }
        j->status = st;
        j->attempts = attempts;
        j->nodes = nodes;
        j->cpu = cpu;
        j->pn = pn;
        j->dn = dn;
        line = eol + 1;
    }
    if (*line) {
        r = corrupt(name, lineno + 1, "more lines than jobs");
        goto out;
    }
    solve_propagate(s);
    r = 1;
out:
    free(data);
    return r;
}

void solve_cert_name(const char *dir, int job, char *out, size_t size)
{
    snprintf(out, size, "%s/job-%d.proof", dir, job);
}

void solve_result_name(const char *dir, int job, char *out, size_t size)
{
    snprintf(out, size, "%s/job-%d.result", dir, job);
}

/* ========================================================================= */
/* The combined proof                                                        */
/* ========================================================================= */

/* Writes node i's part: a defender's node, its move to its first held
 * child; an attacker's node, every child's part; a job, its certificate's
 * records. */
static int combine_node(const solve_split *s, const char *dir, int i, text_buf *b)
{
    const solve_node *nd = &s->nodes[i];
    if (nd->job >= 0) {
        char cert[SOLVE_PATH_MAX];
        solve_cert_name(dir, nd->job, cert, sizeof cert);
        FILE *f = fopen(cert, "r");
        if (!f) {
            fprintf(stderr, "ttt_solve: cannot read %s: %s\n", cert, strerror(errno));
            return -1;
        }
        char line[SOLVE_LINE_MAX];
        int lineno = 0, ended = 0;
        while (!ended && fgets(line, sizeof line, f)) {
            if (++lineno <= 4) continue; /* its header and root */
            if (!strcmp(line, "end\n"))
                ended = 1;
            else
                put(b, "%s", line);
        }
        fclose(f);
        if (!ended) {
            fprintf(stderr, "ttt_solve: %s: no 'end' (cut short?)\n", cert);
            return -1;
        }
        return 0;
    }
    for (int j = 0; j < nd->count; j++) {
        int ch = nd->first + j;
        if (s->nodes[ch].status != SOLVE_HELD) continue;
        if (nd->mover != s->attacker) {
            char board[TTT_MAX_SQUARES + 1];
            solve_board_text(s, i, board);
            int sq = s->nodes[ch].move;
            put(b, "%s %c move %d %d\n", board, nd->mover ? 'o' : 'x', sq / s->n, sq % s->n);
            return combine_node(s, dir, ch, b);
        }
        if (combine_node(s, dir, ch, b)) return -1;
    }
    return 0;
}

int solve_combine(const solve_split *s, const char *dir)
{
    if (s->nodes[0].status != SOLVE_HELD) return -1;
    text_buf b = {NULL, 0, 0, 0};
    char root[TTT_MAX_SQUARES + 1];
    solve_board_text(s, 0, root);
    put(&b, "ttt-proof 1\nboard %d %d\nattacker %c\nroot %s x\n", s->n, s->k,
        s->attacker ? 'o' : 'x', root);
    int r = combine_node(s, dir, 0, &b);
    put(&b, "end\n");
    char name[SOLVE_PATH_MAX];
    snprintf(name, sizeof name, "%s/proof.txt", dir);
    if (!r && b.failed) {
        fprintf(stderr, "ttt_solve: out of memory\n");
        r = -1;
    }
    if (!r) r = write_atomic(name, b.data, b.len);
    free(b.data);
    return r;
}

/* ========================================================================= */
/* The summary                                                               */
/* ========================================================================= */

typedef struct tally {
    int held, won, open, tried;
    uint64_t nodes;
    double cpu;
} tally;

static void count_below(const solve_split *s, int i, tally *t)
{
    const solve_node *nd = &s->nodes[i];
    if (nd->job >= 0) {
        const solve_job *j = &s->jobs[nd->job];
        t->held += j->status == SOLVE_HELD;
        t->won += j->status == SOLVE_WON;
        t->open += j->status == SOLVE_OPEN;
        t->tried += j->attempts > 0;
        t->nodes += j->nodes;
        t->cpu += j->cpu;
        return;
    }
    for (int j = 0; j < nd->count; j++)
        count_below(s, nd->first + j, t);
}

static void move_text(const solve_split *s, int i, char *out)
{
    int moves[SOLVE_MAX_DEPTH], len = solve_path(s, i, moves), at = 0;
    out[0] = '\0';
    for (int d = 0; d < len; d++)
        at += sprintf(out + at, "%s%c %d,%d", d ? " " : "", d % 2 ? 'o' : 'x', moves[d] / s->n,
                      moves[d] % s->n);
}

/* One line per job below node i that was searched. */
static void print_jobs(const solve_split *s, int i, FILE *out)
{
    const solve_node *nd = &s->nodes[i];
    if (nd->job < 0) {
        for (int j = 0; j < nd->count; j++)
            print_jobs(s, nd->first + j, out);
        return;
    }
    const solve_job *j = &s->jobs[nd->job];
    if (!j->attempts) return;
    char moves[64];
    move_text(s, i, moves);
    fprintf(out, "      job %d (%s): %s, %d attempts, %" PRIu64 " nodes, %.1f s", nd->job, moves,
            status_names[j->status], j->attempts, j->nodes, j->cpu);
    if (j->status == SOLVE_OPEN)
        fprintf(out, "; proof number %" PRIu32 ", disproof number %" PRIu32, j->pn, j->dn);
    fprintf(out, "\n");
}

void solve_print_summary(const solve_split *s, FILE *out, int jobs)
{
    const char *side = s->attacker ? "O" : "X";
    const solve_node *root = &s->nodes[0];
    tally all = {0, 0, 0, 0, 0, 0};
    count_below(s, 0, &all);
    fprintf(out,
            "(%d,%d,%d), does %s ever win? %s; split %d plies deep: %d jobs, %d held, %d won, "
            "%d open (%d tried); %" PRIu64 " nodes, %.1f s of CPU\n",
            s->n, s->n, s->k, side,
            root->status == SOLVE_HELD  ? "NO (proven)"
            : root->status == SOLVE_WON ? "yes"
                                        : "open",
            s->depth, s->njobs, all.held, all.won, all.open, all.tried, all.nodes, all.cpu);
    for (int c = 0; c < root->count; c++) {
        int i = root->first + c;
        tally t = {0, 0, 0, 0, 0, 0};
        count_below(s, i, &t);
        char moves[64];
        move_text(s, i, moves);
        fprintf(out,
                "  %-8s %-5s jobs %d held, %d won, %d open (%d tried); %" PRIu64 " nodes, %.1f s",
                moves, status_names[s->nodes[i].status], t.held, t.won, t.open, t.tried, t.nodes,
                t.cpu);
        /* What holds it: the first held child (the joined proof's). */
        for (int j = 0; j < s->nodes[i].count && s->nodes[i].status == SOLVE_HELD; j++) {
            int ch = s->nodes[i].first + j;
            if (s->nodes[ch].status != SOLVE_HELD || s->nodes[i].mover == s->attacker) continue;
            int sq = s->nodes[ch].move;
            fprintf(out, "; held by %c %d,%d", s->attacker ? 'x' : 'o', sq / s->n, sq % s->n);
            break;
        }
        fprintf(out, "\n");
        if (jobs) print_jobs(s, i, out);
    }
}
