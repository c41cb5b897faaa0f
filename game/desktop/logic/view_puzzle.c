/*
 * view_puzzle.c - what drawing needs of a puzzle being played (see
 * view.h): its board as a game's view, the move that should have been
 * played after a miss, the status in words and the puzzle's line under
 * it. Everything comes from the session (puzzle_session.h). No SDL.
 */
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "puzzle_session.h"
#include "view.h"

/* The status: who is to play and win, the answer awaited, or the end. */
static void status_of(const puzzle_session *s, view_game *v)
{
    const char *me = ttt_player_name(s->solver);
    const char *them = ttt_player_name(ttt_player_other(s->solver));
    switch (s->phase) {
    case PUZZLE_SESSION_PLAYING:
        if (s->failed)
            /* TRANSLATORS: a puzzle's status when the solver could not
               answer a move (out of memory): the move was taken back. */
            snprintf(v->status, sizeof v->status, "%s",
                     _("The solver could not answer; try again."));
        else
            /* TRANSLATORS: a puzzle's status: %s the mark (X or O), %d the
               length of the win in moves of both sides, the first included. */
            snprintf(v->status, sizeof v->status,
                     P_("%s to play and win in %d move", "%s to play and win in %d moves",
                        s->plies_left),
                     me, s->plies_left);
        return;
    case PUZZLE_SESSION_WAITING:
        /* TRANSLATORS: a puzzle's status while the solver works out its
           answer to your move; three animated dots follow. */
        snprintf(v->status, sizeof v->status, "%s", _("The solver is answering"));
        v->status_dots = true;
        return;
    case PUZZLE_SESSION_SOLVED:
        /* TRANSLATORS: a puzzle's status once solved: %s the mark that won. */
        snprintf(v->status, sizeof v->status, _("Solved! %s wins."), me);
        return;
    case PUZZLE_SESSION_MISSED:
        if (s->has_reply && s->refutation_wins)
            /* TRANSLATORS: a puzzle missed: the ringed square is the move
               that would have won; %s the opponent's mark, who now wins in
               %d moves of both sides. */
            snprintf(v->status, sizeof v->status,
                     P_("Missed: the ringed square wins. %s answers and wins in %d move.",
                        "Missed: the ringed square wins. %s answers and wins in %d moves.",
                        s->refutation_plies),
                     them, s->refutation_plies);
        else if (s->has_reply)
            /* TRANSLATORS: a puzzle missed: the opponent's answer (%s its
               mark) holds, the win is gone. */
            snprintf(v->status, sizeof v->status,
                     _("Missed: the ringed square wins. %s answers and holds."), them);
        else
            /* TRANSLATORS: a puzzle missed, no answer shown. */
            snprintf(v->status, sizeof v->status, "%s", _("Missed: the ringed square wins."));
        return;
    case PUZZLE_SESSION_NONE:
    default:
        /* TRANSLATORS: no puzzle for the board chosen. */
        snprintf(v->status, sizeof v->status, "%s", _("No puzzle for this board."));
        return;
    }
}

/* The lines of k marks of one player on the board: struck through, as a
 * game's (the win, or a refutation that won at once). */
static void strikes_of(const puzzle_session *s, view_game *v)
{
    static const int DIRS[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    int n = s->size, k = s->k;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            for (int d = 0; d < 4; d++) {
                ttt_player who = s->owner[r * n + c];
                int er = r + DIRS[d][0] * (k - 1), ec = c + DIRS[d][1] * (k - 1);
                if (who == TTT_PLAYER_NONE || er < 0 || er >= n || ec < 0 || ec >= n) continue;
                bool line = true;
                for (int i = 1; i < k && line; i++)
                    line = s->owner[(r + DIRS[d][0] * i) * n + c + DIRS[d][1] * i] == who;
                if (!line || v->strike_count >= TTT_MAX_WINNING_SETS) continue;
                for (int i = 0; i < k; i++)
                    v->on_winning_line[(r + DIRS[d][0] * i) * n + c + DIRS[d][1] * i] = true;
                v->strikes[v->strike_count++] = (view_strike){{r, c}, {er, ec}, k};
                v->winner = who;
            }
}

void view_puzzle_compute(const puzzle_session *s, const puzzle_stats *st, settings_mode mode,
                         view_game *v)
{
    memset(v, 0, sizeof *v);
    v->mode = mode;
    v->puzzle.active = true;
    v->puzzle.phase = (int)s->phase;
    v->puzzle.solver = s->solver;
    v->size = s->index >= 0 ? s->size : 3;
    v->k = s->index >= 0 ? s->k : 3;
    v->human_side = s->solver;
    int n = v->size * v->size;
    for (int i = 0; i < n; i++) {
        v->owner[i] = s->owner[i];
        v->placed_ms[i] = s->placed_ms[i];
        v->playable[i] = puzzle_session_playable(s, (ttt_pos){i / v->size, i % v->size});
    }
    v->person_to_move = s->phase == PUZZLE_SESSION_PLAYING;
    v->turn = v->person_to_move ? s->solver : TTT_PLAYER_NONE;
    v->state = TTT_STATE_X_TO_MOVE;
    v->game_over = s->phase == PUZZLE_SESSION_SOLVED || s->phase == PUZZLE_SESSION_MISSED;
    if (v->game_over) {
        v->game_over_ms = s->changed_ms;
        strikes_of(s, v);
    }
    if (s->has_reply) {
        v->have_last_computer_move = true;
        v->last_computer_move = s->reply;
    }
    v->puzzle.has_key = s->phase == PUZZLE_SESSION_MISSED && s->has_key;
    v->puzzle.key = s->key;
    v->puzzle.can_retry = s->moves.count > 0 && s->phase != PUZZLE_SESSION_WAITING;
    status_of(s, v);
    v->status_long = true;
    if (s->index < 0) return;
    char where[VIEW_RULE_MAX];
    if (s->daily) {
        char date[PUZZLE_SESSION_DATE_MAX];
        puzzle_session_date(s->day, date, sizeof date);
        /* TRANSLATORS: under a puzzle's status: the daily puzzle and its
           date (YYYY-MM-DD). */
        snprintf(where, sizeof where, _("Daily puzzle %s"), date);
    } else {
        /* TRANSLATORS: under a puzzle's status: its number in the set. */
        snprintf(where, sizeof where, _("Puzzle %d"), s->index + 1);
    }
    if (st)
        /* TRANSLATORS: under a puzzle's status: the puzzle (%s), the board
           (×: a multiplication sign), how many in a row win, then the
           puzzles solved and those solved in a row now. */
        snprintf(v->rule, sizeof v->rule,
                 _("%s \xC2\xB7 %d\xC3\x97%d, %d in a row \xC2\xB7 solved %d, streak %d"), where,
                 s->size, s->size, s->k, st->solved, st->streak);
    else
        snprintf(v->rule, sizeof v->rule, "%s", where);
}
