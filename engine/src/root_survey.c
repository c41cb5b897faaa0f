/*
 * root_survey.c - the survey at the root (side 0 to move): what the
 * threat-space search (threat.c) and the proof-number search (proof.c)
 * prove about every move, for the move choice (root_move.c) and the
 * analysis (root_analysis.c). Above the searchers, below the public layer
 * (ai.c).
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
 * On boards up to BOARD_EXACT_SQUARES squares each side's win is first
 * searched to the end of the game, which proves most moves drawn or won
 * at once (the levels then only measure the distances); there every move
 * ends up proven. On larger boards the phase has a share of the deadline,
 * and the moves it could not settle are left to the heuristic search.
 */
#include <string.h>

#include "book.h"
#include "knowledge.h"
#include "proof.h"
#include "root.h"
#include "score.h"
#include "support_clock.h"
#include "threat.h"

/* Share of a deadline the threat phase may use on larger boards, in
 * percent: enough for a 9-ply forced win in most positions, leaving the
 * rest to the heuristic search. */
#define THREAT_SHARE_MOVE_PCT 30
#define THREAT_SHARE_ANALYSIS_PCT 40
/* Share of what is left of a deadline the proof phase may use on larger
 * boards, in percent: the rest goes to the heuristic search. */
#define PROOF_SHARE_MOVE_PCT 50
#define PROOF_SHARE_ANALYSIS_PCT 60
/* The proof phase's share of a move when no move is proven safe yet: the
 * heuristic search can only guess among unproven moves (a forced win 13
 * plies deep is beyond it), and the proofs are what tells them apart. */
#define PROOF_SHARE_UNSAFE_PCT 85
/* The proof phase's rounds (see proof_phase): the nodes each question gets
 * in the first, the growth from round to round, and the round after which
 * choosing a move stops once a move is proven safe. */
#define PROOF_FIRST_ROUND_NODES 16
#define PROOF_ROUND_GROWTH 4
#define PROOF_MOVE_ROUND_NODES 1024
/* The mover's question at the root gets this many times a move's nodes:
 * it settles every move at once. (With 4, on the first position of issue
 * 21 it took more than half of each round without settling anything, and
 * proving the one drawing move took 60 ms instead of 33.) */
#define PROOF_ROOT_SHARE 2
/* On the larger boards the threat levels first go this deep, enough for
 * the forced wins of 11 plies of the k = 4 boards, before the proof phase
 * (deeper levels cost ten times more at each ply; the proof-number search
 * settles what they leave); an analysis then goes on with them. */
#define LEVELS_BEFORE_PROOF 12
/* Levels up to this one are always begun; a later one only when it can be
 * expected to finish (levels()): a level costs up to LEVEL_GROWTH times
 * the last level of the same side. On the first position of issue 21 (8x8,
 * k = 5) level 10 took 11 ms and level 12 49 ms: in a 100 ms move level 12
 * was cut, and the proof phase, which settles the deeper wins (there 13
 * plies), came too late. Where level 12 is cheap (early in a game) it
 * finds the 11-ply wins the proof phase would take longer over. */
#define LEVELS_ALWAYS 11
#define LEVEL_GROWTH 4

/* ========================================================================= */
/* Phases with their own share of the deadline                               */
/* ========================================================================= */

/* Lowers the deadline to `pct` percent of what is left of it (no change
 * without a deadline). Returns the real one, for ttt__root_phase_end(). */
uint64_t ttt__root_phase_begin(search_ctx *c, int pct)
{
    uint64_t real = c->deadline_us;
    if (real) {
        uint64_t now = ttt__search_now(c);
        uint64_t left = real > now ? real - now : 0;
        c->deadline_us = now + left * (uint64_t)pct / 100u;
    }
    return real;
}

/* Restores the real deadline; a stop that only the phase's share caused is
 * forgotten. */
