/*
 * pairing.c - finding a pairing strategy (see pairing.h).
 *
 * Two different straight lines share at most one square, so a pair blocks
 * only lines of one row, column or diagonal, and one pair in the middle of
 * a row can block all of that row's windows at once (on 7x7 with k = 5 the
 * three windows of a full row all hold its middle three squares). So the
 * search works per *run*: a stretch of a row, column or diagonal between
 * the defender's marks, long enough to hold windows a could complete.
 * Each run's *patterns* are the sets of disjoint pairs of its free squares
 * that block all of its windows, smallest first (a pattern holding
 * another is left out). A pairing strategy is one pattern per run, no
 * square used twice: a constraint search that takes the run with the
 * fewest patterns left, tries each, and strikes out every pattern of the
 * other runs that uses one of its squares (so a run left with none fails
 * at once). Its budget bounds the work: positions with no pairing are
 * common, and proving that none exists is not needed. A run's patterns
 * depend only on k, its length, its free squares and the windows to
 * block, so a cache (pair_cache, kept by the proof table) remembers them
 * by those: a run seen before costs a look-up, not an enumeration.
 */
#include <string.h>

#include "pairing.h"

/* Runs on the largest board: a row of 8 holds at most two runs. */
#define MAX_RUNS 64
/* Patterns kept per run (the smallest); a run with more is flexible. */
#define MAX_PATTERNS 32
/* Patterns generated per run before the smallest are kept. */
#define MAX_GENERATED 128
/* Pairs in one pattern: each blocks at least one of a run's windows. */
#define MAX_RUN_PAIRS (TTT_MAX_SIZE - TTT_MIN_K + 1)
/* Changes of one choice: its squares (at most 2 per window) times the
 * runs through each. */
#define MAX_TRAIL (MAX_RUNS * 2 * MAX_RUN_PAIRS * 4)

/* One run: its squares in order, and its patterns as square sets, with
 * each pattern's pairs packed 6 bits a pair (positions in the run). */
typedef struct run {
    int len;
    uint8_t sq[TTT_MAX_SIZE];
    int npat;
    uint64_t pat_sq[MAX_PATTERNS];
    uint64_t pat_pairs[MAX_PATTERNS];
    uint8_t pat_npairs[MAX_PATTERNS];
    uint16_t pat_pos[MAX_PATTERNS]; /* each pattern's squares, as positions in the run */
    uint64_t uses[TTT_MAX_SIZE];    /* uses[i]: the patterns using square sq[i] */
} run;

typedef struct pair_search {
    int k;
    int nruns;
    run runs[MAX_RUNS];
    /* For each square, the runs through it and its position in each. */
    uint8_t sq_nruns[TTT_MAX_SQUARES];
    uint8_t sq_run[TTT_MAX_SQUARES][4], sq_pos[TTT_MAX_SQUARES][4];
    uint64_t alive[MAX_RUNS]; /* the patterns each run still may use */
    uint8_t chosen[MAX_RUNS];
    uint8_t done[MAX_RUNS];
    int trail_len;
    uint8_t trail_run[MAX_TRAIL];
    uint64_t trail_mask[MAX_TRAIL];
    int steps, budget;
} pair_search;

/* ========================================================================= */
/* A run's patterns                                                          */
/* ========================================================================= */

typedef struct pattern_gen {
    int k, len;
    uint8_t free_pos; /* bit i: position i of the run may be paired */
    int nwin;
    uint8_t win[TTT_MAX_SIZE]; /* starts of the windows to block */
    int npairs, max_pairs;
    uint8_t px[MAX_RUN_PAIRS], py[MAX_RUN_PAIRS];
    int count;
    uint8_t out_npairs[MAX_GENERATED];
    uint64_t out_pairs[MAX_GENERATED];
    uint16_t out_pos[MAX_GENERATED]; /* the positions used */
} pattern_gen;

/* Whether the window starting at s holds one of the pairs chosen so far. */
static int window_blocked(const pattern_gen *g, int s)
{
    for (int i = 0; i < g->npairs; i++)
        if (g->px[i] >= s && g->py[i] <= s + g->k - 1) return 1;
    return 0;
}

/* Every set of exactly g->max_pairs pairs that blocks the windows from
 * index w on, each pair chosen for the first window not yet blocked. */
