/*
 * mistake.c - the design manual's fallible search (section 4.4):
 * while searching, every branch is skipped with probability p and counts as
 * Unknown. Where the opponent moves, the worst value for the AI is taken,
 * ranked Loss < Draw < Win < Unknown; where the AI moves the best, ranked
 * Win > Draw > Unknown > Loss (the manual's pseudocode takes the worst at
 * every level, which is only right where the opponent moves). Within Win
 * and Loss the distance counts, as everywhere in the search.
 *
 * On 3x3 the random part reaches the end of the game, exactly as the manual
 * describes. On larger boards a full random tree is out of reach, so only
 * the first few plies are random and the positions below are valued by the
 * deterministic search (ttt__alphabeta_node); the caller picks the split.
 *
 * Pruning never changes the result, only how many coins are thrown:
 *  - a node stops once it has the best value possible for its chooser
 *    (the AI winning, or the opponent beating the AI, on the next ply);
 *  - a node stops when its parent will not choose it whatever comes next:
 *    an AI node whose known value already ranks at or above what its
 *    (opponent) parent has, or an opponent node whose known value ranks at
 *    or below what its (AI) parent has. Known values rank alike in both
 *    orders; an Unknown still to come could only make the AI node rank
 *    higher for the opponent, and cannot come at all into an opponent node
 *    that already holds a known value. The root's own moves get no such
 *    bound, because equal root moves are told apart by the random pick.
 */
#include "alphabeta.h"
#include "mistake.h"

/* The state of one fallible search, beside the shared search context. */
typedef struct mistake_state {
    rng_state *rng;
    double p;       /* probability of skipping a branch */
    int leaf_depth; /* plies ttt__alphabeta_node() looks below the random part */
} mistake_state;

/* Whether `v` is better than `best` for the side choosing at the node. */
static int better(int ai_moves, int v, int best)
{
    return ai_moves ? search_rank_ai(v) > search_rank_ai(best)
                    : search_rank_opp(v) < search_rank_opp(best);
}

static int mistake_node(search_ctx *c, mistake_state *m, int s, int ply, int random_left,
                        int has_bound, int bound);

/* Value for the AI of side s (the mover at `ply`) playing `sq`: a coin
 * first (a mistake skips the branch), then the game's end, the
 * deterministic search below the random part, or the random tree. The AI
 * is side 0. */
static int mistake_move(search_ctx *c, mistake_state *m, int s, int sq, int ply, int random_left,
                        int has_bound, int bound)
{
    int ai_moves = s == 0;
    search_pos *p = &c->pos;
    c->path[ply] = (uint8_t)sq;
    int v = SEARCH_UNKNOWN, h = 0;
    if (!rng_chance(m->rng, m->p)) {
        int score; /* for the mover */
        c->horizon = 0;
        int won = pos_make(p, s, sq);
        if (won) {
            score = SEARCH_WIN - (ply + 1);
        } else if (p->nempty == 0) {
            score = 0;
        } else if (random_left <= 1) {
            score = -ttt__alphabeta_node(c, 1 - s, ply + 1, m->leaf_depth, -SEARCH_INF, SEARCH_INF);
        } else {
            /* The child's value is already for the AI. */
            v = mistake_node(c, m, 1 - s, ply + 1, random_left - 1, has_bound, bound);
            h = c->horizon;
            pos_unmake(p, s, sq);
            goto done;
        }
        pos_unmake(p, s, sq);
        h = c->horizon;
        v = ai_moves ? score : -score;
    }
done:
    /* The trace wants the value for the player who moved; v is the AI's. */
    if (ply < c->trace_depth && !c->stopped)
        ttt__search_trace(c, ply + 1, ai_moves ? v : -v, !h, v == SEARCH_UNKNOWN);
    c->horizon = h;
    return v;
}

/* Value for the AI of the node where side s is to move (the AI is side
 * 0). `bound` is the parent's value so far, when it has one (see the
 * pruning note at the top). */
static int mistake_node(search_ctx *c, mistake_state *m, int s, int ply, int random_left,
                        int has_bound, int bound)
{
    if (search_tick(c)) return SEARCH_UNKNOWN;
    int ai_moves = s == 0;
    uint64_t empty = pos_empty(&c->pos);
    int fastest = SEARCH_WIN - (ply + 1); /* the chooser winning right now */
    int best = SEARCH_UNKNOWN, have = 0, any_h = 0;
    for (int i = 0; i < c->b->nsq; i++) {
        int sq = c->b->order[i];
        if (!(empty & bb_bit(sq))) continue;
        int v = mistake_move(c, m, s, sq, ply, random_left, have, best);
        if (c->stopped) return SEARCH_UNKNOWN;
        any_h |= c->horizon;
        if (!have || better(ai_moves, v, best)) {
            best = v;
            have = 1;
        }
        if (best == SEARCH_UNKNOWN) continue;
        if (ai_moves ? best == fastest : best == -fastest) break;
        if (has_bound && (ai_moves ? search_rank_opp(best) >= search_rank_opp(bound)
                                   : search_rank_ai(best) <= search_rank_ai(bound)))
            break;
    }
    c->horizon = any_h;
    return best;
}

void ttt__mistake_root(search_ctx *c, rng_state *rng, double p, int random_plies, int leaf_depth,
                       mistake_result *out)
{
    mistake_state m = {rng, p, leaf_depth};
    uint64_t empty = pos_empty(&c->pos);
    c->root_empty = c->pos.nempty;
    out->count = 0;
    for (int i = 0; i < c->b->nsq; i++) {
        int sq = c->b->order[i];
        if (!(empty & bb_bit(sq))) continue;
        int v = c->stopped ? SEARCH_UNKNOWN : mistake_move(c, &m, 0, sq, 0, random_plies, 0, 0);
        if (c->stopped) v = SEARCH_UNKNOWN; /* cut short: nothing learnt */
        out->squares[out->count] = (uint8_t)sq;
        out->values[out->count] = v;
        out->exact[out->count] = !c->horizon;
        out->count++;
    }
}
