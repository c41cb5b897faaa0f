/*
 * play.c - the desktop game's turn flow (see play.h). No SDL: time comes in
 * as now_ms, jobs go out through the hooks.
 */
#include "play.h"

#include <stdio.h>
#include <string.h>

#include "app_timing.h"
#include "i18n.h"
#include "tally.h"

/* ------------------------------------------------------------------------- */
/* Hooks                                                                     */
/* ------------------------------------------------------------------------- */

static void emit(play_state *p, play_event_kind kind, int row, int col, ttt_player player,
                 bool by_computer)
{
    if (!p->hooks.event) return;
    play_event ev = {kind, {row, col}, player, by_computer};
    p->hooks.event(p->hooks.user, &ev);
}

static bool submit(play_state *p, play_job kind, const ttt_ai_options *opts, uint32_t id)
{
    return p->hooks.submit && p->hooks.submit(p->hooks.user, kind, p->game, opts, id);
}

/* Forget any computer move asked for: an answer on its way will not match. */
void play_invalidate_ai(play_state *p)
{
    p->job_id++;
    p->ai_waiting = false;
    p->ai_ready = false;
    if (p->hooks.cancel) p->hooks.cancel(p->hooks.user);
}

/* ------------------------------------------------------------------------- */
/* Who plays                                                                 */
/* ------------------------------------------------------------------------- */

bool play_computer_plays(const play_state *p, ttt_player side)
{
    if (p->online) return false;
    switch (p->settings->mode) {
    case SETTINGS_MODE_HUMAN_VS_COMPUTER: return side != TTT_PLAYER_NONE && side != p->human_side;
    case SETTINGS_MODE_COMPUTER_VS_COMPUTER: return side != TTT_PLAYER_NONE;
    case SETTINGS_MODE_TWO_PLAYERS:
    default: return false;
    }
}

bool play_person_to_move(const play_state *p)
{
    ttt_player turn = ttt_game_turn(p->game);
    if (p->online) return turn != TTT_PLAYER_NONE && !p->game_over && turn == p->online_side;
    return turn != TTT_PLAYER_NONE && !play_computer_plays(p, turn);
}

bool play_square_playable(const play_state *p, int row, int col)
{
    return play_person_to_move(p) && ttt_game_can_move(p->game, (ttt_pos){row, col}) == TTT_OK;
}

/* Who made move @p index of the history (moves alternate from the first player). */
static ttt_player mover_of(const play_state *p, int index)
{
    ttt_player first = ttt_game_first_player(p->game);
    return index % 2 == 0 ? first : ttt_player_other(first);
}

/* The moves since the empty board, oldest first; returns their number. */
static int history(const play_state *p, ttt_pos moves[TTT_MAX_SQUARES])
{
    int n = 0;
    if (ttt_game_history(p->game, moves, TTT_MAX_SQUARES, &n) != TTT_OK) return 0;
    return n;
}

/* The computer's most recent move still on the board, for the marker. */
static void find_last_computer_move(play_state *p)
{
    ttt_pos moves[TTT_MAX_SQUARES];
    int n = history(p, moves);
    p->have_last_computer_move = false;
    for (int i = n - 1; i >= 0; i--) {
        if (play_computer_plays(p, mover_of(p, i))) {
            p->have_last_computer_move = true;
            p->last_computer_move = moves[i];
            return;
        }
    }
}

/* ------------------------------------------------------------------------- */
/* Games                                                                     */
/* ------------------------------------------------------------------------- */

static void hint_clear(play_state *p)
{
    p->hint_shown = false;
    p->hint_waiting = false;
}

static void redo_clear(play_state *p)
{
    p->redo_count = 0;
    p->redo_group_count = 0;
}