static void gen_patterns(pattern_gen *g, int w, unsigned used)
{
    while (w < g->nwin && window_blocked(g, g->win[w]))
        w++;
    if (g->count >= MAX_GENERATED) return;
    if (w == g->nwin) {
        if (g->npairs < g->max_pairs) return; /* found at a smaller size */
        uint64_t packed = 0;
        for (int i = 0; i < g->npairs; i++)
            packed |= (uint64_t)(g->px[i] | g->py[i] << 3) << (6 * i);
        g->out_pairs[g->count] = packed;
        g->out_npairs[g->count] = (uint8_t)g->npairs;
        g->out_pos[g->count] = (uint16_t)used;
        g->count++;
        return;
    }
    if (g->npairs == g->max_pairs) return;
    int s = g->win[w];
    for (int x = s; x < s + g->k; x++) {
        if (!(g->free_pos >> x & 1) || (used >> x & 1)) continue;
        for (int y = x + 1; y < s + g->k; y++) {
            if (!(g->free_pos >> y & 1) || (used >> y & 1)) continue;
            g->px[g->npairs] = (uint8_t)x;
            g->py[g->npairs] = (uint8_t)y;
            g->npairs++;
            gen_patterns(g, w + 1, used | 1u << x | 1u << y);
            g->npairs--;
        }
    }
}

static int popcount16(unsigned x)
{
    return bb_count(x);
}

/* Fills run r's patterns from the generator: the smallest, none holding
 * another. Returns the number kept. */
static int keep_patterns(run *r, const pattern_gen *g)
{
    uint8_t order[MAX_GENERATED];
    int n = 0;
    for (int i = 0; i < g->count; i++) { /* by size, stable */
        int j = n++;
        while (j > 0 && popcount16(g->out_pos[order[j - 1]]) > popcount16(g->out_pos[i])) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = (uint8_t)i;
    }
    r->npat = 0;
    for (int i = 0; i < n && r->npat < MAX_PATTERNS; i++) {
        unsigned pos = g->out_pos[order[i]];
        int redundant = 0;
        for (int j = 0; j < i && !redundant; j++) {
            unsigned other = g->out_pos[order[j]];
            redundant = (other & pos) == other;
        }
        if (redundant) continue;
        int p = r->npat++;
        r->pat_pairs[p] = g->out_pairs[order[i]];
        r->pat_npairs[p] = g->out_npairs[order[i]];
        uint64_t sq = 0;
        for (int x = 0; x < r->len; x++)
            if (pos >> x & 1) sq |= bb_bit(r->sq[x]);
        r->pat_sq[p] = sq;
        r->pat_pos[p] = (uint16_t)pos;
    }
    for (int x = 0; x < r->len; x++) {
        r->uses[x] = 0;
        for (int p = 0; p < r->npat; p++)
            if (r->pat_sq[p] & bb_bit(r->sq[x])) r->uses[x] |= (uint64_t)1 << p;
    }
    return r->npat;
}

/* ========================================================================= */
/* The cache of patterns                                                     */
/* ========================================================================= */

/* A run's patterns depend only on k, its length, which of its positions
 * are free and which of its windows must be blocked, not on where it lies:
 * the cache keeps them by those, in the run's positions. Entries are
 * direct-mapped; a key of 0 is an empty entry (a real key has bit 31). */
typedef struct pair_cache_entry {
    uint32_t key;
    uint8_t npat;
    uint16_t pos[MAX_PATTERNS];
    uint64_t pairs[MAX_PATTERNS];
} pair_cache_entry;

struct pair_cache {
    uint32_t bits; /* log2 of the entries */
    pair_cache_entry e[];
};

size_t ttt__pair_cache_bytes(int bits)
{
    return sizeof(pair_cache) + ((size_t)1 << bits) * sizeof(pair_cache_entry);
}

int ttt__pair_cache_bits(size_t budget)
{
    int bits = PAIR_CACHE_MAX_BITS;
    while (bits >= PAIR_CACHE_MIN_BITS && ttt__pair_cache_bytes(bits) > budget)
        bits--;
    return bits >= PAIR_CACHE_MIN_BITS ? bits : -1;
}

