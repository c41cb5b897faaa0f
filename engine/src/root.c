/*
 * root.c - what the AI knows about each move at the root (side 0 to
 * move), from the threat-space search (threat.c) and then the heuristic
 * alpha-beta (search.c); used by the perfect player and by analysis.
 *
 * The threat phase works level by level, r = 1, 2, 3 ... plies from the
 * root: at odd r, which moves win by ply r; at even r, after which moves
 * the opponent wins by ply r. Every square gets the same depth before any
 * gets more, so when a level finds the first win it is the fastest of all,
 * and a deadline leaves every square equally well checked. Two shortcuts
 * keep a level to a search or two where nothing happens:
 *   - one search at the root asks whether any move wins by ply r; only if
 *     one does are the moves looked at one by one, and then only those in
 *     the attacker's zone (squares on lines it can finish by ply r):
 *     any other move is as good as a pass there, which one more search
 *     answers for all of them;
 *   - likewise the opponent's win after a pass (by ply r) is searched
 *     once: if there is none, no move lets it win by ply r (a pass is
 *     never better than a move); if there is, every move outside the zone
 *     loses exactly so, and only moves in the zone are searched.
 * On boards up to SURVEY_EXACT_SQUARES squares each side's win is first
 * searched to the end of the game, which proves most moves drawn or won
 * at once (the levels then only measure the distances); there every move
 * ends up proven. On larger boards the phase has a share of the deadline,
 * and the moves it could not settle are left to the heuristic search.
 */
#include <string.h>

#include "search.h"
#include "ttt/util.h"

/* Boards the perfect player solves by alpha-beta alone (3x3). */
#define SURVEY_ALPHA_BETA_SQUARES 9
/* Boards solved outright (5x5 and smaller): every move proven. */
#define SURVEY_EXACT_SQUARES 25
/* Plies the heuristic search looks ahead to choose among moves proven to
 * draw on boards larger than 5x5. */
#define DRAWN_LOOKAHEAD 4
/* Share of a deadline the threat phase may use on larger boards, in
 * percent: enough for a 9-ply forced win in most positions, leaving the
 * rest to the heuristic search. */
#define THREAT_SHARE_MOVE_PCT 40
#define THREAT_SHARE_ANALYSIS_PCT 60

/* ========================================================================= */
/* Phases with their own share of the deadline                               */
/* ========================================================================= */

/* Lowers the deadline to `pct` percent of what is left of it (no change
 * without a deadline). Returns the real one, for phase_end(). */
static uint64_t phase_begin(search_ctx *c, int pct)
{
    uint64_t real = c->deadline_us;
    if (real) {
        uint64_t now = ttt_clock_us();
        uint64_t left = real > now ? real - now : 0;
        c->deadline_us = now + left * (uint64_t)pct / 100u;
    }
    return real;
}

/* Restores the real deadline; a stop that only the phase's share caused is
 * forgotten. */
static void phase_end(search_ctx *c, uint64_t real)
{
    c->deadline_us = real;
    if (c->stopped) {
        c->stopped = 0;
        (void)ttt__search_poll(c);
    }
}

/* ========================================================================= */
/* The threat phase                                                          */
/* ========================================================================= */

/* Marks a line must hold to be finished by side s within a window of r
 * plies, where s moves first (`first`) or second, and before the board is
 * full. */
static int need_within(const search_pos *p, int r, int first)
{
    int window = first ? (r + 1) / 2 : r / 2;
    int board = first ? (p->nempty + 1) / 2 : p->nempty / 2;
    return p->b->k - (window < board ? window : board);
}

/* Whether `a` wins within r plies after side 0 plays `sq` (side 1 to move
 * then). */
static int after_move(search_ctx *c, int sq, int a, int r)
{
    (void)pos_make(&c->pos, 0, sq); /* no line: immediate wins are settled first */
    int win = ttt__threat_search(c, a, 1, r);
    pos_unmake(&c->pos, 0, sq);
    return win;
}