static void reset_round(play_state *p)
{
    play_invalidate_ai(p);
    p->game_changed = true;
    hint_clear(p);
    redo_clear(p);
    p->game_over = false;
    p->scored.mode = -1;
    p->line_count = 0;
    p->refused = false;
    p->have_last_computer_move = false;
    p->follow_until_ms = 0;
    memset(p->placed_ms, 0, sizeof p->placed_ms);
}

/* "Your side: random" draws the side afresh for each game. */
static void pick_side(play_state *p)
{
    if (p->settings->side_random)
        p->human_side = game_rng_below(&p->side_rng, 2) ? TTT_PLAYER_O : TTT_PLAYER_X;
    else
        p->human_side = p->settings->human_side;
}

bool play_start(play_state *p, ttt_player first)
{
    ttt_game *g = NULL;
    if (ttt_game_new(p->settings->board_size, p->settings->k, first, NULL, &g) != TTT_OK)
        return false;
    ttt_game_free(p->game);
    p->game = g;
    pick_side(p);
    reset_round(p);
    return true;
}

bool play_init(play_state *p, const settings *s, const play_hooks *hooks, bool seeded,
               uint64_t seed, uint64_t now_ms)
{
    memset(p, 0, sizeof *p);
    p->settings = s;
    if (hooks) p->hooks = *hooks;
    p->now_ms = now_ms;
    p->seeded = seeded;
    p->ai_seed = seed;
    p->ai_deadline_ms = APP_AI_DEADLINE_MS;
    p->side_rng = game_rng_seeded(seeded ? seed + 1 : game_seed_from_clock());
    p->scored.mode = -1;
    p->refused_row = p->refused_col = -1;
    return play_start(p, s->first_player);
}

void play_free(play_state *p)
{
    ttt_game_free(p->game);
    p->game = NULL;
    ttt_game_free(p->offline_game);
    p->offline_game = NULL;
}

void play_new_game(play_state *p)
{
    if (p->online) return; /* the server starts the next game (a rematch) */
    ttt_player first = ttt_game_first_player(p->game);
    if (p->settings->board_size != ttt_game_size(p->game) ||
        p->settings->k != ttt_game_k(p->game)) {
        if (play_start(p, ttt_player_other(first))) return;
        /* A size the engine refuses (never from the menu): keep this one. */
    }
    ttt_game_start_next(p->game);
    pick_side(p);
    reset_round(p);
}

bool play_resume(play_state *p, const record *r, ttt_player human)
{
    if (p->online) return false; /* the board is the server's */
    ttt_game *g = NULL;
    if (record_to_game(r, &g) != TTT_OK) return false;
    ttt_game_free(p->game);
    p->game = g;
    reset_round(p);
    ttt_player turn = ttt_game_turn(g);
    if (human == TTT_PLAYER_NONE) human = turn != TTT_PLAYER_NONE ? turn : p->human_side;
    p->human_side = human;
    find_last_computer_move(p);
    if (ttt_game_over(g)) {
        /* A finished game, shown as it ended (not counted again). */
        p->game_over = true;
        p->game_over_ms = p->now_ms;
        int count = 0;
        if (ttt_game_winning_lines(g, p->lines, TTT_MAX_WINNING_SETS, &count) != TTT_OK) count = 0;
        p->line_count = count > TTT_MAX_WINNING_SETS ? TTT_MAX_WINNING_SETS : count;
    }
    p->game_changed = true;
    return true;
}

void play_record(const play_state *p, record *out)
{
    record_init(out);
    record_from_game(out, p->game);
    static const record_mode MODES[SETTINGS_MODE_COUNT] = {
        [SETTINGS_MODE_HUMAN_VS_COMPUTER] = RECORD_MODE_HUMAN_VS_COMPUTER,
        [SETTINGS_MODE_TWO_PLAYERS] = RECORD_MODE_TWO_PLAYERS,
        [SETTINGS_MODE_COMPUTER_VS_COMPUTER] = RECORD_MODE_COMPUTER_VS_COMPUTER};
    settings_mode mode = p->settings->mode;
    out->mode = MODES[mode];
    if (mode == SETTINGS_MODE_HUMAN_VS_COMPUTER) out->human = p->human_side;
    if (mode != SETTINGS_MODE_TWO_PLAYERS) {
        char buf[SETTINGS_VALUE_MAX];
        const char *d =
            settings_key_write(settings_key_named("difficulty"), p->settings, buf, sizeof buf);
        snprintf(out->difficulty, sizeof out->difficulty, "%s", d);
    }
}

