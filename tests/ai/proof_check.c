/*
 * proof_check.c - an independent checker of the proofs the engine writes
 * (engine/tools/gen_proof.c): that the attacker never wins from the root
 * position, whatever it plays. It shares no code with the engine: its own
 * lines, its own symmetries, its own rules, and only the C library.
 *
 *   proof_check FILE
 *
 * The file is text: a header, then one record per position, and `end`:
 *
 *   ttt-proof 1
 *   board N K                        squares per side, marks in a line
 *   attacker x|o                     the side that must never win
 *   root BOARD x|o                   the position and the side to move
 *   BOARD x|o move R C               the defender, to move, plays (R, C)
 *   BOARD x|o pairs R C R C ...      the attacker is to move, and these
 *                                    pairs block each line it can finish
 *   BOARD x|o potential              the attacker cannot finish a line by
 *                                    the Erdos-Selfridge criterion
 *   end
 *
 * BOARD is N*N characters row by row: x, o or '.'. A record may stand for
 * any of the eight symmetric images of its position.
 *
 * The check walks the game from the root. Where the attacker moves, every
 * free square is tried (unless a record settles the position by a rule);
 * where the defender moves, the record's move is played. The walk fails
 * when the attacker completes a line, when a defender's position has no
 * record, or when a record's rule does not hold. Its leaves are the rules,
 * each checked directly:
 *   - a line completed by the defender, or a full board: the game is over
 *     and the attacker has not won;
 *   - a pairing: disjoint pairs of empty squares such that every line with
 *     no defender's mark, which the attacker could still fill in the moves
 *     it has left, holds both squares of a pair (the defender answers each
 *     mark on a pair with the other square);
 *   - a potential: the sum over those lines of 2^-(empty squares) is below
 *     1/2 with the attacker to move (below 1 with the defender to move),
 *     which by Erdos and Selfridge (1973) lets the defender keep every one
 *     of them from being filled.
 * Exit status 0 when the proof holds, 1 when it does not (with the reason),
 * 2 for a file it cannot read.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_N 8
#define MAX_SQ (MAX_N * MAX_N)
#define MAX_LINES 256
#define LINE_BUF 1024

enum { REC_MOVE, REC_PAIRS, REC_POTENTIAL };

typedef struct position {
    uint64_t mark[2]; /* x's and o's squares */
    int turn;         /* 0: x to move, 1: o */
} position;

typedef struct record {
    position pos; /* canonical */
    int kind;
    int move;                /* REC_MOVE, canonical frame */
    uint8_t partner[MAX_SQ]; /* REC_PAIRS, canonical frame; 255: none */
    int used;
} record;

typedef struct checker {
    int n, k, nsq, attacker;
    int nlines;
    uint64_t line[MAX_LINES];
    int map[8][MAX_SQ]; /* square -> its image under each symmetry */
    int inv[8][MAX_SQ];
    record *recs;
    size_t cap, count;
    position *done; /* positions checked, canonical */
    size_t done_cap, done_count;
    uint64_t visited;
} checker;

static void fail(const char *why, const checker *ck, const position *p)
{
    fprintf(stderr, "proof_check: %s\n", why);
    if (p) {
        for (int i = 0; i < ck->nsq; i++)
            fputc(p->mark[0] >> i & 1 ? 'x' : p->mark[1] >> i & 1 ? 'o' : '.', stderr);
        fprintf(stderr, " %c to move\n", p->turn ? 'o' : 'x');
    }
    exit(1);
}

/* ------------------------------------------------------------------------- */
/* The board: lines and symmetries                                           */
/* ------------------------------------------------------------------------- */

static void build(checker *ck)
{
    static const int dir[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    int n = ck->n;
    ck->nsq = n * n;
    ck->nlines = 0;
    for (int d = 0; d < 4; d++)
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                int er = r + dir[d][0] * (ck->k - 1), ec = c + dir[d][1] * (ck->k - 1);
                if (er < 0 || er >= n || ec < 0 || ec >= n) continue;
                uint64_t m = 0;
                for (int i = 0; i < ck->k; i++)
                    m |= (uint64_t)1 << ((r + dir[d][0] * i) * n + c + dir[d][1] * i);
                ck->line[ck->nlines++] = m;
            }
    for (int s = 0; s < 8; s++)
        for (int sq = 0; sq < ck->nsq; sq++) {
            int r = sq / n, c = sq % n;
            if (s & 4) c = n - 1 - c;
            for (int t = 0; t < (s & 3); t++) {
                int old = r;
                r = c;
                c = n - 1 - old;
            }
            ck->map[s][sq] = r * n + c;
            ck->inv[s][r * n + c] = sq;
        }
}

