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
#include "theme.h"
#include "verdict.h"

/* ------------------------------------------------------------------------- */
/* The game                                                                  */
/* ------------------------------------------------------------------------- */

/* The heat map's shade of an estimate @p e among the unproven squares'
 * estimates, @p lo to @p hi: linear in the estimate, 1 for the weakest,
 * VIEW_HINT_HEAT_LEVELS for the strongest, the middle when all are alike
 * (nothing stands out). Relative, not on the engine's absolute scale: on an
 * open 8x8 board every estimate leans the same way, and what a person asks
 * of a hint is which squares look better than the others. */
static unsigned char heat_of(int e, int lo, int hi)
{
    if (hi <= lo) return (VIEW_HINT_HEAT_LEVELS + 1) / 2;
    long long steps = VIEW_HINT_HEAT_LEVELS - 1;
    long long level = ((long long)(e - lo) * steps * 2 + (hi - lo)) / (2LL * (hi - lo));
    if (level < 0) level = 0;
    if (level > steps) level = steps;
    return (unsigned char)(1 + level);
}

void view_hints_from(const ttt_analysis *h, view_game *v)
{
    v->hint_exact = h->all_proven != 0;
    v->hint_proven = view_hint_proven_count(h);
    int lo = TTT_AI_ESTIMATE_WIN, hi = -TTT_AI_ESTIMATE_WIN;
    for (int i = 0; i < h->count; i++) {
        if (h->moves[i].outcome != TTT_OUTCOME_UNKNOWN) continue;
        if (h->moves[i].estimate < lo) lo = h->moves[i].estimate;
        if (h->moves[i].estimate > hi) hi = h->moves[i].estimate;
    }
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
        case TTT_OUTCOME_DRAW:
            cell->kind = VIEW_HINT_DRAW;
            /* Among shades, a sure draw that is the best move says so. */
            cell->proven_best = m->best && !h->all_proven;
            break;
        case TTT_OUTCOME_LOSS: cell->kind = VIEW_HINT_LOSS; break;
        case TTT_OUTCOME_UNKNOWN:
        default:
            cell->kind = view_hint_is_best_guess(h, i) ? VIEW_HINT_BEST_GUESS : VIEW_HINT_UNKNOWN;
            cell->heat = heat_of(m->estimate, lo, hi);
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
    v->first = ttt_game_first_player(g);
    v->mode = p->settings->mode;
    v->online = p->online;
    v->human_side = p->online ? p->online_side : p->human_side;
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
            v->owner[i] = TTT_PLAYER_NONE; /* (r, c) is on the board: never refused */
            (void)ttt_game_owner(g, (ttt_pos){r, c}, &v->owner[i]);
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
        v->heat_blocks = theme_get(p->settings->theme)->strong_hints;
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
    if (next_size != v->size || next_k != v->k) {
        /* TRANSLATORS: under the status line when another board was chosen
           in the settings: this game's board and k, then the next game's
           (the × is a multiplication sign). */
        snprintf(buf, cap,
                 _("%d\xC3\x97%d, %d in a row \xC2\xB7 next game %d\xC3\x97%d, %d in a row"),
                 v->size, v->size, v->k, next_size, next_size, next_k);
        return;
    }
    /* On a board the first player wins the line says so, with the board
     * and k (issue 21: there "Unbeatable" is a promise the board cannot
     * keep); elsewhere it gives the rule. */
    if (view_board_value_text(v->size, v->k, v->first, false, buf, cap) == TTT_OUTCOME_WIN) return;
    /* TRANSLATORS: under the status line: how many marks in a row win,
       and the board's size (%2$d×%3$d squares). */
    snprintf(buf, cap, _("%d in a row wins \xC2\xB7 %d\xC3\x97%d board"), v->k, v->size, v->size);
}

ttt_outcome view_board_value_text(int size, int k, ttt_player first, bool draws, char *buf,
                                  size_t cap)
{
    ttt_outcome value = TTT_OUTCOME_UNKNOWN;
    if (cap > 0) buf[0] = '\0';
    if (ttt_board_value(size, k, &value, NULL) != TTT_OK) return TTT_OUTCOME_UNKNOWN;
    if (value == TTT_OUTCOME_WIN)
        /* TRANSLATORS: under the status line and in the settings, on a board
           the first player wins: %s is that player's mark (X or O), then
           the board (%d×%d squares, × a multiplication sign) and how many
           in a row win. Say it plainly: with the best moves the
           first player always wins, whoever the other player is. */
        snprintf(buf, cap, _("%s wins with perfect play on %d\xC3\x97%d, %d in a row"),
                 first == TTT_PLAYER_O ? "O" : "X", size, size, k);
    else if (value == TTT_OUTCOME_DRAW && draws)
        /* TRANSLATORS: in the settings, on a board where neither player can
           force a win: the board (%d×%d squares) and how many in a row
           win. */
        snprintf(buf, cap, _("Perfect play draws on %d\xC3\x97%d, %d in a row"), size, size, k);
    return value;
}