bool play_restart_if_untouched(play_state *p, ttt_player first)
{
    if (p->online) return false;
    if (ttt_game_move_count(p->game) != 0 || p->game_over) return false;
    return play_start(p, first);
}

void play_side_changed(play_state *p)
{
    if (!p->settings->side_random) p->human_side = p->settings->human_side;
}

/* ------------------------------------------------------------------------- */
/* Scores                                                                    */
/* ------------------------------------------------------------------------- */

static int *score_cell(play_state *p, play_scored at)
{
    play_score *sc = &p->scores[at.mode];
    return at.slot == 2 ? &sc->draws : &sc->wins[at.slot];
}

const play_score *play_current_score(const play_state *p)
{
    return &p->scores[p->settings->mode];
}

/* The game just ended in @p st: count it, mark the lines, tell the app. */
static void on_game_over(play_state *p, ttt_state st)
{
    if (p->online) {
        /* The server's result: shown with its lines and sounds, never
         * counted in the local scores (the room keeps its own). */
        p->game_over = true;
        p->game_over_ms = p->now_ms;
        p->games_finished++;
        int count = 0;
        ttt_status s = ttt_game_winning_lines(p->game, p->lines, TTT_MAX_WINNING_SETS, &count);
        if (s != TTT_OK && s != TTT_ERR_BUFFER) count = 0;
        p->line_count = count > TTT_MAX_WINNING_SETS ? TTT_MAX_WINNING_SETS : count;
        ttt_player winner = ttt_game_winner(p->game);
        play_event_kind kind = PLAY_EVENT_GAME_DRAWN;
        if (st == TTT_STATE_X_WON || st == TTT_STATE_O_WON)
            kind = winner == p->online_side || p->online_side == TTT_PLAYER_NONE
                       ? PLAY_EVENT_GAME_WON
                       : PLAY_EVENT_GAME_LOST;
        emit(p, kind, -1, -1, winner, false);
        return;
    }
    settings_mode mode = p->settings->mode;
    p->game_over = true;
    p->game_over_ms = p->now_ms;
    p->games_finished++;
    int count = 0;
    ttt_status s = ttt_game_winning_lines(p->game, p->lines, TTT_MAX_WINNING_SETS, &count);
    if (s != TTT_OK && s != TTT_ERR_BUFFER) count = 0;
    p->line_count = count > TTT_MAX_WINNING_SETS ? TTT_MAX_WINNING_SETS : count;

    play_event_kind kind = PLAY_EVENT_GAME_DRAWN;
    ttt_player winner = ttt_game_winner(p->game);
    int slot = 2;
    if (st == TTT_STATE_X_WON || st == TTT_STATE_O_WON) {
        if (mode == SETTINGS_MODE_HUMAN_VS_COMPUTER) {
            /* By role: your side may differ from game to game. */
            bool you = winner == p->human_side;
            slot = you ? 0 : 1;
            kind = you ? PLAY_EVENT_GAME_WON : PLAY_EVENT_GAME_LOST;
        } else {
            slot = winner == TTT_PLAYER_X ? 0 : 1;
            kind = PLAY_EVENT_GAME_WON;
        }
    }
    /* Counts stop at the largest value the settings file takes back, so a
     * saved count always loads; a result not counted is not taken back by
     * undo either. */
    play_scored at = {(int)mode, slot};
    int *cell = score_cell(p, at);
    if (*cell < TALLY_MAX_COUNT) {
        (*cell)++;
        p->scored = at;
        p->scores_changed = true;
    }
    emit(p, kind, -1, -1, winner, false);
}