static uint64_t image(const checker *ck, int s, uint64_t bits)
{
    uint64_t out = 0;
    for (int sq = 0; sq < ck->nsq; sq++)
        if (bits >> sq & 1) out |= (uint64_t)1 << ck->map[s][sq];
    return out;
}

/* The canonical image of p (the smallest of the eight), and the symmetry
 * that gives it. */
static position canonical(const checker *ck, const position *p, int *sym)
{
    position best = *p;
    *sym = 0;
    for (int s = 1; s < 8; s++) {
        position q = {{image(ck, s, p->mark[0]), image(ck, s, p->mark[1])}, p->turn};
        if (q.mark[0] < best.mark[0] || (q.mark[0] == best.mark[0] && q.mark[1] < best.mark[1])) {
            best = q;
            *sym = s;
        }
    }
    return best;
}

static int completed(const checker *ck, uint64_t marks)
{
    for (int i = 0; i < ck->nlines; i++)
        if ((ck->line[i] & marks) == ck->line[i]) return 1;
    return 0;
}

static int popcount(uint64_t x)
{
    int c = 0;
    for (; x; x &= x - 1)
        c++;
    return c;
}

static uint64_t empties(const checker *ck, const position *p)
{
    uint64_t full = ck->nsq == 64 ? ~(uint64_t)0 : ((uint64_t)1 << ck->nsq) - 1;
    return full & ~(p->mark[0] | p->mark[1]);
}

/* ------------------------------------------------------------------------- */
/* Records and checked positions                                             */
/* ------------------------------------------------------------------------- */

static size_t slot(const position *p, size_t cap)
{
    uint64_t h =
        p->mark[0] * UINT64_C(0x9E3779B97F4A7C15) ^ p->mark[1] * UINT64_C(0xC2B2AE3D27D4EB4F);
    h ^= (uint64_t)p->turn * UINT64_C(0x165667B19E3779F9);
    h ^= h >> 29;
    return (size_t)(h & (cap - 1));
}

static int same(const position *a, const position *b)
{
    return a->mark[0] == b->mark[0] && a->mark[1] == b->mark[1] && a->turn == b->turn;
}

static record *find_record(const checker *ck, const position *canon)
{
    for (size_t i = slot(canon, ck->cap);; i = (i + 1) & (ck->cap - 1)) {
        if (!ck->recs[i].used) return NULL;
        if (same(&ck->recs[i].pos, canon)) return &ck->recs[i];
    }
}

static void grow_records(checker *ck);

static record *add_record(checker *ck, const position *canon)
{
    if (2 * (ck->count + 1) > ck->cap) grow_records(ck);
    for (size_t i = slot(canon, ck->cap);; i = (i + 1) & (ck->cap - 1)) {
        if (!ck->recs[i].used) {
            ck->recs[i].used = 1;
            ck->recs[i].pos = *canon;
            ck->count++;
            return &ck->recs[i];
        }
        if (same(&ck->recs[i].pos, canon)) return &ck->recs[i];
    }
}

static void grow_records(checker *ck)
{
    record *old = ck->recs;
    size_t old_cap = ck->cap;
    ck->cap = old_cap ? old_cap * 2 : 1024;
    ck->recs = calloc(ck->cap, sizeof *ck->recs);
    if (!ck->recs) fail("out of memory", ck, NULL);
    ck->count = 0;
    for (size_t i = 0; i < old_cap; i++) {
        if (!old[i].used) continue;
        record *r = add_record(ck, &old[i].pos);
        *r = old[i];
    }
    free(old);
}

static int checked(const checker *ck, const position *canon)
{
    if (!ck->done_cap) return 0;
    for (size_t i = slot(canon, ck->done_cap);; i = (i + 1) & (ck->done_cap - 1)) {
        const position *q = &ck->done[i];
        if (!q->mark[0] && !q->mark[1] && q->turn < 0) return 0;
        if (same(q, canon)) return 1;
    }
}

static void mark_checked(checker *ck, const position *canon)
{
    if (2 * (ck->done_count + 1) > ck->done_cap) {
        position *old = ck->done;
        size_t old_cap = ck->done_cap;
        ck->done_cap = old_cap ? old_cap * 2 : 1024;
        ck->done = malloc(ck->done_cap * sizeof *ck->done);
        if (!ck->done) fail("out of memory", ck, NULL);
        for (size_t i = 0; i < ck->done_cap; i++)
            ck->done[i] = (position){{0, 0}, -1};
        ck->done_count = 0;
        for (size_t i = 0; i < old_cap; i++)
            if (old[i].turn >= 0) mark_checked(ck, &old[i]);
        free(old);
    }
    for (size_t i = slot(canon, ck->done_cap);; i = (i + 1) & (ck->done_cap - 1)) {
        if (ck->done[i].turn < 0) {
            ck->done[i] = *canon;
            ck->done_count++;
            return;
        }
        if (same(&ck->done[i], canon)) return;
    }
}