/* One odd level: which moves win by ply r. */
static void mover_level(search_ctx *c, root_survey *s, int r)
{
    search_pos *p = &c->pos;
    int open = 0;
    for (int i = 0; i < s->count; i++)
        open += !s->win[i] && !s->loss[i] && !s->mover_never[i];
    if (!open) return;
    int any = ttt__threat_search(c, 0, 0, r);
    if (c->stopped) return;
    if (!any) {
        int never = !c->cut;
        for (int i = 0; i < s->count; i++)
            if (never) s->mover_never[i] = 1;
        return;
    }
    /* A single threat of the opponent leaves the block as the only move
     * that can win; else the squares of lines either side can finish by
     * ply r (a move elsewhere is as good as a pass there). */
    uint64_t zone = pos_threats(p, 1);
    if (!zone) zone = pos_zone(p, 0, need_within(p, r, 1)) | pos_zone(p, 1, need_within(p, r, 0));
    int pass = -1, pass_cut = 0; /* mover wins by ply r after a pass? -1: not asked */
    for (int i = 0; i < s->count && !c->stopped; i++) {
        if (s->win[i] || s->loss[i] || s->mover_never[i]) continue;
        int sq = s->squares[i], win, cut;
        if (zone & bb_bit(sq)) {
            win = after_move(c, sq, 0, r - 1);
            cut = c->cut;
        } else {
            if (pass < 0) {
                pass = ttt__threat_search(c, 0, 1, r - 1);
                pass_cut = c->cut;
            }
            win = pass;
            cut = pass_cut;
        }
        if (c->stopped) return;
        if (win)
            s->win[i] = (uint8_t)r;
        else if (!cut)
            s->mover_never[i] = 1;
    }
}

/* One even level: after which moves the opponent wins by ply r. */
static void opponent_level(search_ctx *c, root_survey *s, int r)
{
    search_pos *p = &c->pos;
    int open = 0;
    for (int i = 0; i < s->count; i++)
        open += !s->win[i] && !s->loss[i] && !s->opp_never[i];
    if (!open) return;
    /* The opponent to move at the root: the mover passed. */
    int pass = ttt__threat_search(c, 1, 1, r - 1);
    if (c->stopped) return;
    if (!pass) {
        int never = !c->cut;
        for (int i = 0; i < s->count; i++)
            if (never) s->opp_never[i] = 1;
        return;
    }
    uint64_t zone = pos_zone(p, 1, need_within(p, r, 0)) | pos_zone(p, 0, need_within(p, r, 1));
    for (int i = 0; i < s->count && !c->stopped; i++) {
        if (s->win[i] || s->loss[i] || s->opp_never[i]) continue;
        int sq = s->squares[i];
        if (!(zone & bb_bit(sq))) { /* as good as the pass: loses the same way */
            s->loss[i] = (uint8_t)r;
            continue;
        }
        int win = after_move(c, sq, 1, r - 1);
        if (c->stopped) return;
        if (win)
            s->loss[i] = (uint8_t)r;
        else if (!c->cut)
            s->opp_never[i] = 1;
    }
}

static int settled(const root_survey *s, int i)
{
    return s->win[i] || s->loss[i] || (s->mover_never[i] && s->opp_never[i]);
}

/* The first pass of exact boards: each side's win to the end of the game,
 * for every move. */
static void whole_game(search_ctx *c, root_survey *s)
{
    search_pos *p = &c->pos;
    int whole = p->nempty;
    int mover = ttt__threat_search(c, 0, 0, whole);
    if (c->stopped) return;
    int opponent = ttt__threat_search(c, 1, 1, whole);
    if (c->stopped) return;
    for (int i = 0; i < s->count; i++) {
        if (s->win[i]) continue;
        int sq = s->squares[i];
        int mover_wins = mover && after_move(c, sq, 0, whole - 1);
        if (c->stopped) return;
        s->mover_never[i] = !mover_wins;
        /* A win for one side is a proof the other never wins. */
        int opp_wins = !mover_wins && opponent && after_move(c, sq, 1, whole - 1);
        if (c->stopped) return;
        s->opp_never[i] = !opp_wins;
    }
}

