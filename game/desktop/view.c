/*
 * view.c - what drawing needs, worked out once per frame (see view.h): the
 * game's view from the turn flow, the status line in words, and the
 * performance overlay's lines.
 */
#include "view.h"

#include <stdio.h>
#include <string.h>

#include "app_timing.h"
#include "i18n.h"

/* ------------------------------------------------------------------------- */
/* The game                                                                  */
/* ------------------------------------------------------------------------- */

void view_hints_from(const ttt_analysis *h, view_game *v)
{
    v->hint_exact = h->all_proven != 0;
    v->hint_proven = view_hint_proven_count(h);
    for (int i = 0; i < h->count; i++) {
        const ttt_move_value *m = &h->moves[i];
        if (m->pos.row < 0 || m->pos.row >= v->size || m->pos.col < 0 || m->pos.col >= v->size)
            continue;
        int at = m->pos.row * v->size + m->pos.col;
        if (v->owner[at] != TTT_PLAYER_NONE) continue;
        view_hint *cell = &v->hints[at];
        cell->best = m->best != 0;
        cell->plies = m->plies;
        switch (m->outcome) {
        case TTT_OUTCOME_WIN: cell->kind = VIEW_HINT_WIN; break;
        case TTT_OUTCOME_DRAW: cell->kind = VIEW_HINT_DRAW; break;
        case TTT_OUTCOME_LOSS: cell->kind = VIEW_HINT_LOSS; break;
        case TTT_OUTCOME_UNKNOWN:
        default:
            cell->kind = view_hint_is_best_guess(h, i) ? VIEW_HINT_BEST_GUESS : VIEW_HINT_UNKNOWN;
            break;
        }
    }
}

/* The finished game's winning lines: their squares, and where each
 * strike-through runs. */
static void lines_of(const play_state *p, view_game *v)
{
    if (!p->game_over) return;
    for (int i = 0; i < p->line_count; i++) {
        const ttt_line *line = &p->lines[i];
        if (line->length <= 0) continue;
        for (int j = 0; j < line->length; j++) {
            ttt_pos sq = line->squares[j];
            if (sq.row >= 0 && sq.row < v->size && sq.col >= 0 && sq.col < v->size)
                v->on_winning_line[sq.row * v->size + sq.col] = true;
        }
        view_strike *strike = &v->strikes[v->strike_count++];
        strike->first = line->squares[0];
        strike->last = line->squares[line->length - 1];
        strike->length = line->length;
    }
}

void view_game_compute(const play_state *p, view_game *v)
{
    memset(v, 0, sizeof *v);
    const ttt_game *g = p->game;
    v->size = ttt_game_size(g);
    v->k = ttt_game_k(g);
    v->state = ttt_game_state(g);
    v->turn = ttt_game_turn(g);
    v->winner = ttt_game_winner(g);
    v->mode = p->settings->mode;
    v->human_side = p->human_side;
    v->computer_plays[TTT_PLAYER_X] = play_computer_plays(p, TTT_PLAYER_X);
    v->computer_plays[TTT_PLAYER_O] = play_computer_plays(p, TTT_PLAYER_O);
    v->person_to_move = play_person_to_move(p);
    v->computer_thinking =
        v->turn != TTT_PLAYER_NONE && v->computer_plays[v->turn] && (p->ai_waiting || p->ai_ready);
    v->hint_thinking = p->hint_waiting;
    v->can_undo = play_can_undo(p);
    v->can_redo = play_can_redo(p);
    v->can_hint = play_can_hint(p);
    for (int r = 0; r < v->size; r++) {
        for (int c = 0; c < v->size; c++) {
            int i = r * v->size + c;
            v->owner[i] = ttt_game_owner(g, (ttt_pos){r, c});
            v->playable[i] = play_square_playable(p, r, c);
            v->placed_ms[i] = p->placed_ms[i];
        }
    }
    v->score = *play_current_score(p);
    v->have_last_computer_move = p->have_last_computer_move;
    v->last_computer_move = p->last_computer_move;
    v->game_over = p->game_over;
    v->game_over_ms = p->game_over_ms;
    lines_of(p, v);
    if (p->refused && p->refused_row >= 0 && p->refused_row < v->size && p->refused_col >= 0 &&
        p->refused_col < v->size) {
        v->refused = true;
        v->refused_at = (ttt_pos){p->refused_row, p->refused_col};
        v->refused_ms = p->refused_ms;
    }
    v->hint_shown = p->hint_shown;
    v->hint_lit = p->hint_shown || p->hint_waiting;
    if (p->hint_shown) {
        v->hint_ms = p->hint_ms;
        view_hints_from(&p->hint, v);
    }
    v->last_ai.known = p->have_last_ai;
    if (p->have_last_ai) {
        v->last_ai.exact = p->last_ai.proven != 0;
        v->last_ai.stopped = p->last_ai.stopped != 0;
        v->last_ai.outcome = p->last_ai.outcome;
        v->last_ai.depth = p->last_ai.depth;
        v->last_ai.plies = p->last_ai.plies;
        v->last_ai.mover = p->last_ai_mover;
    }
    view_status_text(v, v->status, sizeof v->status, &v->status_dots);
    view_rule_text(v, p->settings->board_size, p->settings->k, v->rule, sizeof v->rule);
}