void ttt__root_phase_end(search_ctx *c, uint64_t real)
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
int ttt__root_after_move(search_ctx *c, int sq, int a, int r)
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
            win = ttt__root_after_move(c, sq, 0, r - 1);
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
        int win = ttt__root_after_move(c, sq, 1, r - 1);
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
        int mover_wins = mover && ttt__root_after_move(c, sq, 0, whole - 1);
        if (c->stopped) return;
        s->mover_never[i] = !mover_wins;
        /* A win for one side is a proof the other never wins. */
        int opp_wins = !mover_wins && opponent && ttt__root_after_move(c, sq, 1, whole - 1);
        if (c->stopped) return;
        s->opp_never[i] = !opp_wins;
    }
}

/* The fastest proven win of the survey, or 0. */
int ttt__root_fastest_win(const root_survey *s)
{
    int fastest = 0;
    for (int i = 0; i < s->count; i++)
        if (s->win[i] && (!fastest || s->win[i] < fastest)) fastest = s->win[i];
    return fastest;
}

/* ========================================================================= */
/* The proof phase                                                           */
/* ========================================================================= */

/* Whether side a ever wins from the position, side s to move, by the
 * proof-number search within `node_cap` nodes (0: no cap) and the call's
 * limits: 1 yes, -1 never, 0 not settled. A stop the cap caused is
 * forgotten. */
int ttt__root_prove(search_ctx *c, int a, int s, uint64_t node_cap, int *move)
{
    uint64_t limit = c->node_limit;
    if (node_cap && (!limit || c->nodes + node_cap < limit)) c->node_limit = c->nodes + node_cap;
    proof_result r;
    ttt__prove(c, c->pn, a, s, &r);
    c->node_limit = limit;
    if (c->stopped) {
        c->stopped = 0;
        (void)ttt__search_poll(c);
    }
    *move = r.move;
    return r.solved;
}

/* Whether some move not proven lost is proven safe: the opponent never
 * wins after it. */
static int any_safe(const root_survey *s)
{
    for (int i = 0; i < s->count; i++)
        if (s->opp_never[i] && !s->loss[i] && !s->lost_far[i]) return 1;
    return 0;
}

/* Whether move i is still open: neither won nor lost, nor proven safe. */
static int proof_open(const root_survey *s, int i)
{
    return !s->win[i] && !s->loss[i] && !s->won_far[i] && !s->lost_far[i] && !s->opp_never[i];
}

/*
 * What the proof-number search proves beyond the threat levels: whether
 * the mover can win at all (one question at the root), and for each open
 * move whether the opponent can win after it. The questions are asked in
 * rounds, each with four times the nodes of the last (the table keeps what
 * earlier rounds learned), so the easy answers come first whatever the
 * order: a good move is proven safe in tens of nodes (the centre of 7x7,
 * k = 5, in 10), and some bad ones take 100,000 (the middle of its edge).
 * Until a move is proven safe each round first asks the opponent's
 * question at the root (does it win whatever the mover plays?), which the
 * search answers by going to the move cheapest to prove safe. Choosing a
 * move stops once a move is proven safe, the mover's question is answered
 * and a round of PROOF_MOVE_ROUND_NODES is done.
 */