/* The score (search.h convention) of what is proven about move i, or 0
 * when nothing is. */
static int proven_score(const search_ctx *c, const root_survey *s, int i, int *proven)
{
    *proven = 1;
    if (s->win[i]) return SEARCH_WIN - s->win[i];
    if (s->loss[i]) return -(SEARCH_WIN - s->loss[i]);
    if (s->mover_never[i] && s->opp_never[i]) return 0;
    (void)c;
    *proven = 0;
    return 0;
}

/* Whether the threat phase has told everything a caller needs: every move
 * settled (analysis), or for a move, the fastest win found or every move
 * either lost or drawn. */
static int enough(const root_survey *s, int for_move, int level)
{
    int all = 1, win = 0;
    for (int i = 0; i < s->count; i++) {
        all &= settled(s, i);
        win |= s->win[i] != 0 && s->win[i] <= level;
    }
    return all || (for_move && win);
}

void ttt__root_threats(search_ctx *c, int for_move, root_survey *s)
{
    search_pos *p = &c->pos;
    uint64_t empty = pos_empty(p);
    s->count = 0;
    for (int i = 0; i < c->b->nsq; i++) {
        int sq = c->b->order[i];
        if (!(empty & bb_bit(sq))) continue;
        int n = s->count++;
        s->squares[n] = (uint8_t)sq;
        s->win[n] = s->loss[n] = 0;
        s->mover_never[n] = s->opp_never[n] = 0;
        if (pos_make(p, 0, sq)) s->win[n] = 1;
        pos_unmake(p, 0, sq);
    }
    c->root_empty = p->nempty;
    int exact = c->b->nsq <= SURVEY_EXACT_SQUARES;
    uint64_t real = phase_begin(c, exact      ? 100
                                   : for_move ? THREAT_SHARE_MOVE_PCT
                                              : THREAT_SHARE_ANALYSIS_PCT);
    if (exact) whole_game(c, s);
    for (int r = 2; r <= p->nempty && !c->stopped; r++) {
        if (enough(s, for_move, r - 1)) break;
        if (r % 2)
            mover_level(c, s, r);
        else
            opponent_level(c, s, r);
    }
    phase_end(c, real);
    s->value_proven = 0;
    int best = -SEARCH_INF, all = 1;
    for (int i = 0; i < s->count; i++) {
        int proven;
        int v = proven_score(c, s, i, &proven);
        s->proven[i] = (uint8_t)proven;
        s->score[i] = v;
        all &= proven;
        if (proven && v >= SEARCH_WIN_MIN && v > best) best = v;
    }
    /* The levels go in order, so the first win found is the fastest. */
    s->value_proven = all || best >= SEARCH_WIN_MIN;
}

/* ========================================================================= */
/* The perfect player's move                                                 */
/* ========================================================================= */

/* Picks at random among the n moves whose score is highest; returns the
 * index. */
static int pick_top(const int *scores, int n, ttt_rng *rng)
{
    int top = scores[0], ties = 0;
    for (int i = 1; i < n; i++)
        if (scores[i] > top) top = scores[i];
    for (int i = 0; i < n; i++)
        ties += scores[i] == top;
    int pick = rng_below(rng, ties);
    for (int i = 0; i < n; i++)
        if (scores[i] == top && pick-- == 0) return i;
    return 0;
}

/* Fills the result's knowledge from a move's search-style score. */
static void describe(const search_ctx *c, int score, int exact, ttt_ai_result *out)
{
    ttt__search_score_outcome(c, score, exact, &out->outcome, &out->plies);
    out->exact = exact;
    if (!exact) out->plies = 0;
}

