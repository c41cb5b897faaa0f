/*
 * verdict.c - what a move did to the result, and the same in words (see
 * verdict.h).
 */
#include "verdict.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"

/* Room for a clause of a verdict (what the move did, the better move) and
 * for its head ("Move 12, X at row 8, column 8"), in any language; the
 * whole fits VERDICT_TEXT_MAX. */
#define CLAUSE_MAX 160
#define HEAD_MAX 128

/* Outcomes ranked from the mover's side: a loss, a draw, a win. */
static int rank(ttt_outcome o)
{
    switch (o) {
    case TTT_OUTCOME_WIN: return 2;
    case TTT_OUTCOME_DRAW: return 1;
    case TTT_OUTCOME_LOSS: return 0;
    case TTT_OUTCOME_UNKNOWN:
    default: return -1;
    }
}

static verdict_value value_of(const ttt_move_value *m)
{
    verdict_value v = {m->proven ? m->outcome : TTT_OUTCOME_UNKNOWN, m->proven ? m->plies : 0,
                       m->proven != 0, m->estimate};
    return v;
}

bool verdict_square_value(const ttt_analysis *a, ttt_pos at, verdict_value *out)
{
    for (int i = 0; i < a->count; i++) {
        if (a->moves[i].pos.row == at.row && a->moves[i].pos.col == at.col) {
            *out = value_of(&a->moves[i]);
            return true;
        }
    }
    return false;
}

verdict_value verdict_position_value(const ttt_analysis *a)
{
    verdict_value v = {a->proven ? a->value : TTT_OUTCOME_UNKNOWN, a->proven ? a->plies : 0,
                       a->proven != 0, a->estimate};
    return v;
}

verdict_value verdict_value_flip(verdict_value v)
{
    if (v.outcome == TTT_OUTCOME_WIN)
        v.outcome = TTT_OUTCOME_LOSS;
    else if (v.outcome == TTT_OUTCOME_LOSS)
        v.outcome = TTT_OUTCOME_WIN;
    v.estimate = -v.estimate;
    return v;
}

/* Is @p a better for the mover than @p b: a higher outcome, or the same
 * with a quicker win or a slower loss? Both proven. */
static bool proven_better(const verdict_value *a, const verdict_value *b)
{
    if (rank(a->outcome) != rank(b->outcome)) return rank(a->outcome) > rank(b->outcome);
    if (a->outcome == TTT_OUTCOME_WIN) return a->plies < b->plies;
    if (a->outcome == TTT_OUTCOME_LOSS) return a->plies > b->plies;
    return false;
}

/* The best proven square of @p a, or -1 when none is proven. */
static int best_proven(const ttt_analysis *a)
{
    int best = -1;
    verdict_value bv = {TTT_OUTCOME_UNKNOWN, 0, false, 0};
    for (int i = 0; i < a->count; i++) {
        if (!a->moves[i].proven) continue;
        verdict_value v = value_of(&a->moves[i]);
        if (best < 0 || proven_better(&v, &bv)) {
            best = i;
            bv = v;
        }
    }
    return best;
}

/* The square the search prefers: the first marked best, else the highest
 * estimate. */
static int preferred(const ttt_analysis *a)
{
    int pick = -1;
    for (int i = 0; i < a->count; i++)
        if (a->moves[i].best) return i;
    for (int i = 0; i < a->count; i++)
        if (pick < 0 || a->moves[i].estimate > a->moves[pick].estimate) pick = i;
    return pick;
}

static void set_better(verdict *out, const ttt_analysis *a, int i)
{
    if (i < 0) return;
    out->has_better = true;
    out->better = a->moves[i].pos;
    out->better_value = value_of(&a->moves[i]);
}

/* The kind when the move's own value is proven. */
static void judge_proven(verdict *out, const ttt_analysis *a, int best)
{
    const verdict_value *after = &out->after;
    const verdict_value *top = &out->better_value;
    if (best >= 0 && rank(a->moves[best].outcome) > rank(after->outcome)) {
        /* Another square is proven to do better: thrown away, whether or
         * not every square is proven. */
        out->kind = VERDICT_THREW_AWAY;
        set_better(out, a, best);
        if (!out->before.proven) out->before = out->better_value;
        return;
    }
    if (!out->before.proven) {
        /* Proven itself, but another square might still do better. */
        out->kind = VERDICT_UNKNOWN;
        return;
    }
    set_better(out, a, best);
    if (proven_better(top, after)) {
        out->kind = VERDICT_SLOWER;
        return;
    }
    out->has_better = false;
    out->kind = VERDICT_KEPT;
    if (out->has_earlier && out->earlier.proven &&
        rank(after->outcome) > rank(out->earlier.outcome))
        out->kind = VERDICT_GAINED;
}