/* The game is no longer over: take its result out of the scores. */
static void unscore(play_state *p)
{
    if (p->scored.mode < 0) return;
    /* The count it went into, even if your side or the mode changed since. */
    int *cell = score_cell(p, p->scored);
    if (*cell > 0) (*cell)--;
    p->scored.mode = -1;
    p->scores_changed = true;
    emit(p, PLAY_EVENT_RESULT_TAKEN_BACK, -1, -1, TTT_PLAYER_NONE, false);
}

void play_reset_scores(play_state *p)
{
    p->scores[p->settings->mode] = (play_score){{0, 0}, 0};
    /* The finished game on screen no longer counts either. */
    if (p->scored.mode == (int)p->settings->mode) p->scored.mode = -1;
    p->scores_changed = true;
}

/* ------------------------------------------------------------------------- */
/* Moves                                                                     */
/* ------------------------------------------------------------------------- */

/* Play a move for the side to move: the one engine call per move. A new
 * move (not a redone one) makes the moves taken back unreachable. */
static bool place(play_state *p, int row, int col, bool redoing)
{
    ttt_player mover = ttt_game_turn(p->game);
    ttt_state after;
    if (ttt_game_move(p->game, (ttt_pos){row, col}, &after) != TTT_OK) return false;
    if (!redoing) redo_clear(p);
    hint_clear(p);
    bool by_computer = play_computer_plays(p, mover);
    if (by_computer) {
        p->have_last_computer_move = true;
        p->last_computer_move = (ttt_pos){row, col};
    }
    p->placed_ms[row * ttt_game_size(p->game) + col] = p->now_ms;
    p->game_changed = true;
    emit(p, PLAY_EVENT_MARK_PLACED, row, col, mover, by_computer);
    if (after != TTT_STATE_X_TO_MOVE && after != TTT_STATE_O_TO_MOVE) on_game_over(p, after);
    return true;
}

bool play_click(play_state *p, int row, int col)
{
    if (p->online) {
        /* The server decides: the mark shows when its state comes back. */
        if (play_square_playable(p, row, col) && p->hooks.send_move &&
            p->hooks.send_move(p->hooks.user, (ttt_pos){row, col}, ttt_game_move_count(p->game)))
            return true;
    } else if (play_square_playable(p, row, col) && place(p, row, col, false)) {
        return true;
    }
    p->refused = true;
    p->refused_row = row;
    p->refused_col = col;
    p->refused_ms = p->now_ms;
    emit(p, PLAY_EVENT_MOVE_REFUSED, row, col, TTT_PLAYER_NONE, false);
    return false;
}

bool play_can_undo(const play_state *p)
{
    if (p->online) return false;
    settings_mode mode = p->settings->mode;
    if (mode == SETTINGS_MODE_COMPUTER_VS_COMPUTER) return false;
    ttt_pos moves[TTT_MAX_SQUARES];
    int n = history(p, moves);
    if (mode == SETTINGS_MODE_TWO_PLAYERS) return n > 0;
    /* Against the computer there must be a move of yours to take back: the
     * computer's opening move alone would only be played again. */
    for (int i = 0; i < n; i++)
        if (!play_computer_plays(p, mover_of(p, i))) return true;
    return false;
}

bool play_can_redo(const play_state *p)
{
    return !p->online && p->settings->mode != SETTINGS_MODE_COMPUTER_VS_COMPUTER &&
           p->redo_group_count > 0;
}