void ttt__pair_cache_init(pair_cache *cache, int bits)
{
    memset(cache, 0, ttt__pair_cache_bytes(bits));
    cache->bits = (uint32_t)bits;
}

static uint32_t cache_key(int k, int len, unsigned free_pos, unsigned win_mask)
{
    return 1u << 31 | (uint32_t)k << 24 | (uint32_t)len << 16 | free_pos << 8 | win_mask;
}

static pair_cache_entry *cache_slot(pair_cache *cache, uint32_t key)
{
    uint32_t h = (key * 0x9E3779B1u) >> (32 - cache->bits);
    return &cache->e[h];
}

/* Gives run r the patterns of a cache entry (in its own squares). */
static void patterns_from_cache(run *r, const pair_cache_entry *ce)
{
    r->npat = ce->npat;
    for (int x = 0; x < r->len; x++)
        r->uses[x] = 0;
    for (int p = 0; p < r->npat; p++) {
        unsigned pos = ce->pos[p];
        uint64_t sq = 0;
        for (unsigned m = pos; m; m &= m - 1) {
            int x = bb_lowest(m);
            sq |= bb_bit(r->sq[x]);
            r->uses[x] |= (uint64_t)1 << p;
        }
        r->pat_sq[p] = sq;
        r->pat_pos[p] = (uint16_t)pos;
        r->pat_pairs[p] = ce->pairs[p];
        r->pat_npairs[p] = (uint8_t)(popcount16(pos) / 2);
    }
}

static void patterns_to_cache(const run *r, pair_cache_entry *ce, uint32_t key)
{
    ce->key = key;
    ce->npat = (uint8_t)r->npat;
    for (int p = 0; p < r->npat; p++) {
        ce->pos[p] = r->pat_pos[p];
        ce->pairs[p] = r->pat_pairs[p];
    }
}

/* Adds the run of `len` squares `sq` (no defender's mark) if it holds a
 * window of a with at least min_count marks. Returns 0 when such a window
 * cannot be blocked at all (or there are too many runs). */
static int add_run(pair_search *ps, const search_pos *p, int a, int min_count, uint64_t avail,
                   const uint8_t *sq, int len, pair_cache *cache)
{
    const int k = ps->k;
    if (len < k) return 1;
    pattern_gen g;
    g.k = k;
    g.len = len;
    g.free_pos = 0;
    g.nwin = 0;
    g.npairs = 0;
    g.count = 0;
    int marks = 0;
    for (int i = 0; i < len; i++) {
        if (avail & bb_bit(sq[i])) g.free_pos |= (uint8_t)(1u << i);
        marks += (p->bb[a] & bb_bit(sq[i])) != 0;
        if (i >= k) marks -= (p->bb[a] & bb_bit(sq[i - k])) != 0;
        if (i >= k - 1 && marks >= min_count) g.win[g.nwin++] = (uint8_t)(i - k + 1);
    }
    if (!g.nwin) return 1;
    if (ps->nruns == MAX_RUNS) return 0;
    run *rn = &ps->runs[ps->nruns];
    rn->len = len;
    memcpy(rn->sq, sq, (size_t)len);
    pair_cache_entry *ce = NULL;
    uint32_t key = 0;
    if (cache) {
        unsigned win_mask = 0;
        for (int i = 0; i < g.nwin; i++)
            win_mask |= 1u << g.win[i];
        key = cache_key(k, len, g.free_pos, win_mask);
        ce = cache_slot(cache, key);
    }
    if (ce && ce->key == key) {
        if (!ce->npat) return 0;
        patterns_from_cache(rn, ce);
    } else {
        /* Smallest first: one pair, then two, ... */
        for (g.max_pairs = 1; g.max_pairs <= g.nwin && g.count < MAX_PATTERNS; g.max_pairs++)
            gen_patterns(&g, 0, 0);
        rn->npat = 0;
        if (g.count) (void)keep_patterns(rn, &g);
        if (ce) patterns_to_cache(rn, ce, key);
        if (!rn->npat) return 0;
    }
    int r = ps->nruns++;
    ps->alive[r] = rn->npat == 64 ? ~(uint64_t)0 : ((uint64_t)1 << rn->npat) - 1;
    for (int i = 0; i < len; i++) {
        int s = sq[i], j = ps->sq_nruns[s]++;
        ps->sq_run[s][j] = (uint8_t)r;
        ps->sq_pos[s][j] = (uint8_t)i;
    }
    return 1;
}