bool verdict_compute(const ttt_analysis *before, int number, ttt_player mover, ttt_pos move,
                     const verdict_value *earlier, verdict *out)
{
    memset(out, 0, sizeof *out);
    out->number = number;
    out->mover = mover;
    out->move = move;
    if (!verdict_square_value(before, move, &out->after)) return false;
    out->before = verdict_position_value(before);
    if (earlier) {
        out->has_earlier = true;
        out->earlier = *earlier;
    }
    int best = best_proven(before);
    if (out->after.proven) {
        judge_proven(out, before, best);
        return true;
    }
    /* The move itself is not proven. A proven win elsewhere is worth
     * naming; otherwise the estimates speak, marked as such. */
    if (best >= 0 && before->moves[best].outcome == TTT_OUTCOME_WIN) {
        set_better(out, before, best);
        out->kind = VERDICT_UNKNOWN;
        return true;
    }
    int pick = preferred(before);
    if (pick >= 0 &&
        before->moves[pick].estimate >= out->after.estimate + VERDICT_ESTIMATE_MARGIN &&
        !(before->moves[pick].pos.row == move.row && before->moves[pick].pos.col == move.col)) {
        set_better(out, before, pick);
        out->kind = VERDICT_ESTIMATE_WORSE;
        return true;
    }
    out->kind = VERDICT_UNKNOWN;
    return true;
}

const char *verdict_kind_key(verdict_kind kind)
{
    static const char *const KEYS[VERDICT_KIND_COUNT] = {
        [VERDICT_UNKNOWN] = "unknown",       [VERDICT_KEPT] = "kept",
        [VERDICT_GAINED] = "gained",         [VERDICT_SLOWER] = "slower",
        [VERDICT_THREW_AWAY] = "threw-away", [VERDICT_ESTIMATE_WORSE] = "estimate-worse"};
    return (kind >= 0 && kind < VERDICT_KIND_COUNT) ? KEYS[kind] : "unknown";
}

/* ------------------------------------------------------------------------- */
/* In words                                                                  */
/* ------------------------------------------------------------------------- */

void verdict_square_name(int size, ttt_pos at, char *buf, size_t cap)
{
    if (size == 3 && at.row >= 0 && at.row < 3 && at.col >= 0 && at.col < 3) {
        static const char *const NAMES[3][3] = {
            /* TRANSLATORS: the squares of a 3x3 board, as they are named
               in the sentence "Move 4, X at %s: ...". */
            {N_("the top-left corner"), N_("the top edge"), N_("the top-right corner")},
            {N_("the left edge"), N_("the centre"), N_("the right edge")},
            {N_("the bottom-left corner"), N_("the bottom edge"), N_("the bottom-right corner")}};
        snprintf(buf, cap, "%s", _(NAMES[at.row][at.col]));
        return;
    }
    /* TRANSLATORS: a square of a larger board, counted from 1 at the top
       left, as it is named in "Move 4, X at %s: ...". */
    snprintf(buf, cap, _("row %d, column %d"), at.row + 1, at.col + 1);
}

void verdict_value_text(const verdict_value *v, char *buf, size_t cap)
{
    if (!v->proven) {
        /* TRANSLATORS: a value the solver could not prove; the number is
           its estimate from -1000 (lost) to +1000 (won). */
        snprintf(buf, cap, _("not proven (estimate %+d)"), v->estimate);
        return;
    }
    switch (v->outcome) {
    case TTT_OUTCOME_WIN:
        /* TRANSLATORS: a move is one mark; the count is both players'. */
        snprintf(buf, cap, P_("a win in %d move", "a win in %d moves", v->plies), v->plies);
        return;
    case TTT_OUTCOME_LOSS:
        snprintf(buf, cap, P_("a loss in %d move", "a loss in %d moves", v->plies), v->plies);
        return;
    case TTT_OUTCOME_DRAW:
    case TTT_OUTCOME_UNKNOWN:
    default: snprintf(buf, cap, "%s", _("a draw")); return;
    }
}

/* What a proven move did, for the kinds that compare two outcomes. */
static void change_text(ttt_outcome from, const verdict_value *to, char *buf, size_t cap)
{
    int n = to->plies;
    if (from == TTT_OUTCOME_WIN && to->outcome == TTT_OUTCOME_DRAW)
        snprintf(buf, cap, "%s", _("the win became a draw"));
    else if (from == TTT_OUTCOME_WIN)
        snprintf(buf, cap,
                 P_("the win became a loss in %d move", "the win became a loss in %d moves", n), n);
    else if (from == TTT_OUTCOME_DRAW && to->outcome == TTT_OUTCOME_LOSS)
        snprintf(buf, cap,
                 P_("the draw became a loss in %d move", "the draw became a loss in %d moves", n),
                 n);
    else if (from == TTT_OUTCOME_DRAW)
        snprintf(buf, cap,
                 P_("the draw became a win in %d move", "the draw became a win in %d moves", n), n);
    else if (to->outcome == TTT_OUTCOME_DRAW)
        snprintf(buf, cap, "%s", _("the loss became a draw"));
    else
        snprintf(buf, cap,
                 P_("the loss became a win in %d move", "the loss became a win in %d moves", n), n);
}

