/*
 * puzzle_session.c - a puzzle being played in the desktop game, and the
 * puzzle statistics (see puzzle_session.h). No SDL.
 */
#include "puzzle_session.h"

#include <stdio.h>
#include <string.h>

#include "tally.h"

void puzzle_session_init(puzzle_session *s)
{
    memset(s, 0, sizeof *s);
    s->index = -1;
}

/* The puzzle's position on the board, nothing played yet. */
static void set_position(puzzle_session *s, uint64_t now_ms)
{
    const puzzle_entry *e = puzzle_get(s->index);
    memset(s->owner, 0, sizeof s->owner);
    memset(s->placed_ms, 0, sizeof s->placed_ms);
    for (int i = 0; i < e->size * e->size; i++)
        s->owner[i] = e->board[i] == 'x'   ? TTT_PLAYER_X
                      : e->board[i] == 'o' ? TTT_PLAYER_O
                                           : TTT_PLAYER_NONE;
    s->moves.index = s->index;
    s->moves.count = 0;
    s->phase = PUZZLE_SESSION_PLAYING;
    s->plies_left = e->plies;
    s->has_reply = s->has_key = s->refutation_wins = s->failed = false;
    s->refutation_plies = 0;
    s->job_id++; /* an answer on its way is for the position left */
    s->changed_ms = now_ms;
}

bool puzzle_session_start(puzzle_session *s, int index, bool daily, int64_t day, uint64_t now_ms)
{
    const puzzle_entry *e = puzzle_get(index);
    if (!e) return false;
    s->index = index;
    s->daily = daily;
    s->day = day;
    s->size = e->size;
    s->k = e->k;
    s->plies = e->plies;
    s->solver = e->to_move == 'o' ? TTT_PLAYER_O : TTT_PLAYER_X;
    set_position(s, now_ms);
    return true;
}

void puzzle_session_retry(puzzle_session *s, uint64_t now_ms)
{
    if (s->index >= 0) set_position(s, now_ms);
}

bool puzzle_session_playable(const puzzle_session *s, ttt_pos pos)
{
    return s->phase == PUZZLE_SESSION_PLAYING && pos.row >= 0 && pos.col >= 0 &&
           pos.row < s->size && pos.col < s->size &&
           s->owner[pos.row * s->size + pos.col] == TTT_PLAYER_NONE &&
           s->moves.count < PUZZLE_SESSION_MAX_MOVES;
}

bool puzzle_session_move(puzzle_session *s, ttt_pos pos, uint64_t now_ms, puzzle_session_job *job)
{
    if (!puzzle_session_playable(s, pos)) return false;
    s->owner[pos.row * s->size + pos.col] = s->solver;
    s->placed_ms[pos.row * s->size + pos.col] = now_ms;
    s->moves.moves[s->moves.count++] = pos;
    s->phase = PUZZLE_SESSION_WAITING;
    s->job_id++;
    s->changed_ms = now_ms;
    *job = s->moves;
    return true;
}

/* The opponent's move @p pos on the board, shown as the last one. */
static void opponent_plays(puzzle_session *s, ttt_pos pos, uint64_t now_ms)
{
    if (pos.row < 0 || pos.col < 0 || pos.row >= s->size || pos.col >= s->size) return;
    s->owner[pos.row * s->size + pos.col] = ttt_player_other(s->solver);
    s->placed_ms[pos.row * s->size + pos.col] = now_ms;
    s->has_reply = true;
    s->reply = pos;
}

bool puzzle_session_on_result(puzzle_session *s, uint32_t job_id, const puzzle_move_result *r,
                              uint64_t now_ms)
{
    if (s->phase != PUZZLE_SESSION_WAITING || job_id != s->job_id) return false;
    s->changed_ms = now_ms;
    if (!r || r->kind == PUZZLE_MOVE_ILLEGAL) {
        /* Take the move back: the player may try again. */
        ttt_pos last = s->moves.moves[--s->moves.count];
        s->owner[last.row * s->size + last.col] = TTT_PLAYER_NONE;
        s->phase = PUZZLE_SESSION_PLAYING;
        s->failed = r == NULL;
        return true;
    }
    s->has_reply = false;
    switch (r->kind) {
    case PUZZLE_MOVE_GOOD:
        opponent_plays(s, r->reply, now_ms);
        s->plies_left -= 2;
        s->phase = PUZZLE_SESSION_PLAYING;
        break;
    case PUZZLE_MOVE_SOLVED:
        s->plies_left = 0;
        s->phase = PUZZLE_SESSION_SOLVED;
        break;
    case PUZZLE_MOVE_MISSED:
    default:
        s->phase = PUZZLE_SESSION_MISSED;
        s->has_key = r->has_winning_move;
        s->key = r->winning_move;
        if (r->has_refutation) {
            opponent_plays(s, r->refutation, now_ms);
            s->refutation_wins = r->refutation_wins;
            s->refutation_plies = r->refutation_plies;
        }
        break;
    }
    return true;
}

