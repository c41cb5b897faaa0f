/*
 * view_review.c - what drawing needs of a review (see view.h): the
 * position shown as a game's view (its marks, the move that led to it
 * tinted, its squares' values as hints), the verdict on that move as the
 * status line, where in the game as the rule line, and the strip of values
 * after every move. Everything comes from the review's analyses
 * (review.h, verdict.h), so a stronger solver shows more without a change
 * here. No SDL.
 */
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "view.h"
#include "verdict.h"

/* Whose values the strip shows: yours against the computer, else X's. */
static ttt_player perspective_of(const record *g)
{
    if (g->mode == RECORD_MODE_HUMAN_VS_COMPUTER && g->human != TTT_PLAYER_NONE) return g->human;
    return TTT_PLAYER_X;
}

/* A value for @p mover as a strip cell for @p who. */
static view_strip_cell cell_of(verdict_value v, ttt_player mover, ttt_player who)
{
    view_strip_cell c;
    memset(&c, 0, sizeof c);
    if (mover != who) v = verdict_value_flip(v);
    c.mover = (unsigned char)mover;
    c.estimate = (short)v.estimate;
    c.plies = (signed char)(v.plies > 127 ? 127 : v.plies);
    if (!v.proven)
        c.kind = VIEW_STRIP_ESTIMATE;
    else if (v.outcome == TTT_OUTCOME_WIN)
        c.kind = VIEW_STRIP_WIN;
    else if (v.outcome == TTT_OUTCOME_LOSS)
        c.kind = VIEW_STRIP_LOSS;
    else
        c.kind = VIEW_STRIP_DRAW;
    return c;
}

/* The strip: the start's value, then the value after each move. */
static void strip_of(const review_state *r, view_review *vr)
{
    const record *g = &r->game;
    vr->strip_count = g->move_count + 1;
    if (r->analysed[0] && r->analyses[0].count > 0) {
        vr->strip[0] = cell_of(verdict_position_value(&r->analyses[0]), g->first, vr->perspective);
        vr->strip[0].mover = TTT_PLAYER_NONE;
    }
    for (int i = 0; i < g->move_count; i++) {
        verdict v;
        view_strip_cell *c = &vr->strip[i + 1];
        c->mover = (unsigned char)review_mover(r, i);
        if (!review_verdict(r, i, &v)) continue;
        *c = cell_of(v.after, v.mover, vr->perspective);
        c->threw_away = v.kind == VERDICT_THREW_AWAY;
    }
}

/* The board at the position shown: marks, the state, the winning lines. */
static void board_of(const review_state *r, view_game *v)
{
    const record *g = &r->game;
    v->size = g->size;
    v->k = g->k;
    for (int i = 0; i < r->ply; i++) {
        ttt_pos m = g->moves[i];
        v->owner[m.row * g->size + m.col] = review_mover(r, i);
    }
    ttt_game *game = review_game_at(r, r->ply);
    if (!game) {
        v->state = TTT_STATE_X_TO_MOVE;
        return;
    }
    v->state = ttt_game_state(game);
    v->turn = ttt_game_turn(game);
    v->winner = ttt_game_winner(game);
    v->game_over = ttt_game_over(game) != 0;
    if (v->winner != TTT_PLAYER_NONE) {
        ttt_line lines[TTT_MAX_WINNING_SETS];
        int count = 0;
        if (ttt_game_winning_lines(game, lines, TTT_MAX_WINNING_SETS, &count) != TTT_OK) count = 0;
        for (int i = 0; i < count && i < TTT_MAX_WINNING_SETS; i++) {
            for (int j = 0; j < lines[i].length; j++)
                v->on_winning_line[lines[i].squares[j].row * g->size + lines[i].squares[j].col] =
                    true;
            v->strikes[v->strike_count++] = (view_strike){
                lines[i].squares[0], lines[i].squares[lines[i].length - 1], lines[i].length};
        }
    }
    ttt_game_free(game);
}

/* The status line: the verdict on the move that led here; at the start,
 * the game's value; while the analysis is on its way, that it is. */
