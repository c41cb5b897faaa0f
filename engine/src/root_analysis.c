/*
 * root_analysis.c - the value of every move at the root (ttt_ai_analyze()):
 * the proven ones from the survey (root_survey.c), estimates for the
 * others from the heuristic alpha-beta (alphabeta.c), and on 3x3 the
 * table's (table3.c). Above the survey, below the public layer (ai.c).
 */
#include "alphabeta.h"
#include "knowledge.h"
#include "root.h"
#include "table3.h"

/* ========================================================================= */
/* Analysis                                                                  */
/* ========================================================================= */

/* Fills `out` from each free square's score (score.h, indexed by square),
 * whether it is proven, and the heuristic depth reached. */
static void fill_analysis(const search_ctx *c, const int *score, const int *proven, int depth,
                          ttt_analysis *out)
{
    uint64_t empty = pos_empty(&c->pos);
    int best = -SEARCH_INF, all = 1, proven_win = 0;
    for (int sq = 0; sq < c->b->nsq; sq++) {
        if (!(empty & bb_bit(sq))) continue;
        if (score[sq] > best) best = score[sq];
        all &= proven[sq];
        if (proven[sq] && score[sq] >= SEARCH_WIN_MIN) proven_win = 1;
    }
    out->count = 0;
    out->best_move.row = out->best_move.col = -1;
    for (int sq = 0; sq < c->b->nsq; sq++) { /* row by row, as documented */
        if (!(empty & bb_bit(sq))) continue;
        ttt_move_value *m = &out->moves[out->count++];
        m->pos.row = sq / c->b->size;
        m->pos.col = sq % c->b->size;
        m->proven = proven[sq];
        score_outcome(score[sq], proven[sq], c->root_empty, &m->outcome, &m->plies);
        m->estimate = score_estimate(score[sq], proven[sq]);
        m->best = score[sq] == best;
        if (m->best && out->best_move.row < 0) out->best_move = m->pos;
    }
    /* The value is proven once every move is, or once a move is proven to
     * win: the levels found no faster win anywhere. */
    out->proven = all || proven_win;
    out->all_proven = all;
    score_outcome(best, out->proven, c->root_empty, &out->value, &out->plies);
    out->estimate = score_estimate(best, out->proven);
    out->depth = depth;
}

/* The static value (knowledge_evaluate) of the position after side 0
 * plays sq, for side 0, as the heuristic search's leaves value it. */
static int static_value(search_ctx *c, int sq)
{
    search_pos *p = &c->pos;
    (void)pos_make(p, 0, sq); /* immediate wins are proven before this */
    int s_can = ttt__can_win(p, 1, 1, 0), o_can = ttt__can_win(p, 0, 0, 0);
    int v = -knowledge_evaluate(p, 1, s_can, o_can);
    pos_unmake(p, 0, sq);
    return v;
}

/* A trace asks for the plain search's view of every move. */
static int traced_analysis(search_ctx *c, int *score, int *proven)
{
    alphabeta_root_result r;
    ttt__alphabeta_root(c, ~(uint64_t)0, 0, 1, &r);
    for (int i = 0; i < r.count; i++) {
        score[r.squares[i]] = r.completed ? r.scores[i] : 0;
        proven[r.squares[i]] = r.completed && r.exact;
    }
    return r.depth;
}

void ttt__root_analyze(search_ctx *c, ttt_analysis *out)
{
    int score[TTT_MAX_SQUARES], proven[TTT_MAX_SQUARES];
    if (c->trace) {
        int depth = traced_analysis(c, score, proven);
        fill_analysis(c, score, proven, depth, out);
        return;
    }
    root_survey s;
    ttt__root_threats(c, 0, &s);
    uint64_t open = 0;
    int unproven = 0, depth = 0;
    for (int i = 0; i < s.count; i++) {
        score[s.squares[i]] = s.score[i];
        proven[s.squares[i]] = s.proven[i];
        if (s.won_far[i] || s.lost_far[i]) continue; /* decisive already */
        if (!s.proven[i] || (!s.win[i] && !s.loss[i])) open |= bb_bit(s.squares[i]);
        unproven += !s.proven[i];
    }
    /* Every square the search may not reach gets the static value of the
     * position after it, so a stopped analysis still ranks its squares. */
    for (int i = 0; i < s.count; i++)
        if (!s.proven[i] && !s.won_far[i] && !s.lost_far[i])
            score[s.squares[i]] = static_value(c, s.squares[i]);
    if (unproven && !c->stopped) {
        /* The moves not proven won or lost (proven draws too, so the
         * estimates compare), by the heuristic search with the time that
         * is left. */
        alphabeta_root_result r;
        ttt__alphabeta_root(c, open, 0, 1, &r);
        for (int i = 0; r.completed && i < r.count; i++) {
            int sq = r.squares[i], v = r.scores[i];
            if (proven[sq]) continue;
            score[sq] = v;
            /* A win or loss the search saw to the end is a proof. */
            proven[sq] = r.exact && score_is_decisive(v);
        }
        depth = r.depth;
    }
    fill_analysis(c, score, proven, depth, out);
}

void ttt__root_table3_analysis(search_ctx *c, ttt_analysis *out)
{
    int score[TTT_MAX_SQUARES], proven[TTT_MAX_SQUARES];
    for (int sq = 0; sq < TTT_MAX_SQUARES; sq++)
        proven[sq] = 1;
    ttt__table3_scores(c->pos.bb[0], c->pos.bb[1], score);
    fill_analysis(c, score, proven, 0, out);
}