/* ========================================================================= */
/* The search                                                                */
/* ========================================================================= */

/* Run r takes pattern p: the other runs through its squares lose the
 * patterns that use them. Returns 0 when one is left with none. */
static int take(pair_search *ps, int r, int p)
{
    int ok = 1;
    for (uint64_t s = ps->runs[r].pat_sq[p]; s; s &= s - 1) {
        int sq = bb_lowest(s);
        for (int j = 0; j < ps->sq_nruns[sq]; j++) {
            int o = ps->sq_run[sq][j];
            if (o == r || ps->done[o]) continue;
            uint64_t lose = ps->alive[o] & ps->runs[o].uses[ps->sq_pos[sq][j]];
            if (!lose) continue;
            ps->trail_run[ps->trail_len] = (uint8_t)o;
            ps->trail_mask[ps->trail_len] = lose;
            ps->trail_len++;
            ps->alive[o] &= ~lose;
            if (!ps->alive[o]) ok = 0;
        }
    }
    return ok;
}

static void untake(pair_search *ps, int mark)
{
    while (ps->trail_len > mark) {
        ps->trail_len--;
        ps->alive[ps->trail_run[ps->trail_len]] |= ps->trail_mask[ps->trail_len];
    }
}

/* Whether every run not done can take a pattern of those alive. */
static int search(pair_search *ps)
{
    if (++ps->steps > ps->budget) return 0;
    int pick = -1, fewest = 65;
    for (int r = 0; r < ps->nruns; r++) {
        if (ps->done[r]) continue;
        int c = bb_count(ps->alive[r]);
        if (c < fewest) {
            fewest = c;
            pick = r;
            if (c <= 1) break;
        }
    }
    if (pick < 0) return 1;
    if (!fewest) return 0;
    ps->done[pick] = 1;
    for (uint64_t pats = ps->alive[pick]; pats; pats &= pats - 1) {
        int p = bb_lowest(pats), mark = ps->trail_len;
        ps->chosen[pick] = (uint8_t)p;
        if (take(ps, pick, p) && search(ps)) return 1;
        untake(ps, mark);
        if (ps->steps > ps->budget) break;
    }
    ps->done[pick] = 0;
    return 0;
}

int ttt__pairing_find(const search_pos *p, int a, int min_count, uint64_t blocked, int budget,
                      uint8_t *partner, pair_cache *cache)
{
    const search_board *b = p->b;
    const int d = 1 - a;
    uint64_t avail = pos_empty(p) & ~blocked, stops = p->bb[d] | blocked;
    pair_search ps;
    ps.k = b->k;
    ps.nruns = 0;
    ps.trail_len = 0;
    ps.steps = 0;
    ps.budget = budget;
    memset(ps.sq_nruns, 0, sizeof ps.sq_nruns);
    if (min_count < 0) min_count = 0;
    for (int gi = 0; gi < b->ngeo; gi++) {
        int start = 0, len = b->geo_len[gi];
        for (int i = 0; i <= len; i++) {
            if (i < len && !(stops & bb_bit(b->geo_sq[gi][i]))) continue;
            if (!add_run(&ps, p, a, min_count, avail, &b->geo_sq[gi][start], i - start, cache))
                return 0;
            start = i + 1;
        }
    }
    memset(ps.done, 0, sizeof ps.done);
    if (!search(&ps)) return 0;
    if (partner) {
        for (int sq = 0; sq < TTT_MAX_SQUARES; sq++)
            partner[sq] = PAIRING_NONE;
        for (int r = 0; r < ps.nruns; r++) {
            const run *rn = &ps.runs[r];
            int pt = ps.chosen[r];
            for (int i = 0; i < rn->pat_npairs[pt]; i++) {
                unsigned pr = (unsigned)(rn->pat_pairs[pt] >> (6 * i)) & 63u;
                int x = rn->sq[pr & 7u], y = rn->sq[pr >> 3];
                partner[x] = (uint8_t)y;
                partner[y] = (uint8_t)x;
            }
        }
    }
    return 1;
}