bool play_undo(play_state *p)
{
    if (p->online) return false;
    if (!play_can_undo(p)) return false;
    ttt_pos moves[TTT_MAX_SQUARES];
    int n = history(p, moves);
    int size = ttt_game_size(p->game);
    int undone = 0;
    /* Take back moves until a person is to move again: against the computer
     * that is its reply (if made) and your move; between two players, one. */
    while (n > 0 && p->redo_count < TTT_MAX_SQUARES) {
        if (ttt_game_undo(p->game) != TTT_OK) break;
        ttt_pos last = moves[--n];
        p->redo_moves[p->redo_count++] = last;
        p->placed_ms[last.row * size + last.col] = 0;
        undone++;
        if (p->settings->mode == SETTINGS_MODE_TWO_PLAYERS || play_person_to_move(p)) break;
    }
    if (undone > 0) p->redo_groups[p->redo_group_count++] = undone;
    if (undone > 0) p->game_changed = true;
    if (p->game_over) unscore(p);
    p->game_over = false;
    p->line_count = 0;
    p->refused = false;
    play_invalidate_ai(p); /* A reply computed for the old position must not be played. */
    hint_clear(p);
    find_last_computer_move(p);
    return undone > 0;
}

bool play_redo(play_state *p)
{
    if (p->online) return false;
    if (!play_can_redo(p)) return false;
    int n = p->redo_groups[--p->redo_group_count];
    play_invalidate_ai(p);
    for (int i = 0; i < n && p->redo_count > 0; i++) {
        ttt_pos m = p->redo_moves[--p->redo_count];
        if (!place(p, m.row, m.col, true)) {
            redo_clear(p);
            break;
        }
    }
    return true;
}

/* ------------------------------------------------------------------------- */
/* Hints                                                                     */
/* ------------------------------------------------------------------------- */

bool play_can_hint(const play_state *p)
{
    if (p->online) return false;
    return p->hint_shown || p->hint_waiting || play_person_to_move(p);
}

void play_hint_toggle(play_state *p)
{
    if (p->hint_shown || p->hint_waiting) {
        hint_clear(p);
        return;
    }
    if (p->online || !play_person_to_move(p)) return;
    ttt_ai_options opts;
    TTT_INIT(&opts);
    /* Solvable boards are exact at once; larger ones show what the search
     * proved by the deadline and estimates elsewhere. */
    opts.deadline_ms = APP_HINT_DEADLINE_MS;
    if (p->seeded) opts.seed = p->ai_seed;
    p->job_id++;
    p->hint_job = p->job_id;
    if (!submit(p, PLAY_JOB_ANALYZE, &opts, p->hint_job)) return;
    p->hint_waiting = true;
    p->hint_shown = false;
}

/* ------------------------------------------------------------------------- */
/* The computer                                                              */
/* ------------------------------------------------------------------------- */

int play_think_delay_ms(const play_state *p)
{
    if (p->settings->mode == SETTINGS_MODE_COMPUTER_VS_COMPUTER)
        return settings_speed_move_delay_ms(p->settings->speed);
    return p->settings->think_delay_ms;
}

static void ask_computer(play_state *p)
{
    ttt_ai_options opts;
    TTT_INIT(&opts);
    settings_ai_options(p->settings, &opts);
    p->job_id++;
    /* With --seed the whole session replays; otherwise a seed from the
     * generator that the clock started. */
    opts.seed = p->seeded ? p->ai_seed + p->job_id : game_rng_next(&p->side_rng);
    /* Solvable boards finish in well under a frame; big ones must not stall play. */
    opts.deadline_ms = p->ai_deadline_ms;
    if (!submit(p, PLAY_JOB_MOVE, &opts, p->job_id)) return;
    p->ai_waiting = true;
    p->ai_ready = false;
    p->ai_asked_ms = p->now_ms;
}