static void status_of(const review_state *r, view_game *v)
{
    const record *g = &r->game;
    if (r->ply == 0) {
        if (r->analysed[0] && r->analyses[0].count > 0) {
            char value[VERDICT_VALUE_TEXT_MAX];
            verdict_value start = verdict_position_value(&r->analyses[0]);
            verdict_value_text(&start, value, sizeof value);
            /* TRANSLATORS: the review's status at the empty board: its value
               for the player who moves first ("a draw", "a win in 7 moves"),
               %s that value, %s the mark. */
            snprintf(v->status, sizeof v->status, _("Before the first move: %s for %s."), value,
                     ttt_player_name(g->first));
        } else {
            snprintf(v->status, sizeof v->status, "%s", _("Before the first move."));
        }
        return;
    }
    verdict vd;
    if (review_verdict(r, r->ply - 1, &vd)) {
        verdict_text(&vd, g->size, v->status, sizeof v->status);
        if (vd.has_better && (vd.kind == VERDICT_THREW_AWAY || vd.kind == VERDICT_SLOWER ||
                              vd.kind == VERDICT_ESTIMATE_WORSE || vd.kind == VERDICT_UNKNOWN)) {
            v->review.has_better = true;
            v->review.better = vd.better;
            v->review.better_mover = vd.mover;
        }
        return;
    }
    char square[VERDICT_SQUARE_MAX];
    verdict_square_name(g->size, g->moves[r->ply - 1], square, sizeof square);
    /* TRANSLATORS: the review's status while the solver works on a move;
       three animated dots follow. */
    snprintf(v->status, sizeof v->status, _("Move %d, %s at %s: the solver is working on it"),
             r->ply, ttt_player_name(review_mover(r, r->ply - 1)), square);
    v->status_dots = true;
}

void view_review_compute(const review_state *r, bool hints, settings_mode mode, view_game *v)
{
    memset(v, 0, sizeof *v);
    const record *g = &r->game;
    view_review *vr = &v->review;
    vr->active = true;
    vr->ply = r->ply;
    vr->moves = g->move_count;
    vr->playing = r->playing;
    vr->perspective = perspective_of(g);
    vr->positions = r->positions;
    for (int i = 0; i < r->positions; i++)
        vr->analysed += r->analysed[i];
    v->mode = mode;
    v->human_side = vr->perspective;
    board_of(r, v);
    if (r->ply > 0) {
        v->have_last_computer_move = true; /* the tint of the move that led here */
        v->last_computer_move = g->moves[r->ply - 1];
        v->placed_ms[g->moves[r->ply - 1].row * g->size + g->moves[r->ply - 1].col] = r->changed_ms;
    }
    if (r->ply < g->move_count) {
        vr->has_next = true;
        vr->next = g->moves[r->ply];
    }
    vr->can_back = r->ply > 0;
    vr->can_forward = r->ply < g->move_count;
    vr->can_play_on = !v->game_over;
    if (hints && !v->game_over && r->ply < r->positions && r->analysed[r->ply] &&
        r->analyses[r->ply].count > 0) {
        v->hint_shown = true;
        v->hint_ms = r->changed_ms;
        view_hints_from(&r->analyses[r->ply], v);
    }
    strip_of(r, vr);
    status_of(r, v);
    v->status_long = true;
    if (vr->analysed < vr->positions)
        snprintf(v->rule, sizeof v->rule,
                 /* TRANSLATORS: the review's second line: which position is
                    shown, and how far the solver has come; the plural
                    follows the number of positions analysed (the third). */
                 P_("Move %d of %d \xC2\xB7 analysed %d of %d",
                    "Move %d of %d \xC2\xB7 analysed %d of %d", vr->analysed),
                 r->ply, g->move_count, vr->analysed, vr->positions);
    else
        /* TRANSLATORS: the review's second line: which position is shown. */
        snprintf(v->rule, sizeof v->rule, _("Move %d of %d"), r->ply, g->move_count);
}