static void proof_phase(search_ctx *c, root_survey *s, int for_move)
{
    search_pos *p = &c->pos;
    if (for_move && ttt__root_fastest_win(s)) return;
    /* The opponent's book strategy reached this position: no win here. */
    int defended = c->use_book && ttt__book_defended(c->b, p->bb[0], p->bb[1]), mover_open = 0;
    for (int i = 0; i < s->count; i++) {
        if (defended) s->mover_never[i] = 1;
        mover_open |= !s->win[i] && !s->loss[i] && !s->mover_never[i];
    }
    int safe_before = 0;
    for (uint64_t cap = PROOF_FIRST_ROUND_NODES; !c->stopped; cap *= PROOF_ROUND_GROWTH) {
        int open = 0, safe = 0, capped = 0;
        uint64_t moves = 0;
        for (int i = 0; i < s->count; i++)
            if (proof_open(s, i)) moves |= bb_bit(s->squares[i]);
        /* Until a move is proven safe, first one question for them all:
         * does the opponent win whatever the mover plays? The search then
         * goes where a safe move is cheapest to prove. */
        if (!safe_before && moves && !c->stopped) {
            int move, all = ttt__root_prove(c, 1, 0, cap * PROOF_ROOT_SHARE, &move);
            for (int i = 0; i < s->count; i++) {
                if (all == -1 && s->squares[i] == move && !s->loss[i]) s->opp_never[i] = 1;
                if (all == 1 && proof_open(s, i)) s->lost_far[i] = 1;
            }
            capped |= all == 0;
            moves = 0;
            for (int i = 0; i < s->count; i++)
                if (proof_open(s, i)) moves |= bb_bit(s->squares[i]);
        }
        /* Once a move is proven safe, a choice needs no harder proofs of
         * the others. */
        uint64_t move_cap = cap;
        if (for_move && safe_before && move_cap > PROOF_MOVE_ROUND_NODES)
            move_cap = PROOF_MOVE_ROUND_NODES;
        uint8_t list[TTT_MAX_SQUARES];
        int n = ttt__order_moves(p, 0, moves, -1, list), v[TTT_MAX_SQUARES];
        uint64_t keys[TTT_MAX_SQUARES];
        for (int j = 0; j < n && !c->stopped; j++) {
            int i = 0, move, sym, twin = -1;
            while (s->squares[i] != list[j])
                i++;
            (void)pos_make(p, 0, list[j]);
            keys[j] = pos_key(p, 1, &sym);
            for (int t = 0; t < j && twin < 0; t++)
                if (keys[t] == keys[j]) twin = t; /* a symmetric image: the same answer */
            v[j] = twin >= 0 ? v[twin] : ttt__root_prove(c, 1, 1, move_cap, &move);
            pos_unmake(p, 0, list[j]);
            if (v[j] == -1) s->opp_never[i] = 1;
            if (v[j] == 1) s->lost_far[i] = 1;
            capped |= v[j] == 0;
        }
        if (mover_open && !c->stopped) {
            int move, root = ttt__root_prove(c, 0, 0, cap * PROOF_ROOT_SHARE, &move);
            mover_open = root == 0;
            capped |= root == 0;
            for (int i = 0; i < s->count; i++) {
                if (root == -1) s->mover_never[i] = 1;
                if (root == 1 && s->squares[i] == move && !s->win[i]) s->won_far[i] = 1;
            }
            if (root == 1 && for_move) return;
        }
        for (int i = 0; i < s->count; i++) {
            open += proof_open(s, i);
            safe += s->opp_never[i] && !s->loss[i];
        }
        safe_before = safe;
        if (!capped || (!open && !mover_open)) break;
        if (for_move && safe && !mover_open && cap >= PROOF_MOVE_ROUND_NODES) break;
    }
}

/* The score (score.h) of what is proven about move i, or 0
 * when nothing is. */
