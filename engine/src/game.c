/*
 * game.c - the rules of m,n,k tic-tac-toe: game lifetime, moves, undo, the
 * state machine, victory sets, and the board as text.
 *
 * The board is two 64-bit masks (see game_internal.h). A move checks only
 * the four lines through the square played, walking out from it while the
 * mover's marks continue.
 */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "api_check.h"
#include "bitboard.h"
#include "game_internal.h"

/* The four line directions as (row step, column step): along a row, down a
 * column, down-right, down-left. Victory sets are listed in this order. */
static const int DIRS[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

/* ========================================================================= */
/* Helpers                                                                   */
/* ========================================================================= */

static ttt_status check_dims(int size, int k)
{
    if (size < TTT_MIN_SIZE || size > TTT_MAX_SIZE) return TTT_ERR_SIZE;
    if (k < TTT_MIN_K || k > size) return TTT_ERR_K;
    return TTT_OK;
}

static ttt_state to_move_state(ttt_player p)
{
    return p == TTT_PLAYER_X ? TTT_STATE_X_TO_MOVE : TTT_STATE_O_TO_MOVE;
}

static int state_over(ttt_state s)
{
    return s == TTT_STATE_X_WON || s == TTT_STATE_O_WON || s == TTT_STATE_DRAW;
}

/* Length of the run of `bits` through square `sq` along (dr, dc), the
 * square itself included (it need not be set): walks out both ways. */
static int run_length(int size, uint64_t bits, int sq, int dr, int dc)
{
    int r0 = sq / size, c0 = sq % size, run = 1;
    for (int sign = -1; sign <= 1; sign += 2) {
        int r = r0 + sign * dr, c = c0 + sign * dc;
        while (r >= 0 && r < size && c >= 0 && c < size && (bits & bb_bit(r * size + c))) {
            run++;
            r += sign * dr;
            c += sign * dc;
        }
    }
    return run;
}

/* Whether `bits` holds a complete line through square `sq`. */
static int wins_through(int size, int k, uint64_t bits, int sq)
{
    for (int d = 0; d < 4; d++)
        if (run_length(size, bits, sq, DIRS[d][0], DIRS[d][1]) >= k) return 1;
    return 0;
}

/* Reset to an empty board with `first` to move. */
static void game_clear(ttt_game *g, ttt_player first)
{
    g->first = first;
    g->start_turn = first;
    g->state = to_move_state(first);
    g->marks[0] = g->marks[1] = 0;
    g->count = 0;
    g->nhist = 0;
}

/* ========================================================================= */
/* Lifetime                                                                  */
/* ========================================================================= */

/* A zeroed game from `alloc` (valid), which it keeps; NULL without memory. */
static ttt_game *game_alloc(const ttt_allocator *alloc)
{
    ttt_allocator a = ttt__alloc_copy(alloc);
    ttt_game *g = ttt__alloc_zeroed(&a, sizeof *g);
    if (g) g->alloc = a;
    return g;
}

ttt_status ttt_game_new(int size, int k, ttt_player first, const ttt_allocator *alloc,
                        ttt_game **out)
{
    if (!out) return TTT_ERR_NULL;
    *out = NULL;
    ttt_status st = check_dims(size, k);
    if (st != TTT_OK) return st;
    if (first != TTT_PLAYER_X && first != TTT_PLAYER_O) return TTT_ERR_PLAYER;
    if (!ttt__alloc_valid(alloc)) return TTT_ERR_ALLOCATOR;
    ttt_game *g = game_alloc(alloc);
    if (!g) return TTT_ERR_NOMEM;
    g->size = size;
    g->k = k;
    game_clear(g, first);
    *out = g;
    return TTT_OK;
}

void ttt_game_free(ttt_game *game)
{
    if (!game) return;
    ttt_allocator a = game->alloc;
    ttt__free(&a, game, sizeof *game);
}

ttt_status ttt_game_clone(const ttt_game *game, ttt_game **out)
{
    if (!out) return TTT_ERR_NULL;
    *out = NULL;
    if (!game) return TTT_ERR_NULL;
    ttt_game *g = game_alloc(&game->alloc);
    if (!g) return TTT_ERR_NOMEM;
    *g = *game;
    *out = g;
    return TTT_OK;
}

void ttt_game_copy(ttt_game *dst, const ttt_game *src)
{
    TTT__API_CHECK_VOID(dst != NULL && src != NULL);
    if (dst == src) return;
    ttt_allocator keep = dst->alloc; /* dst is still freed the way it was made */
    *dst = *src;
    dst->alloc = keep;
}

/* ========================================================================= */
/* Queries                                                                   */
/* ========================================================================= */

/* What a query returns for a NULL game when NDEBUG is defined (see
 * "Preconditions" in common.h): no state at all, and "over" (nobody can
 * move in no game), so a loop waiting for a move ends. */
#define NULL_GAME_STATE TTT_STATE_INVALID

int ttt_game_size(const ttt_game *game)
{
    TTT__API_CHECK(game != NULL, 0);
    return game->size;
}

int ttt_game_k(const ttt_game *game)
{
    TTT__API_CHECK(game != NULL, 0);
    return game->k;
}

ttt_state ttt_game_state(const ttt_game *game)
{
    TTT__API_CHECK(game != NULL, NULL_GAME_STATE);
    return game->state;
}

bool ttt_game_over(const ttt_game *game)
{
    TTT__API_CHECK(game != NULL, true);
    return state_over(game->state);
}

ttt_player ttt_game_turn(const ttt_game *game)
{
    TTT__API_CHECK(game != NULL, TTT_PLAYER_NONE);
    switch (game->state) {
    case TTT_STATE_X_TO_MOVE: return TTT_PLAYER_X;
    case TTT_STATE_O_TO_MOVE: return TTT_PLAYER_O;
    default: return TTT_PLAYER_NONE;
    }
}

ttt_player ttt_game_first_player(const ttt_game *game)
{
    TTT__API_CHECK(game != NULL, TTT_PLAYER_NONE);
    return game->first;
}

ttt_player ttt_game_winner(const ttt_game *game)
{
    TTT__API_CHECK(game != NULL, TTT_PLAYER_NONE);
    if (game->state == TTT_STATE_X_WON) return TTT_PLAYER_X;
    return game->state == TTT_STATE_O_WON ? TTT_PLAYER_O : TTT_PLAYER_NONE;
}

/* Who owns square index i (on the board). */
static ttt_player owner_at(const ttt_game *game, int i)
{
    if (game->marks[0] & bb_bit(i)) return TTT_PLAYER_X;
    return (game->marks[1] & bb_bit(i)) ? TTT_PLAYER_O : TTT_PLAYER_NONE;
}

static int on_board(const ttt_game *game, ttt_pos sq)
{
    return sq.row >= 0 && sq.row < game->size && sq.col >= 0 && sq.col < game->size;
}

ttt_status ttt_game_owner(const ttt_game *game, ttt_pos square, ttt_player *owner)
{
    if (!game || !owner) return TTT_ERR_NULL;
    if (!on_board(game, square)) return TTT_ERR_OUTSIDE;
    *owner = owner_at(game, square.row * game->size + square.col);
    return TTT_OK;
}

int ttt_game_move_count(const ttt_game *game)
{
    TTT__API_CHECK(game != NULL, 0);
    return game->count;
}

ttt_status ttt_game_history(const ttt_game *game, ttt_pos *moves, int capacity, int *count)
{
    if (!game || !count || (!moves && capacity > 0)) return TTT_ERR_NULL;
    if (capacity < 0) return TTT_ERR_RANGE;
    *count = game->nhist;
    for (int i = 0; i < game->nhist && i < capacity; i++) {
        moves[i].row = game->hist[i] / game->size;
        moves[i].col = game->hist[i] % game->size;
    }
    return capacity < game->nhist ? TTT_ERR_BUFFER : TTT_OK;
}

ttt_status ttt_game_squares(const ttt_game *game, ttt_square *squares, int capacity, int *count)
{
    if (!game || !count || (!squares && capacity > 0)) return TTT_ERR_NULL;
    if (capacity < 0) return TTT_ERR_RANGE;
    int n = game->size * game->size;
    *count = n;
    for (int i = 0; i < n && i < capacity; i++) {
        squares[i].pos.row = i / game->size;
        squares[i].pos.col = i % game->size;
        squares[i].owner = owner_at(game, i);
    }
    return capacity < n ? TTT_ERR_BUFFER : TTT_OK;
}

ttt_status ttt_game_empty_squares(const ttt_game *game, ttt_pos *squares, int capacity, int *count)
{
    if (!game || !count || (!squares && capacity > 0)) return TTT_ERR_NULL;
    if (capacity < 0) return TTT_ERR_RANGE;
    uint64_t taken = game->marks[0] | game->marks[1];
    int n = 0;
    for (int i = 0; i < game->size * game->size; i++) {
        if (taken & bb_bit(i)) continue;
        if (n < capacity) {
            squares[n].row = i / game->size;
            squares[n].col = i % game->size;
        }
        n++;
    }
    *count = n;
    return capacity < n ? TTT_ERR_BUFFER : TTT_OK;
}

/* ========================================================================= */
/* Moves                                                                     */
/* ========================================================================= */

ttt_status ttt_game_can_move(const ttt_game *game, ttt_pos square)
{
    if (!game) return TTT_ERR_NULL;
    if (state_over(game->state)) return TTT_ERR_GAME_OVER;
    if (!on_board(game, square)) return TTT_ERR_OUTSIDE;
    if (owner_at(game, square.row * game->size + square.col) != TTT_PLAYER_NONE)
        return TTT_ERR_OCCUPIED;
    return TTT_OK;
}

ttt_status ttt_game_move(ttt_game *game, ttt_pos square, ttt_state *after)
{
    ttt_status st = ttt_game_can_move(game, square);
    if (st != TTT_OK) return st;
    int sq = square.row * game->size + square.col;
    ttt_player mover = game->state == TTT_STATE_X_TO_MOVE ? TTT_PLAYER_X : TTT_PLAYER_O;
    int side = game_side(mover);
    game->marks[side] |= bb_bit(sq);
    game->count++;
    game->hist[game->nhist++] = (uint8_t)sq;
    if (wins_through(game->size, game->k, game->marks[side], sq))
        game->state = mover == TTT_PLAYER_X ? TTT_STATE_X_WON : TTT_STATE_O_WON;
    else if (game->count == game->size * game->size)
        game->state = TTT_STATE_DRAW;
    else
        game->state = to_move_state(ttt_player_other(mover));
    if (after) *after = game->state;
    return TTT_OK;
}

ttt_status ttt_game_undo(ttt_game *game)
{
    if (!game) return TTT_ERR_NULL;
    if (game->nhist == 0) return TTT_ERR_NO_HISTORY;
    int sq = game->hist[--game->nhist];
    ttt_player mover = (game->marks[0] & bb_bit(sq)) ? TTT_PLAYER_X : TTT_PLAYER_O;
    game->marks[game_side(mover)] &= ~bb_bit(sq);
    game->count--;
    /* The position before a move was never over: the move was accepted. */
    game->state = to_move_state(mover);
    return TTT_OK;
}

void ttt_game_start_next(ttt_game *game)
{
    TTT__API_CHECK_VOID(game != NULL);
    game_clear(game, ttt_player_other(game->first));
}

/* ========================================================================= */
/* Victory sets                                                              */
/* ========================================================================= */

/* Calls visit(line, mask, ctx) for every victory set in the documented
 * order; stops early when visit returns non-zero. */
typedef int (*line_visitor)(const ttt_line *line, uint64_t mask, void *ctx);

static void for_each_line(int size, int k, line_visitor visit, void *ctx)
{
    for (int d = 0; d < 4; d++) {
        int dr = DIRS[d][0], dc = DIRS[d][1];
        for (int r = 0; r < size; r++) {
            for (int c = 0; c < size; c++) {
                int er = r + dr * (k - 1), ec = c + dc * (k - 1);
                if (er < 0 || er >= size || ec < 0 || ec >= size) continue;
                ttt_line line;
                memset(&line, 0, sizeof line);
                line.length = k;
                uint64_t mask = 0;
                for (int i = 0; i < k; i++) {
                    line.squares[i].row = r + dr * i;
                    line.squares[i].col = c + dc * i;
                    mask |= bb_bit((r + dr * i) * size + c + dc * i);
                }
                if (visit(&line, mask, ctx)) return;
            }
        }
    }
}

int ttt_victory_set_count(int size, int k)
{
    if (check_dims(size, k) != TTT_OK) return 0;
    int w = size - k + 1;
    return 2 * size * w + 2 * w * w;
}

/* Collects lines into a caller's array, counting past its capacity. */
struct line_sink {
    uint64_t want; /* only lines inside this mask; all bits set for every line */
    ttt_line *lines;
    int capacity;
    int count;
};

static int sink_line(const ttt_line *line, uint64_t mask, void *ctx)
{
    struct line_sink *s = ctx;
    if ((mask & s->want) != mask) return 0;
    if (s->count < s->capacity) s->lines[s->count] = *line;
    s->count++;
    return 0;
}

ttt_status ttt_victory_sets(int size, int k, ttt_line *lines, int capacity, int *count)
{
    if (!count || (!lines && capacity > 0)) return TTT_ERR_NULL;
    ttt_status st = check_dims(size, k);
    if (st != TTT_OK) return st;
    if (capacity < 0) return TTT_ERR_RANGE;
    struct line_sink s = {UINT64_MAX, lines, capacity, 0};
    for_each_line(size, k, sink_line, &s);
    *count = s.count;
    return s.count > capacity ? TTT_ERR_BUFFER : TTT_OK;
}

ttt_status ttt_game_winning_lines(const ttt_game *game, ttt_line *lines, int capacity, int *count)
{
    if (!game || !count || (!lines && capacity > 0)) return TTT_ERR_NULL;
    if (capacity < 0) return TTT_ERR_RANGE;
    *count = 0;
    if (game->state != TTT_STATE_X_WON && game->state != TTT_STATE_O_WON) return TTT_OK;
    struct line_sink s = {game->marks[game->state == TTT_STATE_X_WON ? 0 : 1], lines, capacity, 0};
    for_each_line(game->size, game->k, sink_line, &s);
    *count = s.count;
    return s.count > capacity ? TTT_ERR_BUFFER : TTT_OK;
}

/* ========================================================================= */
/* Text                                                                      */
/* ========================================================================= */

/* Appends to a bounded buffer, counting what would have been written. */
struct text_out {
    char *buf;
    int cap;
    int len;
};

static void put(struct text_out *o, const char *s)
{
    for (; *s; s++) {
        if (o->len + 1 < o->cap) o->buf[o->len] = *s;
        o->len++;
    }
}

ttt_status ttt_game_format(const ttt_game *game, ttt_format_style style, char *buf, int cap,
                           int *len)
{
    if (!game || (!buf && cap > 0)) return TTT_ERR_NULL;
    if (style != TTT_FORMAT_GRID && style != TTT_FORMAT_COMPACT) return TTT_ERR_RANGE;
    if (cap < 0) return TTT_ERR_RANGE;
    struct text_out o = {buf, cap, 0};
    int n = game->size;
    for (int r = 0; r < n; r++) {
        if (style == TTT_FORMAT_GRID) {
            for (int c = 0; c < n; c++)
                put(&o, "+---");
            put(&o, "+\n");
        } else if (r > 0) {
            put(&o, " ");
        }
        for (int c = 0; c < n; c++) {
            static const char *const GRID[] = {"|   ", "| X ", "| O "}, *const COMPACT[] = {
                                                                            ".", "x", "o"};
            ttt_player who = owner_at(game, r * n + c);
            put(&o, style == TTT_FORMAT_GRID ? GRID[who] : COMPACT[who]);
        }
        if (style == TTT_FORMAT_GRID) put(&o, "|\n");
    }
    if (style == TTT_FORMAT_GRID) {
        for (int c = 0; c < n; c++)
            put(&o, "+---");
        put(&o, "+\n");
    }
    if (len) *len = o.len;
    if (o.len >= cap) {
        if (cap > 0) buf[0] = '\0';
        return TTT_ERR_BUFFER;
    }
    buf[o.len] = '\0';
    return TTT_OK;
}

/* Collects the union and intersection of one player's completed lines. */
struct line_stats {
    uint64_t bits;
    int lines;
    uint64_t common;
};

static int stat_line(const ttt_line *line, uint64_t mask, void *ctx)
{
    (void)line;
    struct line_stats *s = ctx;
    if ((mask & s->bits) != mask) return 0;
    s->lines++;
    s->common &= mask;
    return 0;
}

/* The squares of a board text: each side's marks and their counts. */
typedef struct parsed_board {
    uint64_t marks[2];
    int counts[2];
} parsed_board;

/* Reads the marks of `text` (see ttt_game_parse() for what is allowed). */
static ttt_status read_marks(const char *text, int size, parsed_board *b)
{
    int n = 0;
    memset(b, 0, sizeof *b);
    for (const char *p = text; *p; p++) {
        char ch = *p;
        if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '|') continue;
        int side;
        if (ch == 'x' || ch == 'X')
            side = 0;
        else if (ch == 'o' || ch == 'O')
            side = 1;
        else if (ch == '.' || ch == '_' || ch == '-')
            side = -1;
        else
            return TTT_ERR_PARSE_CHAR;
        if (n >= size * size) return TTT_ERR_PARSE_COUNT;
        if (side >= 0) {
            b->marks[side] |= bb_bit(n);
            b->counts[side]++;
        }
        n++;
    }
    if (n != size * size) return TTT_ERR_PARSE_COUNT;
    if (abs(b->counts[0] - b->counts[1]) > 1) return TTT_ERR_PARSE_MARKS;
    return TTT_OK;
}