/* The main clause: what the move did. */
static void body_text(const verdict *v, char *buf, size_t cap)
{
    const verdict_value *a = &v->after;
    int n = a->plies;
    if (a->proven && a->outcome == TTT_OUTCOME_WIN && n == 1 &&
        (v->kind == VERDICT_KEPT || v->kind == VERDICT_GAINED)) {
        /* The move itself ended the game: "a win in 1 move" would read
           as one still to come. */
        if (v->kind == VERDICT_KEPT)
            snprintf(buf, cap, "%s", _("won the game"));
        else
            /* TRANSLATORS: the other player's last move gave the chance. */
            snprintf(buf, cap, "%s", _("took the chance and won the game"));
        return;
    }
    switch (v->kind) {
    case VERDICT_THREW_AWAY: change_text(v->before.outcome, a, buf, cap); return;
    case VERDICT_GAINED: change_text(v->earlier.outcome, a, buf, cap); return;
    case VERDICT_KEPT:
        if (a->outcome == TTT_OUTCOME_WIN)
            snprintf(buf, cap, P_("kept the win in %d move", "kept the win in %d moves", n), n);
        else if (a->outcome == TTT_OUTCOME_DRAW)
            snprintf(buf, cap, "%s", _("kept the draw"));
        else
            snprintf(buf, cap,
                     P_("no move saves it: a loss in %d move",
                        "no move saves it: a loss in %d moves", n),
                     n);
        return;
    case VERDICT_SLOWER:
        if (a->outcome == TTT_OUTCOME_WIN)
            snprintf(buf, cap, P_("still a win, but in %d move", "still a win, but in %d moves", n),
                     n);
        else
            snprintf(buf, cap, P_("a quicker loss, in %d move", "a quicker loss, in %d moves", n),
                     n);
        return;
    case VERDICT_UNKNOWN:
        if (a->proven && a->outcome == TTT_OUTCOME_DRAW)
            snprintf(buf, cap, "%s", _("a proven draw; whether a move wins is not proven"));
        else if (a->proven && a->outcome == TTT_OUTCOME_LOSS)
            snprintf(buf, cap,
                     P_("a proven loss in %d move; whether a move saves it is not proven",
                        "a proven loss in %d moves; whether a move saves it is not proven", n),
                     n);
        else if (a->proven)
            snprintf(buf, cap, P_("a proven win in %d move", "a proven win in %d moves", n), n);
        else
            /* TRANSLATORS: the move's value is only estimated, from -1000
               (lost) to +1000 (won). */
            snprintf(buf, cap, _("not proven; the search's estimate is %+d"), a->estimate);
        return;
    case VERDICT_ESTIMATE_WORSE:
    case VERDICT_KIND_COUNT:
    default: snprintf(buf, cap, _("not proven; the search's estimate is %+d"), a->estimate); return;
    }
}

/* The clause naming the better move, or "" when there is none. */
static void better_text(const verdict *v, int size, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (!v->has_better) return;
    char square[VERDICT_SQUARE_MAX];
    verdict_square_name(size, v->better, square, sizeof square);
    const verdict_value *b = &v->better_value;
    int n = b->plies;
    if (v->kind == VERDICT_ESTIMATE_WORSE || !b->proven)
        /* TRANSLATORS: %s is a square; the number its estimate. */
        snprintf(buf, cap, _("the search prefers %s (estimate %+d)"), square, b->estimate);
    else if (b->outcome == TTT_OUTCOME_WIN)
        /* TRANSLATORS: %s is a square ("the centre", "row 2, column 3"). */
        snprintf(buf, cap, P_("%s would have won in %d move", "%s would have won in %d moves", n),
                 square, n);
    else if (b->outcome == TTT_OUTCOME_DRAW)
        snprintf(buf, cap, _("%s would have kept the draw"), square);
    else
        snprintf(buf, cap,
                 P_("%s would have held out for %d move", "%s would have held out for %d moves", n),
                 square, n);
}

void verdict_text(const verdict *v, int size, char *buf, size_t cap)
{
    char square[VERDICT_SQUARE_MAX], body[CLAUSE_MAX], better[CLAUSE_MAX];
    verdict_square_name(size, v->move, square, sizeof square);
    body_text(v, body, sizeof body);
    better_text(v, size, better, sizeof better);
    char head[HEAD_MAX];
    /* TRANSLATORS: the start of a move's verdict: its number, the mark
       (X or O) and the square ("the centre", "row 2, column 3"). */
    snprintf(head, sizeof head, _("Move %d, %s at %s"), v->number, ttt_player_name(v->mover),
             square);
    if (better[0])
        /* TRANSLATORS: how a verdict is put together: "Move 4, X at the
           corner", what the move did, and the better move. */
        snprintf(buf, cap, _("%s: %s; %s."), head, body, better);
    else
        snprintf(buf, cap, _("%s: %s."), head, body);
}
