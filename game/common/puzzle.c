/*
 * puzzle.c - the shipped puzzles: finding, the daily pick, playing and
 * verifying (see puzzle.h). Every search here is the independent checker's
 * (puzzle_check.c), within a budget of positions.
 */
#include "puzzle.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SECONDS_PER_DAY 86400
/* The daily stride through the set: a prime, so (with a set whose size it
 * does not divide) every puzzle comes once before any comes again. */
#define DAILY_STRIDE 7919
/* Where day 0 starts, so the first days do not all show 3x3. */
#define DAILY_OFFSET 104729
#define MAX_SQ 64

int puzzle_count(void)
{
    return puzzle_set_count;
}

const puzzle_entry *puzzle_get(int index)
{
    if (index < 0 || index >= puzzle_set_count) return NULL;
    return &puzzle_set[index];
}

int puzzle_find(int size, int k, puzzle_difficulty difficulty, int *out, int cap)
{
    int n = 0;
    for (int i = 0; i < puzzle_set_count; i++) {
        const puzzle_entry *e = &puzzle_set[i];
        if ((size && e->size != size) || (k && e->k != k) ||
            (difficulty && e->difficulty != (int)difficulty))
            continue;
        if (out && n < cap) out[n] = i;
        n++;
    }
    return n;
}

const char *puzzle_difficulty_name(puzzle_difficulty d)
{
    switch (d) {
    case PUZZLE_EASY: return "easy";
    case PUZZLE_MEDIUM: return "medium";
    case PUZZLE_HARD: return "hard";
    default: return "any";
    }
}

bool puzzle_difficulty_from_name(const char *name, puzzle_difficulty *out)
{
    static const char *const names[] = {"easy", "medium", "hard"};
    if (!name || !out) return false;
    for (int i = 0; i < 3; i++) {
        size_t len = strlen(names[i]);
        bool same = strlen(name) == len;
        for (size_t j = 0; same && j < len; j++)
            same = tolower((unsigned char)name[j]) == names[i][j];
        if (same || (name[0] == '1' + i && !name[1])) {
            *out = (puzzle_difficulty)(i + 1);
            return true;
        }
    }
    return false;
}

/* ------------------------------------------------------------------------- */
/* The daily puzzle                                                          */
/* ------------------------------------------------------------------------- */

int64_t puzzle_utc_day_now(void)
{
    time_t now = time(NULL);
    int64_t s = (int64_t)now;
    return s >= 0 ? s / SECONDS_PER_DAY : -((-s + SECONDS_PER_DAY - 1) / SECONDS_PER_DAY);
}