/* The depth-limited or traced search of ttt_ai_options::max_depth and
 * ttt_ai_options::trace: plain alpha-beta over every move. */
static int alpha_beta_move(search_ctx *c, const ttt_ai_options *o, ttt_rng *rng, ttt_ai_result *out)
{
    search_root_result r;
    ttt__search_root(c, ~(uint64_t)0, o->max_depth, 0, &r);
    if (!r.completed) return ttt__search_quick_move(c, 0);
    int i = pick_top(r.scores, r.count, rng);
    describe(c, r.scores[i], r.exact, out);
    out->depth = r.depth;
    return r.squares[i];
}

int ttt__root_move(search_ctx *c, const ttt_ai_options *o, ttt_rng *rng, ttt_ai_result *out)
{
    /* 3x3 (when it is searched, not read from the table) is quicker to
     * solve by plain alpha-beta than by the threat phase's many small
     * searches: 83 nodes against 130 on its slowest position. */
    if (o->trace || c->b->nsq <= SURVEY_ALPHA_BETA_SQUARES ||
        (o->max_depth > 0 && o->max_depth < c->pos.nempty))
        return alpha_beta_move(c, o, rng, out);
    root_survey s;
    ttt__root_threats(c, 1, &s);
    int n = s.count, scores[TTT_MAX_SQUARES];

    /* The fastest proven win: every move was checked to that depth. */
    int fastest = 0;
    for (int i = 0; i < n; i++)
        if (s.win[i] && (!fastest || s.win[i] < fastest)) fastest = s.win[i];
    if (fastest) {
        for (int i = 0; i < n; i++)
            scores[i] = s.win[i] == fastest;
        int i = pick_top(scores, n, rng);
        describe(c, s.score[i], 1, out);
        out->depth = fastest;
        return s.squares[i];
    }

    /* The moves not proven lost. If none is left, the slowest loss. */
    uint64_t candidates = 0;
    int all_drawn = 1;
    for (int i = 0; i < n; i++) {
        if (s.loss[i]) continue;
        candidates |= bb_bit(s.squares[i]);
        all_drawn &= s.proven[i];
    }
    if (!candidates) {
        int i = pick_top(s.score, n, rng);
        describe(c, s.score[i], 1, out);
        out->depth = s.loss[i];
        return s.squares[i];
    }
    /* Proven draws on a board the threat phase solves: any will do. */
    if (all_drawn && c->b->nsq <= SURVEY_EXACT_SQUARES) {
        for (int i = 0; i < n; i++)
            scores[i] = s.loss[i] ? -SEARCH_INF : 0;
        int i = pick_top(scores, n, rng);
        describe(c, 0, 1, out);
        out->depth = c->pos.nempty;
        return s.squares[i];
    }

    /* The heuristic search among the moves that do not lose; among proven
     * draws only a short look ahead, for the move that leaves a weaker
     * opponent most chances to go wrong. */
    search_root_result r;
    ttt__search_root(c, candidates, all_drawn ? DRAWN_LOOKAHEAD : 0, 0, &r);
    if (!r.completed) {
        /* Nothing finished: the first candidate in the static order. */
        for (int i = 0; i < n; i++) {
            if (!(candidates & bb_bit(s.squares[i]))) continue;
            describe(c, 0, s.proven[i], out);
            return s.squares[i];
        }
    }
    int i = pick_top(r.scores, r.count, rng), sq = r.squares[i];
    int proven = 0;
    for (int j = 0; j < n; j++)
        if (s.squares[j] == sq) proven = s.proven[j];
    /* A draw the threat phase proved; or whatever the search proved. */
    if (proven)
        describe(c, 0, 1, out);
    else
        describe(c, r.scores[i],
                 r.exact &&
                     (r.scores[i] >= SEARCH_WIN_MIN || r.scores[i] <= -SEARCH_WIN_MIN || all_drawn),
                 out);
    out->depth = r.depth;
    return sq;
}