play_result_use play_on_result(play_state *p, const play_result *r)
{
    if (r->kind == PLAY_JOB_ANALYZE) {
        if (!p->hint_waiting || r->job_id != p->hint_job) {
            p->stale_results++;
            return PLAY_RESULT_STALE;
        }
        p->hint_waiting = false;
        if (r->status != TTT_OK) return PLAY_RESULT_FAILED;
        p->hint = r->analysis;
        p->hint_shown = true;
        p->hint_ms = p->now_ms;
        return PLAY_RESULT_USED;
    }
    if (!p->ai_waiting || r->job_id != p->job_id) {
        p->stale_results++;
        return PLAY_RESULT_STALE;
    }
    p->ai_waiting = false;
    p->ai_ready = true;
    if (r->status != TTT_OK) {
        /* Keep the game playable: take the first free square. */
        ttt_pos empty[TTT_MAX_SQUARES];
        int n = 0;
        ttt_game_empty_squares(p->game, empty, TTT_MAX_SQUARES, &n);
        p->ai_ready = n > 0;
        if (n > 0) p->ai_move = empty[0];
        return PLAY_RESULT_FAILED;
    }
    p->last_ai = r->ai;
    p->last_ai_mover = ttt_game_turn(p->game);
    p->have_last_ai = true;
    p->ai_move = r->ai.move;
    return PLAY_RESULT_USED;
}

bool play_settled(const play_state *p)
{
    return p->game_over && p->now_ms >= p->game_over_ms + APP_GAME_OVER_SETTLE_MS;
}

/* When watching, the next game starts this long after the end. */
static uint64_t watch_next_game_ms(const play_state *p)
{
    return p->game_over_ms + APP_GAME_OVER_SETTLE_MS +
           (uint64_t)settings_speed_move_delay_ms(p->settings->speed) * APP_WATCH_NEXT_GAME_FACTOR;
}

void play_update(play_state *p)
{
    if (p->online) return; /* moves come from play_online_sync() */
    if (p->game_over) {
        if (p->settings->mode == SETTINGS_MODE_COMPUTER_VS_COMPUTER &&
            p->now_ms >= watch_next_game_ms(p))
            play_new_game(p);
        return;
    }
    ttt_player turn = ttt_game_turn(p->game);
    if (!play_computer_plays(p, turn)) {
        if (p->ai_waiting || p->ai_ready) play_invalidate_ai(p);
        return;
    }
    if (!p->ai_waiting && !p->ai_ready && p->now_ms >= p->follow_until_ms) ask_computer(p);
    if (p->ai_ready && p->now_ms >= p->ai_asked_ms + (uint64_t)play_think_delay_ms(p)) {
        p->ai_ready = false;
        /* The engine chose a legal move for this very position; a refusal
         * would be a bug, and the computer asks again next frame. */
        place(p, p->ai_move.row, p->ai_move.col, false);
    }
}

uint64_t play_next_wake_ms(const play_state *p)
{
    if (p->online) {
        uint64_t settle = p->game_over_ms + APP_GAME_OVER_SETTLE_MS;
        return p->game_over && p->now_ms < settle ? settle : UINT64_MAX;
    }
    if (p->game_over) {
        uint64_t settle = p->game_over_ms + APP_GAME_OVER_SETTLE_MS;
        if (p->now_ms < settle) return settle;
        return p->settings->mode == SETTINGS_MODE_COMPUTER_VS_COMPUTER ? watch_next_game_ms(p)
                                                                       : UINT64_MAX;
    }
    if (p->ai_ready) return p->ai_asked_ms + (uint64_t)play_think_delay_ms(p);
    /* A computer to move, nothing asked: now, or after a wait (play.h: follow_until_ms). */
    if (!p->ai_waiting && play_computer_plays(p, ttt_game_turn(p->game)))
        return p->now_ms < p->follow_until_ms ? p->follow_until_ms : p->now_ms;
    return UINT64_MAX;
}

/* ------------------------------------------------------------------------- */
/* Online                                                                    */
/* ------------------------------------------------------------------------- */