ttt_player view_next_first(const play_state *p)
{
    const ttt_game *g = p->game;
    ttt_player first = ttt_game_first_player(g);
    bool same = p->settings->board_size == ttt_game_size(g) && p->settings->k == ttt_game_k(g);
    bool untouched = ttt_game_move_count(g) == 0 && !p->game_over;
    return same || untouched ? first : ttt_player_other(first);
}

void view_board_value_compute(const play_state *p, view *out)
{
    view_board_value_text(p->settings->board_size, p->settings->k, view_next_first(p), true,
                          out->board_value, sizeof out->board_value);
}

/* ------------------------------------------------------------------------- */
/* In words                                                                  */
/* ------------------------------------------------------------------------- */

/* The hint search's time in words, written as each language writes a
 * decimal ("1,5 s" in German, French and Spanish): a translated literal, so
 * it must follow APP_HINT_DEADLINE_MS. */
_Static_assert(APP_HINT_DEADLINE_MS == 1500, "update the hint time's text below");
static const char *hint_time_text(void)
{
    /* TRANSLATORS: the time the hint search has, in seconds, with your
       language's decimal separator; the space is a no-break space, so the
       status line never wraps between the number and its unit. */
    return _("1.5\xC2\xA0s");
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
            snprintf(buf, cap, _("%s wins!"), ttt_player_name(v->winner));
    } else if (v->computer_plays[v->turn]) {
        *dots = v->computer_thinking;
        if (mode != SETTINGS_MODE_COMPUTER_VS_COMPUTER)
            /* TRANSLATORS: the status line; three animated dots follow it. */
            snprintf(buf, cap, "%s", _("Computer is thinking"));
        else if (*dots)
            /* TRANSLATORS: the status line while the computer plays itself;
               %s is the mark it plays, X or O; three animated dots follow. */
            snprintf(buf, cap, _("Computer %s is thinking"), ttt_player_name(v->turn));
        else
            /* TRANSLATORS: %s is the mark, X or O. */
            snprintf(buf, cap, _("Computer %s to move"), ttt_player_name(v->turn));
    } else if (v->hint_thinking) {
        /* TRANSLATORS: the status line; three animated dots follow it. */
        snprintf(buf, cap, "%s", _("Working out a hint"));
        *dots = true;
    } else if (v->hint_shown && !v->hint_exact) {
        /* A board too big to solve in the hint's time: say in plain words
         * which squares are sure, and which way the heat map's shades go. */
        if (v->hint_proven > 0 && v->heat_blocks)
            /* TRANSLATORS: as "Proven squares show a result; deeper shades
               look better", in the high-contrast theme, where the estimates
               are white blocks, bigger where a square looks better. */
            snprintf(buf, cap, "%s", _("Proven squares show a result; bigger blocks look better"));
        else if (v->hint_proven > 0)
            /* TRANSLATORS: the status line while hints show on a board too
               big to solve: some squares show a sure result; the others are
               shaded by the computer's estimate, deeper where it looks
               better for the player to move. */
            snprintf(buf, cap, "%s", _("Proven squares show a result; deeper shades look better"));
        else if (v->heat_blocks)
            /* TRANSLATORS: as "Nothing proven in %s: deeper shades look
               better", in the high-contrast theme, where the estimates are
               white blocks, bigger where a square looks better. */
            snprintf(buf, cap, _("Nothing proven in %s: bigger blocks look better"),
                     hint_time_text());
        else
            /* TRANSLATORS: the status line while hints show on a board too
               big to solve; %s is the time the search had ("1.5 s"). The
               squares are shaded by the computer's estimate, deeper where it
               looks better for the player to move. */
            snprintf(buf, cap, _("Nothing proven in %s: deeper shades look better"),
                     hint_time_text());
    } else if (mode == SETTINGS_MODE_HUMAN_VS_COMPUTER) {
        /* TRANSLATORS: the status line; %s is your mark, X or O. */
        snprintf(buf, cap, _("Your move \xE2\x80\x94 you are %s"), ttt_player_name(v->turn));
    } else {
        /* TRANSLATORS: the status line between two players; %s is X or O. */
        snprintf(buf, cap, _("%s to move"), ttt_player_name(v->turn));
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
        char value[VERDICT_VALUE_TEXT_MAX];
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