static int proven_score(const search_ctx *c, const root_survey *s, int i, int *proven)
{
    *proven = 1;
    if (s->win[i]) return SEARCH_WIN - s->win[i];
    if (s->loss[i]) return -(SEARCH_WIN - s->loss[i]);
    if (s->mover_never[i] && s->opp_never[i]) return 0;
    (void)c;
    *proven = 0;
    /* Won or lost, but the distance is not known: decisive, not proven. */
    if (s->won_far[i]) return SEARCH_WIN_MIN;
    if (s->lost_far[i]) return -SEARCH_WIN_MIN;
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

/* The threat levels `from` to `to` plies (see the top of this file), until
 * enough is known or the deadline; returns the first level not searched. */
static int levels(search_ctx *c, root_survey *s, int for_move, int from, int to)
{
    int r = from;
    uint64_t took[2] = {0, 0}; /* the time of the last odd and even level, in us */
    for (; r <= to && !c->stopped; r++) {
        if (enough(s, for_move, r - 1)) break;
        uint64_t now = ttt__search_now(c);
        if (r > LEVELS_ALWAYS && c->deadline_us &&
            (c->deadline_us <= now || took[r % 2] * LEVEL_GROWTH > c->deadline_us - now))
            break; /* it would be cut: what it found of the moves so far would be all */
        if (r % 2)
            mover_level(c, s, r);
        else
            opponent_level(c, s, r);
        took[r % 2] = ttt__search_now(c) - now;
    }
    return r;
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
        s->won_far[n] = s->lost_far[n] = 0;
        if (pos_make(p, 0, sq)) s->win[n] = 1;
        pos_unmake(p, 0, sq);
    }
    c->root_empty = p->nempty;
    int exact = c->b->nsq <= BOARD_EXACT_SQUARES;
    int share = for_move ? THREAT_SHARE_MOVE_PCT : THREAT_SHARE_ANALYSIS_PCT;
    int proof = !exact && c->pn;
    uint64_t real = ttt__root_phase_begin(c, exact ? 100 : share);
    if (exact) whole_game(c, s);
    int r = levels(c, s, for_move, 2, proof ? LEVELS_BEFORE_PROOF : p->nempty);
    ttt__root_phase_end(c, real);
    if (proof && !c->stopped) {
        int share_pct = for_move ? PROOF_SHARE_MOVE_PCT : PROOF_SHARE_ANALYSIS_PCT;
        if (for_move && !any_safe(s)) share_pct = PROOF_SHARE_UNSAFE_PCT;
        real = ttt__root_phase_begin(c, share_pct);
        proof_phase(c, s, for_move);
        ttt__root_phase_end(c, real);
        /* Then the levels go on measuring the distances of what is still
         * open, proven won or lost included (a move, only when a win is
         * proven whose distance is not known yet). */
        int far_win = 0;
        for (int i = 0; i < s->count; i++)
            far_win |= s->won_far[i];
        if ((!for_move || (far_win && !ttt__root_fastest_win(s))) && !c->stopped) {
            real = ttt__root_phase_begin(c, share);
            (void)levels(c, s, for_move, r, p->nempty);
            ttt__root_phase_end(c, real);
        }
    }
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
/* Pondering                                                                 */
/* ========================================================================= */

/* The first round's nodes per question, and the growth from round to
 * round (the proof table keeps what earlier rounds learned). */
#define PONDER_FIRST_ROUND_NODES 256
#define PONDER_ROUND_GROWTH 4

void ttt__root_ponder(search_ctx *c, ponder_info *out)
{
    search_pos *p = &c->pos;
    memset(out, 0, sizeof *out);
    if (!c->pn) return;
    /* Side 0's moves up to symmetry, in the search's order; a move that
     * completes a line ends the game and asks nothing. */
    uint8_t list[TTT_MAX_SQUARES], open[TTT_MAX_SQUARES];
    uint64_t keys[TTT_MAX_SQUARES];
    int n = ttt__order_moves(p, 0, pos_empty(p), -1, list), m = 0;
    for (int j = 0; j < n; j++) {
        int sym, twin = 0;
        int line = pos_make(p, 0, list[j]);
        uint64_t key = pos_key(p, 1, &sym);
        pos_unmake(p, 0, list[j]);
        for (int t = 0; t < m && !twin; t++)
            twin = keys[t] == key;
        if (line || twin) continue;
        keys[m] = key;
        list[m] = list[j];
        open[m++] = 1;
    }
    out->replies = m;
    /* Per reply, side 1's next move asks first: does side 0 win whatever
     * side 1 plays (a disproof holds the move that keeps it from winning),
     * and does side 1 win at all. */
    uint8_t opp_open[TTT_MAX_SQUARES];
    memset(opp_open, 1, sizeof opp_open);
    int left = m;
    for (uint64_t cap = PONDER_FIRST_ROUND_NODES; !c->stopped; cap *= PONDER_ROUND_GROWTH) {
        for (int j = 0; j < m && !c->stopped; j++) {
            if (!open[j] && !opp_open[j]) continue;
            int move;
            (void)pos_make(p, 0, list[j]);
            int v = opp_open[j] ? ttt__root_prove(c, 0, 1, cap, &move) : 0;
            if (v != 0) opp_open[j] = 0;
            if (v == 1) open[j] = 0; /* side 0 wins after it: side 1's win is moot */
            v = open[j] && !c->stopped ? ttt__root_prove(c, 1, 1, cap, &move) : 0;
            if (v != 0) open[j] = 0;
            if (v == 1) opp_open[j] = 0; /* and the other way round */
            pos_unmake(p, 0, list[j]);
            if (!open[j] && !opp_open[j]) left--;
        }
        if (c->stopped) break;
        if (!left) {
            out->settled = 1;
            break;
        }
    }
    out->replies_settled = m - left;
}