void play_online_set(play_state *p, bool on)
{
    if (p->online == on) return;
    play_invalidate_ai(p);
    hint_clear(p);
    redo_clear(p);
    p->online_side = TTT_PLAYER_NONE;
    p->online_resigned = false;
    if (on) {
        /* The local game waits (the board shows a copy until the server's
         * state comes). */
        ttt_game *copy = NULL;
        if (ttt_game_clone(p->game, &copy) == TTT_OK) {
            p->offline_game = p->game;
            p->game = copy;
        }
        p->online = true;
        return;
    }
    p->online = false;
    if (!p->offline_game) {
        play_start(p, p->settings->first_player);
        return;
    }
    /* The local game back as it was (a finished one shown as it ended,
     * not counted again). */
    ttt_game_free(p->game);
    p->game = p->offline_game;
    p->offline_game = NULL;
    reset_round(p);
    find_last_computer_move(p);
    if (ttt_game_over(p->game)) {
        p->game_over = true;
        p->game_over_ms = p->now_ms;
        int count = 0;
        if (ttt_game_winning_lines(p->game, p->lines, TTT_MAX_WINNING_SETS, &count) != TTT_OK)
            count = 0;
        p->line_count = count > TTT_MAX_WINNING_SETS ? TTT_MAX_WINNING_SETS : count;
    }
}

/* Does the game on screen hold the first @p n of @p moves (or more)? */
static int common_prefix(const play_state *p, int size, int k, const ttt_pos *moves, int n)
{
    if (ttt_game_size(p->game) != size || ttt_game_k(p->game) != k ||
        ttt_game_first_player(p->game) != TTT_PLAYER_X)
        return -1;
    ttt_pos have[TTT_MAX_SQUARES];
    int h = history(p, have);
    if (h > n) return -1;
    for (int i = 0; i < h; i++)
        if (have[i].row != moves[i].row || have[i].col != moves[i].col) return -1;
    return h;
}

bool play_online_sync(play_state *p, int size, int k, const ttt_pos *moves, int n, ttt_player side,
                      ttt_player resigned_winner)
{
    if (!p->online || n < 0 || n > TTT_MAX_SQUARES) return false;
    /* The whole game first, on a copy: a state the engine refuses changes
     * nothing on screen. */
    ttt_game *g = NULL;
    if (ttt_game_new(size, k, TTT_PLAYER_X, NULL, &g) != TTT_OK) return false;
    for (int i = 0; i < n; i++) {
        if (ttt_game_move(g, moves[i], NULL) != TTT_OK) {
            ttt_game_free(g);
            return false;
        }
    }
    p->online_side = side;
    int from = common_prefix(p, size, k, moves, n);
    if (from < 0 || (p->online_resigned && resigned_winner == TTT_PLAYER_NONE)) {
        /* Another game (a rematch, a resume): shown as it stands, without
         * the per-move feedback. */
        ttt_game_free(p->game);
        p->game = g;
        reset_round(p);
        p->online_resigned = false;
        if (ttt_game_over(g)) {
            p->game_over = true;
            p->game_over_ms = p->now_ms;
            int count = 0;
            if (ttt_game_winning_lines(g, p->lines, TTT_MAX_WINNING_SETS, &count) != TTT_OK)
                count = 0;
            p->line_count = count > TTT_MAX_WINNING_SETS ? TTT_MAX_WINNING_SETS : count;
        }
    } else {
        /* The game on screen goes on: its new moves one by one, with their
         * sounds and animations. */
        ttt_game_free(g);
        for (int i = from; i < n; i++)
            place(p, moves[i].row, moves[i].col, false);
    }
    if (resigned_winner != TTT_PLAYER_NONE && !p->game_over) {
        p->online_resigned = true;
        p->game_over = true;
        p->game_over_ms = p->now_ms;
        p->line_count = 0;
        p->games_finished++;
        emit(p, resigned_winner == p->online_side ? PLAY_EVENT_GAME_WON : PLAY_EVENT_GAME_LOST, -1,
             -1, resigned_winner, false);
    }
    return true;
}