void view_rule_text(const view_game *v, int next_size, int next_k, char *buf, size_t cap)
{
    if (next_size != v->size || next_k != v->k)
        /* TRANSLATORS: under the status line when another board was chosen
           in the settings: this game's board and k, then the next game's
           (the × is a multiplication sign). */
        snprintf(buf, cap,
                 _("%d\xC3\x97%d, %d in a row \xC2\xB7 next game %d\xC3\x97%d, %d in a row"),
                 v->size, v->size, v->k, next_size, next_size, next_k);
    else
        /* TRANSLATORS: under the status line: how many marks in a row win,
           and the board's size (%2$d×%3$d squares). */
        snprintf(buf, cap, _("%d in a row wins \xC2\xB7 %d\xC3\x97%d board"), v->k, v->size,
                 v->size);
}

/* ------------------------------------------------------------------------- */
/* In words                                                                  */
/* ------------------------------------------------------------------------- */

static const char *player_name(ttt_player p)
{
    return p == TTT_PLAYER_O ? "O" : "X";
}

/* The hint search's time in words, written as each language writes a
 * decimal ("1,5 s" in German, French and Spanish): a translated literal, so
 * it must follow APP_HINT_DEADLINE_MS. */
_Static_assert(APP_HINT_DEADLINE_MS == 1500, "update the hint time's text below");
static const char *hint_time_text(void)
{
    /* TRANSLATORS: the time the hint search has, in seconds, with your
       language's decimal separator. */
    return _("1.5 s");
}

int view_hint_proven_count(const ttt_analysis *h)
{
    int n = 0;
    for (int i = 0; i < h->count; i++)
        if (h->moves[i].outcome != TTT_OUTCOME_UNKNOWN) n++;
    return n;
}

bool view_hint_is_best_guess(const ttt_analysis *h, int i)
{
    if (i < 0 || i >= h->count) return false;
    const ttt_move_value *m = &h->moves[i];
    if (m->outcome != TTT_OUTCOME_UNKNOWN || !m->best) return false;
    for (int j = 0; j < h->count; j++)
        if (h->moves[j].outcome == TTT_OUTCOME_UNKNOWN && !h->moves[j].best) return true;
    return false; /* every unproven square equally good: nothing stands out */
}

void view_status_text(const view_game *v, char *buf, size_t cap, bool *dots)
{
    settings_mode mode = v->mode;
    *dots = false;
    if (v->state == TTT_STATE_DRAW) {
        /* TRANSLATORS: the status line after a drawn game ("cat's game" is
           the English name of a draw in tic-tac-toe; use your language's). */
        snprintf(buf, cap, "%s", _("Cat's game \xE2\x80\x94 nobody wins"));
    } else if (v->winner != TTT_PLAYER_NONE) {
        if (mode == SETTINGS_MODE_HUMAN_VS_COMPUTER)
            snprintf(buf, cap, "%s",
                     v->computer_plays[v->winner] ? _("The computer wins") : _("You win!"));
        else
            /* TRANSLATORS: the status line after a win; %s is the mark, X or O. */
            snprintf(buf, cap, _("%s wins!"), player_name(v->winner));
    } else if (v->computer_plays[v->turn]) {
        *dots = v->computer_thinking;
        if (mode != SETTINGS_MODE_COMPUTER_VS_COMPUTER)
            /* TRANSLATORS: the status line; three animated dots follow it. */
            snprintf(buf, cap, "%s", _("Computer is thinking"));
        else if (*dots)
            /* TRANSLATORS: the status line while the computer plays itself;
               %s is the mark it plays, X or O; three animated dots follow. */
            snprintf(buf, cap, _("Computer %s is thinking"), player_name(v->turn));
        else
            /* TRANSLATORS: %s is the mark, X or O. */
            snprintf(buf, cap, _("Computer %s to move"), player_name(v->turn));
    } else if (v->hint_thinking) {
        /* TRANSLATORS: the status line; three animated dots follow it. */
        snprintf(buf, cap, "%s", _("Working out a hint"));
        *dots = true;
    } else if (v->hint_shown && !v->hint_exact) {
        /* A board too big to solve in the hint's time: say in plain words
         * which squares are sure. */
        if (v->hint_proven > 0)
            /* TRANSLATORS: the status line while hints show on a board too
               big to solve: some squares show a sure result, the others
               the computer's guesses. */
            snprintf(buf, cap, "%s", _("Proven squares show a result; the rest are estimates"));
        else
            /* TRANSLATORS: the status line while hints show on a board too
               big to solve; %s is the time the search had ("1.5 s"). */
            snprintf(buf, cap, _("Nothing proven in %s: these are estimates"), hint_time_text());
    } else if (mode == SETTINGS_MODE_HUMAN_VS_COMPUTER) {
        /* TRANSLATORS: the status line; %s is your mark, X or O. */
        snprintf(buf, cap, _("Your move \xE2\x80\x94 you are %s"), player_name(v->turn));
    } else {
        /* TRANSLATORS: the status line between two players; %s is X or O. */
        snprintf(buf, cap, _("%s to move"), player_name(v->turn));
    }
}