/* ------------------------------------------------------------------------- */
/* The rules at the leaves                                                   */
/* ------------------------------------------------------------------------- */

/* Whether the attacker could still fill line i: no defender's mark, and no
 * more empty squares than the moves it has left. */
static int open_line(const checker *ck, const position *p, int i, int moves_left)
{
    int a = ck->attacker;
    if (ck->line[i] & p->mark[1 - a]) return 0;
    return popcount(ck->line[i] & ~p->mark[a]) <= moves_left;
}

static int attacker_moves_left(const checker *ck, const position *p)
{
    int e = popcount(empties(ck, p));
    return p->turn == ck->attacker ? (e + 1) / 2 : e / 2;
}

/* partner[] in p's own frame. */
static void check_pairs(const checker *ck, const position *p, const uint8_t *partner)
{
    uint64_t empty = empties(ck, p);
    for (int sq = 0; sq < ck->nsq; sq++) {
        int q = partner[sq];
        if (q == 255) continue;
        if (q >= ck->nsq || partner[q] != sq || q == sq) fail("pairs are not pairs", ck, p);
        if (!(empty >> sq & 1)) fail("a paired square is not empty", ck, p);
    }
    int left = attacker_moves_left(ck, p);
    for (int i = 0; i < ck->nlines; i++) {
        if (!open_line(ck, p, i, left)) continue;
        int blocked = 0;
        for (int sq = 0; sq < ck->nsq && !blocked; sq++)
            blocked =
                partner[sq] != 255 && (ck->line[i] >> sq & 1) && (ck->line[i] >> partner[sq] & 1);
        if (!blocked) fail("a line holds no pair", ck, p);
    }
}

static void check_potential(const checker *ck, const position *p)
{
    /* Sum of 2^(k - empty) over the open lines, against 2^k times the bound. */
    uint64_t sum = 0;
    int left = attacker_moves_left(ck, p);
    for (int i = 0; i < ck->nlines; i++)
        if (open_line(ck, p, i, left))
            sum += (uint64_t)1 << (ck->k - popcount(ck->line[i] & ~p->mark[ck->attacker]));
    uint64_t bound = p->turn == ck->attacker ? (uint64_t)1 << (ck->k - 1) : (uint64_t)1 << ck->k;
    if (sum >= bound) fail("the potential is not small enough", ck, p);
}

/* ------------------------------------------------------------------------- */
/* The walk                                                                  */
/* ------------------------------------------------------------------------- */

static void check(checker *ck, position *p);

/* The side to move plays sq; then the walk goes on unless the game is over. */
static void play(checker *ck, position *p, int sq)
{
    int side = p->turn;
    if (!(empties(ck, p) >> sq & 1)) fail("a move on a taken square", ck, p);
    p->mark[side] |= (uint64_t)1 << sq;
    p->turn = 1 - side;
    if (completed(ck, p->mark[side])) {
        if (side == ck->attacker) fail("the attacker completes a line", ck, p);
    } else if (empties(ck, p)) {
        check(ck, p);
    }
    p->turn = side;
    p->mark[side] &= ~((uint64_t)1 << sq);
}

static void check(checker *ck, position *p)
{
    int sym;
    position canon = canonical(ck, p, &sym);
    if (checked(ck, &canon)) return;
    ck->visited++;
    const record *r = find_record(ck, &canon);
    if (p->turn == ck->attacker) {
        if (r && r->kind == REC_MOVE) fail("a move for the attacker", ck, p);
        if (r && r->kind == REC_POTENTIAL) {
            check_potential(ck, p);
        } else if (r && r->kind == REC_PAIRS) {
            uint8_t partner[MAX_SQ];
            for (int sq = 0; sq < ck->nsq; sq++) {
                int c = r->partner[ck->map[sym][sq]];
                partner[sq] = (uint8_t)(c == 255 ? 255 : ck->inv[sym][c]);
            }
            check_pairs(ck, p, partner);
        } else {
            for (uint64_t m = empties(ck, p); m; m &= m - 1) {
                int sq = 0;
                while (!(m >> sq & 1))
                    sq++;
                play(ck, p, sq);
            }
        }
    } else {
        if (!r) fail("no record for a defender's position", ck, p);
        if (r->kind == REC_PAIRS) fail("pairs where the defender moves", ck, p);
        if (r->kind == REC_POTENTIAL)
            check_potential(ck, p);
        else
            play(ck, p, ck->inv[sym][r->move]);
    }
    mark_checked(ck, &canon);
}

/* ------------------------------------------------------------------------- */
/* Reading the file                                                          */
/* ------------------------------------------------------------------------- */