/* Days from 1970-01-01 to y-m-d (H. Hinnant's days_from_civil). */
static int64_t days_from_civil(int64_t y, int m, int d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

bool puzzle_day_from_date(const char *text, int64_t *day)
{
    static const int month_days[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (!text || !day || strlen(text) != 10 || text[4] != '-' || text[7] != '-') return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && !isdigit((unsigned char)text[i])) return false;
    int y = atoi(text), m = atoi(text + 5), d = atoi(text + 8);
    if (y < 1970 || m < 1 || m > 12 || d < 1 || d > month_days[m - 1]) return false;
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (m == 2 && d == 29 && !leap) return false;
    *day = days_from_civil(y, m, d);
    return true;
}

int puzzle_daily(int64_t day)
{
    int64_t n = puzzle_set_count;
    if (n <= 0) return -1;
    int64_t stride = DAILY_STRIDE % n;
    if (stride == 0) stride = 1;
    int64_t at = ((day % n + n) % n * stride + DAILY_OFFSET) % n;
    return (int)at;
}

/* ------------------------------------------------------------------------- */
/* Reading a puzzle                                                          */
/* ------------------------------------------------------------------------- */

/* The board's marks (x, o); false for bad text. */
static bool read_board(const puzzle_entry *e, uint64_t *x, uint64_t *o)
{
    int nsq = e->size * e->size;
    if (!e->board || (int)strlen(e->board) != nsq) return false;
    *x = *o = 0;
    for (int i = 0; i < nsq; i++) {
        if (e->board[i] == 'x')
            *x |= (uint64_t)1 << i;
        else if (e->board[i] == 'o')
            *o |= (uint64_t)1 << i;
        else if (e->board[i] != '.')
            return false;
    }
    return true;
}

/* The stored line as squares; its length, or -1 for bad text. */
static int read_line(const puzzle_entry *e, int *sq, int cap)
{
    int n = 0;
    const char *s = e->line;
    if (!s) return -1;
    while (*s) {
        int r, c, used;
        if (sscanf(s, "%d,%d%n", &r, &c, &used) != 2 || n >= cap) return -1;
        if (r < 0 || r >= e->size || c < 0 || c >= e->size) return -1;
        sq[n++] = r * e->size + c;
        s += used;
        while (*s == ' ')
            s++;
    }
    return n;
}

static ttt_pos pos_of(int sq, int size)
{
    return (ttt_pos){sq / size, sq % size};
}

static uint64_t full_mask(int size)
{
    int nsq = size * size;
    return nsq == 64 ? ~(uint64_t)0 : ((uint64_t)1 << nsq) - 1;
}

/* ------------------------------------------------------------------------- */
/* Verifying                                                                 */
/* ------------------------------------------------------------------------- */

const char *puzzle_fault_name(puzzle_fault f)
{
    static const char *const names[] = {"none",       "bad-data",   "key-fails", "faster-win",
                                        "second-win", "line-fails", "unknown"};
    return (int)f >= 0 && f <= PUZZLE_FAULT_UNKNOWN ? names[f] : "unknown";
}

static puzzle_fault verdict_fault(puzzle_verdict v, puzzle_verdict want, puzzle_fault f)
{
    if (v == want) return PUZZLE_FAULT_NONE;
    return v == PUZZLE_UNKNOWN ? PUZZLE_FAULT_UNKNOWN : f;
}

static puzzle_fault verify(puzzle_checker *pc, const puzzle_entry *e, uint64_t budget,
                           uint64_t *nodes)
{
    uint64_t x, o;
    int line[MAX_SQ];
    if (!read_board(e, &x, &o)) return PUZZLE_FAULT_BAD_DATA;
    int len = read_line(e, line, MAX_SQ);
    int n = e->plies;
    if (len < 1 || n < 3 || n % 2 == 0) return PUZZLE_FAULT_BAD_DATA;
    uint64_t mover = e->to_move == 'o' ? o : x, other = e->to_move == 'o' ? x : o;
    uint64_t empty = full_mask(e->size) & ~(x | o);
    if (puzzle_checker_has_line(pc, x) || puzzle_checker_has_line(pc, o) || !empty)
        return PUZZLE_FAULT_BAD_DATA;
    uint64_t key = (uint64_t)1 << line[0];
    if (!(empty & key)) return PUZZLE_FAULT_BAD_DATA;
    puzzle_fault f;
    f = verdict_fault(puzzle_checker_wins_after(pc, mover | key, other, n - 1, budget), PUZZLE_YES,
                      PUZZLE_FAULT_KEY_FAILS);
    *nodes += puzzle_checker_nodes(pc);
    if (f) return f;
    f = verdict_fault(puzzle_checker_wins(pc, mover, other, n - 2, budget), PUZZLE_NO,
                      PUZZLE_FAULT_FASTER_WIN);
    *nodes += puzzle_checker_nodes(pc);
    if (f) return f;
    for (uint64_t m = empty & ~key; m; m &= m - 1) {
        uint64_t sq = m & (~m + 1);
        f = verdict_fault(puzzle_checker_wins_after(pc, mover | sq, other, n - 1, budget),
                          PUZZLE_NO, PUZZLE_FAULT_SECOND_WIN);
        *nodes += puzzle_checker_nodes(pc);
        if (f) return f;
    }
    /* The stored line: legal, the defender never completes a line, and it
     * ends with the mover's line at ply n. */
    if (len != n) return PUZZLE_FAULT_LINE_FAILS;
    uint64_t side[2] = {mover, other};
    for (int i = 0; i < len; i++) {
        uint64_t b = (uint64_t)1 << line[i];
        if ((side[0] | side[1]) & b) return PUZZLE_FAULT_LINE_FAILS;
        side[i & 1] |= b;
        bool done = puzzle_checker_has_line(pc, side[i & 1]);
        if (done != (i == len - 1) || (done && (i & 1))) return PUZZLE_FAULT_LINE_FAILS;
    }
    return PUZZLE_FAULT_NONE;
}

puzzle_fault puzzle_verify(int index, uint64_t node_budget, uint64_t *nodes)
{
    const puzzle_entry *e = puzzle_get(index);
    uint64_t used = 0;
    if (nodes) *nodes = 0;
    if (!e) return PUZZLE_FAULT_BAD_DATA;
    puzzle_checker *pc = puzzle_checker_new(e->size, e->k, 0);
    if (!pc) return PUZZLE_FAULT_BAD_DATA;
    puzzle_fault f = verify(pc, e, node_budget ? node_budget : PUZZLE_VERIFY_NODES, &used);
    puzzle_checker_free(pc);
    if (nodes) *nodes = used;
    return f;
}

/* ------------------------------------------------------------------------- */
/* Playing                                                                   */
/* ------------------------------------------------------------------------- */

int puzzle_play_start(puzzle_play *p, int index)
{
    memset(p, 0, sizeof *p);
    const puzzle_entry *e = puzzle_get(index);
    uint64_t x, o;
    if (!e || !read_board(e, &x, &o)) return -1;
    p->line_len = read_line(e, p->line, MAX_SQ);
    if (p->line_len < 1) return -1;
    ttt_player turn = e->to_move == 'o' ? TTT_PLAYER_O : TTT_PLAYER_X;
    if (ttt_game_parse(e->board, e->size, e->k, turn, NULL, &p->game) != TTT_OK) return -1;
    p->pc = puzzle_checker_new(e->size, e->k, 0);
    if (!p->pc) {
        ttt_game_free(p->game);
        p->game = NULL;
        return -1;
    }
    p->index = index;
    p->entry = e;
    p->mine = turn == TTT_PLAYER_O ? o : x;
    p->theirs = turn == TTT_PLAYER_O ? x : o;
    p->plies_left = e->plies;
    p->on_line = true;
    p->status = PUZZLE_PLAYING;
    return 0;
}

void puzzle_play_end(puzzle_play *p)
{
    if (!p) return;
    ttt_game_free(p->game);
    puzzle_checker_free(p->pc);
    memset(p, 0, sizeof *p);
}

const ttt_game *puzzle_play_game(const puzzle_play *p)
{
    return p->game;
}

ttt_player puzzle_play_solver(const puzzle_play *p)
{
    return p->entry && p->entry->to_move == 'o' ? TTT_PLAYER_O : TTT_PLAYER_X;
}

static uint64_t empties(const puzzle_play *p)
{
    return full_mask(p->entry->size) & ~(p->mine | p->theirs);
}

static void put(puzzle_play *p, int sq, bool player)
{
    if (player)
        p->mine |= (uint64_t)1 << sq;
    else
        p->theirs |= (uint64_t)1 << sq;
    (void)ttt_game_move(p->game, pos_of(sq, p->entry->size), NULL);
}

static int first_square(uint64_t set)
{
    int i = 0;
    while (!(set >> i & 1))
        i++;
    return i;
}

/* The defender's reply to a good move: the stored line's while the player
 * follows it, else the one after which the player's fastest win is
 * longest (the first such square). */
static int defence(puzzle_play *p)
{
    if (p->on_line && p->line_at < p->line_len) return p->line[p->line_at];
    uint64_t empty = empties(p);
    uint64_t block = puzzle_checker_threats(p->pc, p->mine, p->theirs) & empty;
    if (block) return first_square(block);
    int best = -1, best_len = -1;
    for (uint64_t m = empty; m; m &= m - 1) {
        int sq = first_square(m);
        int len = puzzle_checker_fastest_win(p->pc, p->mine, p->theirs | (uint64_t)1 << sq,
                                             p->plies_left - 2, PUZZLE_PLAY_NODES);
        if (len < 0) len = p->plies_left; /* not settled: as good as the longest */
        if (len == 0) return sq;          /* holds: cannot happen after a winning move */
        if (len > best_len) {
            best_len = len;
            best = sq;
        }
    }
    return best;
}

/* The winning move of the position before a miss (plies_left still counts
 * the player's move). */
static int winning_move(puzzle_play *p)
{
    if (p->on_line && p->line_at < p->line_len) return p->line[p->line_at];
    for (uint64_t m = empties(p); m; m &= m - 1) {
        int sq = first_square(m);
        if (puzzle_checker_wins_after(p->pc, p->mine | (uint64_t)1 << sq, p->theirs,
                                      p->plies_left - 1, PUZZLE_PLAY_NODES) == PUZZLE_YES)
            return sq;
    }
    return -1;
}

/* The opponent's answer to a miss (already on the board): its fastest win,
 * or else a reply after which the player does not win within the plies
 * left; -1 when neither is found. `hint` (the missed winning square, or
 * -1) is tried first. */
static int refute(puzzle_play *p, int hint, bool *wins, int *plies)
{
    uint64_t empty = empties(p);
    int fw = puzzle_checker_fastest_win(p->pc, p->theirs, p->mine, PUZZLE_REFUTE_PLIES,
                                        PUZZLE_PLAY_NODES);
    if (fw > 0) {
        *wins = true;
        *plies = fw;
        if (fw == 1) return first_square(puzzle_checker_threats(p->pc, p->theirs, p->mine) & empty);
        for (uint64_t m = empty; m; m &= m - 1) {
            int sq = first_square(m);
            if (puzzle_checker_wins_after(p->pc, p->theirs | (uint64_t)1 << sq, p->mine, fw - 1,
                                          PUZZLE_PLAY_NODES) == PUZZLE_YES)
                return sq;
        }
        return -1;
    }
    *wins = false;
    *plies = 0;
    int window = p->plies_left - 2; /* the player's moves left after the reply */
    uint64_t threats = puzzle_checker_threats(p->pc, p->mine, p->theirs) & empty;
    if (threats) return first_square(threats); /* the block comes first */
    int order[MAX_SQ], n = 0;
    if (hint >= 0 && (empty >> hint & 1)) order[n++] = hint;
    for (uint64_t m = empty; m; m &= m - 1)
        if (first_square(m) != hint) order[n++] = first_square(m);
    for (int i = 0; i < n; i++) {
        if (window < 1) return order[i];
        if (puzzle_checker_wins(p->pc, p->mine, p->theirs | (uint64_t)1 << order[i], window,
                                PUZZLE_PLAY_NODES) == PUZZLE_NO)
            return order[i];
    }
    return -1;
}

puzzle_move_kind puzzle_play_move(puzzle_play *p, ttt_pos move, puzzle_move_result *out)
{
    memset(out, 0, sizeof *out);
    out->kind = PUZZLE_MOVE_ILLEGAL;
    if (!p->entry || p->status != PUZZLE_PLAYING) return out->kind;
    int size = p->entry->size;
    if (move.row < 0 || move.row >= size || move.col < 0 || move.col >= size) return out->kind;
    int sq = move.row * size + move.col;
    if (!(empties(p) >> sq & 1)) return out->kind;
    uint64_t b = (uint64_t)1 << sq;
    p->moves_played++;
    bool follows = p->on_line && p->line_at < p->line_len && p->line[p->line_at] == sq;
    bool good = follows;
    if (puzzle_checker_has_line(p->pc, p->mine | b)) {
        good = true;
    } else if (!good && p->moves_played > 1 && p->plies_left > 1) {
        /* Past the key move, any move that still wins in time will do. */
        good = puzzle_checker_wins_after(p->pc, p->mine | b, p->theirs, p->plies_left - 1,
                                         PUZZLE_PLAY_NODES) == PUZZLE_YES;
    }
    if (!good) {
        int win = winning_move(p);
        out->has_winning_move = win >= 0;
        if (win >= 0) out->winning_move = pos_of(win, size);
        put(p, sq, true);
        p->status = PUZZLE_MISSED;
        out->kind = PUZZLE_MOVE_MISSED;
        if (ttt_game_over(p->game)) return out->kind;
        bool wins = false;
        int plies = 0;
        int r = refute(p, win, &wins, &plies);
        if (r >= 0) {
            put(p, r, false);
            out->has_refutation = true;
            out->refutation = pos_of(r, size);
            out->refutation_wins = wins;
            out->refutation_plies = plies;
        }
        return out->kind;
    }
    put(p, sq, true);
    if (follows)
        p->line_at++;
    else
        p->on_line = false;
    if (puzzle_checker_has_line(p->pc, p->mine)) {
        p->status = PUZZLE_SOLVED;
        p->plies_left = 0;
        out->kind = PUZZLE_MOVE_SOLVED;
        return out->kind;
    }
    p->plies_left--;
    int r = defence(p);
    if (p->on_line) p->line_at++;
    put(p, r, false);
    p->plies_left--;
    out->reply = pos_of(r, size);
    out->kind = PUZZLE_MOVE_GOOD;
    return out->kind;
}