/* ========================================================================= */
/* Analysis                                                                  */
/* ========================================================================= */

/* A heuristic score as an estimate in -999..999: half way at the weight of
 * a line two marks short of the line length on 5-in-a-row boards. */
#define ESTIMATE_MAX 999
#define ESTIMATE_HALF 64

static int estimate_of(int score, int proven)
{
    if (score >= SEARCH_WIN_MIN) return proven ? TTT_AI_ESTIMATE_WIN : ESTIMATE_MAX;
    if (score <= -SEARCH_WIN_MIN) return proven ? -TTT_AI_ESTIMATE_WIN : -ESTIMATE_MAX;
    if (proven) return 0;
    int mag = score < 0 ? -score : score;
    int e = (int)((long long)ESTIMATE_MAX * mag / (mag + ESTIMATE_HALF));
    return score < 0 ? -e : e;
}

void ttt__root_analyze(search_ctx *c, ttt_analysis *out)
{
    root_survey s;
    int score[TTT_MAX_SQUARES], proven[TTT_MAX_SQUARES];
    int depth = 0;
    if (c->trace) {
        /* A trace asks for the plain search's view of every move. */
        search_root_result r;
        ttt__search_root(c, ~(uint64_t)0, 0, 1, &r);
        s.count = 0;
        for (int i = 0; i < r.count; i++) {
            score[r.squares[i]] = r.completed ? r.scores[i] : 0;
            proven[r.squares[i]] = r.completed && r.exact;
        }
        depth = r.depth;
    } else {
        ttt__root_threats(c, 0, &s);
        uint64_t open = 0;
        for (int i = 0; i < s.count; i++) {
            score[s.squares[i]] = s.score[i];
            proven[s.squares[i]] = s.proven[i];
            if (!s.proven[i] || (!s.win[i] && !s.loss[i])) open |= bb_bit(s.squares[i]);
        }
        int unproven = 0;
        for (int i = 0; i < s.count; i++)
            unproven += !s.proven[i];
        if (unproven && !c->stopped) {
            /* The moves not proven won or lost (proven draws too, so the
             * estimates compare), by the heuristic search with the time
             * that is left. */
            search_root_result r;
            ttt__search_root(c, open, 0, 1, &r);
            for (int i = 0; r.completed && i < r.count; i++) {
                int sq = r.squares[i], v = r.scores[i];
                if (proven[sq]) continue;
                score[sq] = v;
                /* A win or loss the search saw to the end is a proof. */
                proven[sq] = r.exact && (v >= SEARCH_WIN_MIN || v <= -SEARCH_WIN_MIN);
            }
            depth = r.depth;
        }
    }
    ttt__root_fill_analysis(c, score, proven, depth, out);
}

void ttt__root_fill_analysis(const search_ctx *c, const int *score, const int *proven, int depth,
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
    for (int i = 0; i < c->b->nsq; i++) {
        int sq = i; /* row by row, as documented */
        if (!(empty & bb_bit(sq))) continue;
        ttt_move_value *m = &out->moves[out->count++];
        m->pos.row = sq / c->b->size;
        m->pos.col = sq % c->b->size;
        m->proven = proven[sq];
        ttt__search_score_outcome(c, score[sq], proven[sq], &m->outcome, &m->plies);
        m->estimate = estimate_of(score[sq], proven[sq]);
        m->best = score[sq] == best;
        if (m->best && out->best_move.row < 0) out->best_move = m->pos;
    }
    /* The value is proven once every move is, or once a move is proven to
     * win: the levels found no faster win anywhere. */
    out->proven = all || proven_win;
    out->exact = all;
    ttt__search_score_outcome(c, best, out->proven, &out->value, &out->plies);
    out->estimate = estimate_of(best, out->proven);
    out->depth = depth;
}