static int read_board(const checker *ck, const char *text, const char *turn, position *p)
{
    if ((int)strlen(text) != ck->nsq || strlen(turn) != 1) return 0;
    p->mark[0] = p->mark[1] = 0;
    for (int i = 0; i < ck->nsq; i++) {
        if (text[i] == 'x')
            p->mark[0] |= (uint64_t)1 << i;
        else if (text[i] == 'o')
            p->mark[1] |= (uint64_t)1 << i;
        else if (text[i] != '.')
            return 0;
    }
    if (turn[0] != 'x' && turn[0] != 'o') return 0;
    p->turn = turn[0] == 'o';
    return 1;
}

static int read_square(const checker *ck, int *sq)
{
    char *rs = strtok(NULL, " \n"), *cs = strtok(NULL, " \n");
    if (!rs || !cs) return 0;
    int r = atoi(rs), c = atoi(cs);
    if (r < 0 || r >= ck->n || c < 0 || c >= ck->n) return -1;
    *sq = r * ck->n + c;
    return 1;
}

/* Reads one record line into the table. */
static void read_record(checker *ck, char *line, int lineno)
{
    char *board = strtok(line, " \n");
    char *turn = strtok(NULL, " \n"), *kind = strtok(NULL, " \n");
    position p;
    if (!board || !turn || !kind || !read_board(ck, board, turn, &p)) {
        fprintf(stderr, "proof_check: line %d: bad record\n", lineno);
        exit(2);
    }
    int sym;
    position canon = canonical(ck, &p, &sym);
    if (find_record(ck, &canon)) return; /* an image seen before */
    record *r = add_record(ck, &canon);
    memset(r->partner, 255, sizeof r->partner);
    r->move = -1;
    if (!strcmp(kind, "move")) {
        int sq;
        if (read_square(ck, &sq) != 1) {
            fprintf(stderr, "proof_check: line %d: bad move\n", lineno);
            exit(2);
        }
        r->kind = REC_MOVE;
        r->move = ck->map[sym][sq];
    } else if (!strcmp(kind, "pairs")) {
        int x, y, got;
        r->kind = REC_PAIRS;
        while ((got = read_square(ck, &x)) == 1) {
            if (read_square(ck, &y) != 1) got = -1;
            if (got < 0) break;
            int cx = ck->map[sym][x], cy = ck->map[sym][y];
            if (r->partner[cx] != 255 || r->partner[cy] != 255 || cx == cy) {
                fprintf(stderr, "proof_check: line %d: a square in two pairs\n", lineno);
                exit(2);
            }
            r->partner[cx] = (uint8_t)cy;
            r->partner[cy] = (uint8_t)cx;
        }
        if (got < 0) {
            fprintf(stderr, "proof_check: line %d: bad pair\n", lineno);
            exit(2);
        }
    } else if (!strcmp(kind, "potential")) {
        r->kind = REC_POTENTIAL;
    } else {
        fprintf(stderr, "proof_check: line %d: unknown record '%s'\n", lineno, kind);
        exit(2);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: proof_check FILE\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    static checker ck;
    char line[LINE_BUF], board[MAX_SQ + 2], turn[4], att[4];
    position root;
    int lineno = 4, ended = 0;
    if (!fgets(line, sizeof line, f) || strcmp(line, "ttt-proof 1\n") ||
        !fgets(line, sizeof line, f) || sscanf(line, "board %d %d", &ck.n, &ck.k) != 2 ||
        ck.n < 3 || ck.n > MAX_N || ck.k < 3 || ck.k > ck.n || !fgets(line, sizeof line, f) ||
        sscanf(line, "attacker %3s", att) != 1 || (strcmp(att, "x") && strcmp(att, "o"))) {
        fprintf(stderr, "proof_check: %s: bad header\n", argv[1]);
        return 2;
    }
    ck.attacker = att[0] == 'o';
    build(&ck);
    if (!fgets(line, sizeof line, f) || sscanf(line, "root %65s %3s", board, turn) != 2 ||
        !read_board(&ck, board, turn, &root)) {
        fprintf(stderr, "proof_check: %s: bad root\n", argv[1]);
        return 2;
    }
    grow_records(&ck);
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (!strcmp(line, "end\n")) {
            ended = 1;
            break;
        }
        read_record(&ck, line, lineno);
    }
    fclose(f);
    if (!ended) {
        fprintf(stderr, "proof_check: %s: no 'end' (cut short?)\n", argv[1]);
        return 2;
    }
    if (completed(&ck, root.mark[ck.attacker]))
        fail("the attacker has won at the root", &ck, &root);
    check(&ck, &root);
    printf("proof holds: %c never wins on %dx%d, k = %d; %zu records, %" PRIu64
           " positions checked\n",
           att[0], ck.n, ck.n, ck.k, ck.count, ck.visited);
    return 0;
}