bool puzzle_session_answer(const puzzle_session_job *job, puzzle_move_result *out)
{
    memset(out, 0, sizeof *out);
    if (job->count < 1 || job->count > PUZZLE_SESSION_MAX_MOVES) return false;
    puzzle_play p;
    memset(&p, 0, sizeof p);
    if (puzzle_play_start(&p, job->index) != 0) return false;
    bool ok = true;
    for (int i = 0; i < job->count && ok; i++) {
        puzzle_move_kind kind = puzzle_play_move(&p, job->moves[i], out);
        /* Every move before the last was answered as good before. */
        if (i + 1 < job->count && kind != PUZZLE_MOVE_GOOD) ok = false;
    }
    puzzle_play_end(&p);
    return ok;
}

int puzzle_session_boards(int *sizes, int *ks, int cap)
{
    int n = 0;
    for (int i = 0; i < puzzle_count(); i++) {
        const puzzle_entry *e = puzzle_get(i);
        bool seen = false;
        for (int j = 0; j < n && !seen; j++)
            seen = sizes[j] == e->size && ks[j] == e->k;
        if (seen || n >= cap) continue;
        sizes[n] = e->size;
        ks[n] = e->k;
        n++;
    }
    return n;
}

int puzzle_session_next(int size, int k, puzzle_difficulty d, int after)
{
    int found[PUZZLE_SESSION_FIND_MAX];
    int n = puzzle_find(size, k, d, found, PUZZLE_SESSION_FIND_MAX);
    if (n > PUZZLE_SESSION_FIND_MAX) n = PUZZLE_SESSION_FIND_MAX;
    if (n <= 0) return -1;
    for (int i = 0; i < n; i++)
        if (found[i] > after) return found[i];
    return found[0];
}

int puzzle_session_line(const puzzle_entry *e, ttt_pos *out, int cap)
{
    int n = 0;
    const char *p = e->line;
    while (*p && n < cap) {
        int r = 0, c = 0, used = 0;
        while (*p == ' ')
            p++;
        if (!*p) break;
        if (sscanf(p, "%d,%d%n", &r, &c, &used) != 2) break;
        out[n++] = (ttt_pos){r, c};
        p += used;
    }
    return n;
}

void puzzle_session_date(int64_t day, char *buf, size_t cap)
{
    /* Howard Hinnant's civil_from_days, proleptic Gregorian. */
    int64_t z = day + 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    int64_t d = doy - (153 * mp + 2) / 5 + 1;
    int64_t m = mp < 10 ? mp + 3 : mp - 9;
    int64_t y = yoe + era * 400 + (m <= 2);
    snprintf(buf, cap, "%04lld-%02lld-%02lld", (long long)y, (long long)m, (long long)d);
}

/* ------------------------------------------------------------------------- */
/* Statistics                                                                */
/* ------------------------------------------------------------------------- */

void puzzle_stats_init(puzzle_stats *st)
{
    memset(st, 0, sizeof *st);
    st->daily_day = PUZZLE_STATS_NO_DAY;
}

void puzzle_stats_count(puzzle_stats *st, bool solved, bool daily, int64_t day)
{
    if (!solved) {
        if (st->missed < TALLY_MAX_COUNT) st->missed++;
        st->streak = 0;
        return;
    }
    if (st->solved < TALLY_MAX_COUNT) st->solved++;
    if (st->streak < TALLY_MAX_COUNT) st->streak++;
    if (st->streak > st->best) st->best = st->streak;
    if (daily) st->daily_day = day;
}