/* ------------------------------------------------------------------------- */
/* The performance overlay                                                   */
/* ------------------------------------------------------------------------- */

void view_overlay_compute(view_overlay *o, const stats *s, const view_game *game,
                          const char *renderer, bool vsync, int out_w, int out_h, float *scratch)
{
    memset(o, 0, sizeof *o);
    view_overlay_line *ai = &o->lines[0], *budget = &o->lines[1], *frames = &o->lines[2];
    view_overlay_line *output = &o->lines[3], *last = &o->lines[4];
    bool fits = stats_ai_fits_budget(s);
    /* TRANSLATORS: the performance overlay (F3), small text at the top of
       the window: the computer's thinking time for its last move, its
       longest, and how many moves were timed. */
    snprintf(ai->text, sizeof ai->text,
             P_("AI last %.3f ms \xC2\xB7 worst %.3f ms \xC2\xB7 %zu move",
                "AI last %.3f ms \xC2\xB7 worst %.3f ms \xC2\xB7 %zu moves", s->ai.total),
             s->ai.last_ms, s->ai.max_ms, s->ai.total);
    /* TRANSLATORS: the overlay: whether the computer's longest think fits
       in the time one frame may take. */
    snprintf(budget->text, sizeof budget->text,
             fits ? _("Budget %.2f ms: AI fits") : _("Budget %.2f ms: AI exceeds it"),
             s->frame_budget_ms);
    budget->tone = fits ? VIEW_TONE_GOOD : VIEW_TONE_BAD;
    /* The recent frames only: sorting the whole history (up to
     * STATS_MAX_SAMPLES) every refresh would itself be a visible hitch. */
    static const double pcts[2] = {50.0, 99.0};
    double frame_pct[2];
    stats_series_recent_percentiles(&s->frame_work, STATS_RECENT_SAMPLES, pcts, frame_pct, 2,
                                    scratch);
    snprintf(frames->text, sizeof frames->text,
             /* TRANSLATORS: the overlay: how long frames take (median,
                99th percentile, longest). */
             _("Frame p50 %.2f \xC2\xB7 p99 %.2f \xC2\xB7 max %.2f ms"), frame_pct[0], frame_pct[1],
             s->frame_work.max_ms);
    snprintf(output->text, sizeof output->text, "%s%s \xC2\xB7 %dx%d px", renderer,
             vsync ? " + vsync" : "", out_w, out_h);
    /* Large boards cannot be solved in time: say when a move was a guess. */
    const view_last_ai *l = &game->last_ai;
    if (!l->known) {
        snprintf(last->text, sizeof last->text, "%s", _("Last AI move: none yet"));
    } else if (l->exact) {
        char value[64];
        verdict_value v = {l->outcome, l->plies, true, 0};
        verdict_value_text(&v, value, sizeof value);
        /* TRANSLATORS: the overlay: the computer's last move, proven; the
           first and last %s are its mark (X or O), the middle one the value
           ("a loss in 5 moves"), which is for that mark. */
        snprintf(last->text, sizeof last->text, _("Last AI move (%s): proven, %s for %s"),
                 ttt_player_name(l->mover), value, ttt_player_name(l->mover));
    } else {
        /* TRANSLATORS: the overlay: the move was the best found in a search
           %d moves deep, cut short by the deadline or by the difficulty. */
        snprintf(last->text, sizeof last->text,
                 l->stopped ? _("Last AI move: heuristic, depth %d (stopped at the deadline)")
                            : _("Last AI move: heuristic, depth %d (the difficulty's "
                                "look-ahead)"),
                 l->depth);
        last->tone = VIEW_TONE_BAD;
    }
}