/* Who is to move on a board whose `winner` (side, or -1) is known: forced by
 * the counts, or by who won, or chosen (`to_move`, NONE meaning X). Refuses
 * a board whose winner did not move last, or a choice the board
 * contradicts. */
static ttt_status board_turn(const parsed_board *b, int winner, ttt_player to_move,
                             ttt_player *turn)
{
    const int *counts = b->counts;
    if (counts[0] != counts[1]) {
        *turn = counts[0] > counts[1] ? TTT_PLAYER_O : TTT_PLAYER_X;
        if (winner >= 0 && *turn == (winner == 0 ? TTT_PLAYER_X : TTT_PLAYER_O))
            return TTT_ERR_PARSE_WIN; /* the winner has fewer marks: did not move last */
    } else if (winner >= 0) {
        *turn = winner == 0 ? TTT_PLAYER_O : TTT_PLAYER_X;
    } else {
        *turn = to_move == TTT_PLAYER_NONE ? TTT_PLAYER_X : to_move;
    }
    if (to_move != TTT_PLAYER_NONE && to_move != *turn) return TTT_ERR_PARSE_TURN;
    return TTT_OK;
}

ttt_status ttt_game_parse(const char *text, int size, int k, ttt_player to_move,
                          const ttt_allocator *alloc, ttt_game **out)
{
    if (!out) return TTT_ERR_NULL;
    *out = NULL;
    if (!text) return TTT_ERR_NULL;
    if (!ttt__alloc_valid(alloc)) return TTT_ERR_ALLOCATOR;
    ttt_status st = check_dims(size, k);
    if (st != TTT_OK) return st;
    if (to_move != TTT_PLAYER_NONE && to_move != TTT_PLAYER_X && to_move != TTT_PLAYER_O)
        return TTT_ERR_PLAYER;
    parsed_board b;
    st = read_marks(text, size, &b);
    if (st != TTT_OK) return st;

    struct line_stats ls[2];
    for (int s = 0; s < 2; s++) {
        ls[s].bits = b.marks[s];
        ls[s].lines = 0;
        ls[s].common = UINT64_MAX;
        for_each_line(size, k, stat_line, &ls[s]);
    }
    if (ls[0].lines && ls[1].lines) return TTT_ERR_PARSE_WIN;
    int winner = -1;
    if (ls[0].lines) winner = 0;
    if (ls[1].lines) winner = 1;
    ttt_player turn;
    st = board_turn(&b, winner, to_move, &turn);
    if (st != TTT_OK) return st;
    /* The winner's last mark must lie on every one of their lines. */
    if (winner >= 0 && (ls[winner].common & b.marks[winner]) == 0) return TTT_ERR_PARSE_WIN;

    ttt_game *g = game_alloc(alloc);
    if (!g) return TTT_ERR_NOMEM;
    g->size = size;
    g->k = k;
    g->marks[0] = b.marks[0];
    g->marks[1] = b.marks[1];
    g->count = b.counts[0] + b.counts[1];
    g->nhist = 0;
    g->start_turn = turn;
    g->first = turn; /* equal counts: the player to move; else who has more */
    if (b.counts[0] != b.counts[1])
        g->first = b.counts[0] > b.counts[1] ? TTT_PLAYER_X : TTT_PLAYER_O;
    if (winner >= 0)
        g->state = winner == 0 ? TTT_STATE_X_WON : TTT_STATE_O_WON;
    else if (g->count == size * size)
        g->state = TTT_STATE_DRAW;
    else
        g->state = to_move_state(turn);
    *out = g;
    return TTT_OK;
}
