/*
 * test_ai_exhaustive.c - the AI against an independent brute-force solver
 * on every one of the 4,520 unfinished 3x3 positions (and the same boards
 * with the colours swapped, as in games O starts): the perfect move keeps
 * the true minimax value, distance included, whether it comes from the
 * table, from the generic search, or from the fallible search with a
 * vanishing mistake probability; analysis gives every square's true value;
 * and the perfect AI never loses against any sequence of replies.
 */
#include "ai_test_util.h"

/* Routes of the perfect AI: the table (default), the generic search (a
 * depth limit bypasses the table), and the fallible search with a mistake
 * probability too small ever to fire, which must then play perfectly. */
enum route { ROUTE_TABLE, ROUTE_SEARCH, ROUTE_MISTAKE, ROUTE_COUNT };
#define NEVER_P 1e-12

static position_list positions;

static int setup(void **state)
{
    (void)state;
    all_positions(&positions);
    return 0;
}

static ttt_ai_options route_opts(int route, uint64_t seed)
{
    ttt_ai_options o = perfect_opts(seed);
    if (route == ROUTE_MISTAKE) o.mistake_probability = NEVER_P;
    return o;
}

/* The route's move: ROUTE_SEARCH searches 3x3 (a depth limit as deep as
 * the board) instead of reading the table. */
static ttt_status route_move(int route, const ttt_game *g, const ttt_ai_options *o,
                             ttt_ai_result *r)
{
    return move_depth(NULL, g, o, route == ROUTE_SEARCH ? TTT_MAX_SQUARES : 0, r);
}

static void test_position_count(void **state)
{
    (void)state;
    assert_int_equal(positions.count, POSITIONS_3X3);
}

/* The value of the AI's move equals the position's value. */
static void check_moves(int route)
{
    for (int swap = 0; swap < 2; swap++) {
        for (int i = 0; i < positions.count; i++) {
            ttt_game *g = game_from(positions.boards[i], swap);
            char b[N3 + 1];
            char me = board_of(g, b);
            bf_value truth = bf_solve(b, me);
            ttt_ai_options o = route_opts(route, (uint64_t)i);
            ttt_ai_result r;
            TTT_INIT(&r);
            assert_int_equal(route_move(route, g, &o, &r), TTT_OK);
            assert_legal(g, r.move);
            bf_value got = bf_move(b, r.move.row * 3 + r.move.col, me);
            if (got.result != truth.result || got.plies != truth.plies)
                fail_msg("route %d, %s (swap %d): move %d,%d is %d/%d, best is %d/%d", route,
                         positions.boards[i], swap, r.move.row, r.move.col, got.result, got.plies,
                         truth.result, truth.plies);
            if (route != ROUTE_MISTAKE) {
                assert_true(r.proven);
                bf_value claimed = bf_from_outcome(r.outcome, r.plies);
                assert_int_equal(claimed.result, truth.result);
                assert_int_equal(claimed.plies, truth.plies);
            }
            ttt_game_free(g);
        }
    }
}

static void test_table_moves(void **state)
{
    (void)state;
    check_moves(ROUTE_TABLE);
}

static void test_search_moves(void **state)
{
    (void)state;
    check_moves(ROUTE_SEARCH);
}

static void test_mistake_search_without_mistakes(void **state)
{
    (void)state;
    check_moves(ROUTE_MISTAKE);
}

/* Trace callback that only counts; asking for a trace makes analysis use
 * the search instead of the table. */
static void count_trace(void *user, const ttt_trace_step *step)
{
    (void)step;
    ++*(int *)user;
}

/* ttt_ai_analyze(): every square's value and the best flags. */
static void check_analysis(int use_search)
{
    for (int swap = 0; swap < 2; swap++) {
        for (int i = 0; i < positions.count; i++) {
            ttt_game *g = game_from(positions.boards[i], swap);
            char b[N3 + 1];
            char me = board_of(g, b);
            ttt_ai_options o = perfect_opts(1);
            int calls = 0;
            if (use_search) {
                o.trace = count_trace;
                o.trace_user = &calls;
                o.trace_depth = 1;
            }
            ttt_analysis a;
            TTT_INIT(&a);
            assert_int_equal(analyze_with(NULL, g, &o, &a), TTT_OK);
            assert_true(a.all_proven);
            bf_value truth = bf_solve(b, me);
            bf_value value = bf_from_outcome(a.value, a.plies);
            assert_int_equal(value.result, truth.result);
            assert_int_equal(value.plies, truth.plies);
            int empty = 0;
            for (int sq = 0; sq < N3; sq++)
                empty += b[sq] == '.';
            assert_int_equal(a.count, empty);
            for (int m = 0; m < a.count; m++) {
                const ttt_move_value *mv = &a.moves[m];
                bf_value t = bf_move(b, mv->pos.row * 3 + mv->pos.col, me);
                bf_value got = bf_from_outcome(mv->outcome, mv->plies);
                assert_int_equal(got.result, t.result);
                assert_int_equal(got.plies, t.plies);
                int best = t.result == truth.result && t.plies == truth.plies;
                assert_int_equal(mv->best != 0, best);
                if (m > 0) /* row by row */
                    assert_true(mv->pos.row * 3 + mv->pos.col >
                                a.moves[m - 1].pos.row * 3 + a.moves[m - 1].pos.col);
            }
            if (use_search) assert_true(calls >= a.count);
            ttt_game_free(g);
        }
    }
}

static void test_analysis_table(void **state)
{
    (void)state;
    check_analysis(0);
}

static void test_analysis_search(void **state)
{
    (void)state;
    check_analysis(1);
}

/* Plays every game in which the AI (side `ai`, on `route`) makes any of the
 * moves analysis calls best, against every reply; checks the AI's own
 * choice is one of them and that it never loses. Returns games played. */
static long walk(ttt_game *g, ttt_player ai, int route, uint64_t *seed)
{
    ttt_state st = ttt_game_state(g);
    if (st == TTT_STATE_X_WON || st == TTT_STATE_O_WON) {
        ttt_player w = ttt_game_winner(g);
        assert_int_not_equal(w, ttt_player_other(ai));
        return 1;
    }
    if (st == TTT_STATE_DRAW) return 1;
    ttt_player turn = ttt_game_turn(g);
    long games = 0;
    ttt_analysis a;
    TTT_INIT(&a);
    assert_int_equal(ttt_ai_analyze(NULL, g, NULL, &a), TTT_OK);
    if (turn == ai) {
        ttt_ai_options o = route_opts(route, (*seed)++);
        ttt_ai_result r;
        TTT_INIT(&r);
        assert_int_equal(route_move(route, g, &o, &r), TTT_OK);
        int chosen_is_best = 0;
        for (int m = 0; m < a.count; m++)
            if (a.moves[m].best && a.moves[m].pos.row == r.move.row &&
                a.moves[m].pos.col == r.move.col)
                chosen_is_best = 1;
        assert_true(chosen_is_best);
    }
    for (int m = 0; m < a.count; m++) {
        if (turn == ai && !a.moves[m].best) continue;
        assert_int_equal(ttt_game_move(g, a.moves[m].pos, NULL), TTT_OK);
        games += walk(g, ai, route, seed);
        assert_int_equal(ttt_game_undo(g), TTT_OK);
    }
    return games;
}

static void test_never_loses(void **state)
{
    (void)state;
    for (int route = 0; route < ROUTE_COUNT; route++) {
        for (int first = 0; first < 2; first++) {
            for (int side = 0; side < 2; side++) {
                ttt_game *g = NULL;
                ttt_player f = first ? TTT_PLAYER_O : TTT_PLAYER_X;
                ttt_player ai = side ? TTT_PLAYER_O : TTT_PLAYER_X;
                assert_int_equal(ttt_game_new(3, 3, f, NULL, &g), TTT_OK);
                uint64_t seed = 1;
                assert_true(walk(g, ai, route, &seed) > 0);
                ttt_game_free(g);
            }
        }
    }
}

/* ------------------------------------------------------------------------- */
/* Larger boards near their end, against a general brute-force solver         */
/* ------------------------------------------------------------------------- */

/* A plain minimax over an n x n char board with k in a line: the checks
 * walk every line through the square played, independently of the
 * engine's bitboards, symmetry and pruning. */
typedef struct small_board {
    int n, k;
    char cells[TTT_MAX_SQUARES];
} small_board;

static int run_through(const small_board *b, int sq, int dr, int dc)
{
    int r0 = sq / b->n, c0 = sq % b->n, run = 1;
    char me = b->cells[sq];
    for (int sign = -1; sign <= 1; sign += 2) {
        int r = r0 + sign * dr, c = c0 + sign * dc;
        while (r >= 0 && r < b->n && c >= 0 && c < b->n && b->cells[r * b->n + c] == me) {
            run++;
            r += sign * dr;
            c += sign * dc;
        }
    }
    return run;
}

static int small_wins(const small_board *b, int sq)
{
    static const int D[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int d = 0; d < 4; d++)
        if (run_through(b, sq, D[d][0], D[d][1]) >= b->k) return 1;
    return 0;
}

static bf_value small_move(small_board *b, int sq, char me);

static bf_value small_solve(small_board *b, char me)
{
    bf_value best = {-2, 0};
    for (int sq = 0; sq < b->n * b->n; sq++) {
        if (b->cells[sq] != '.') continue;
        bf_value v = small_move(b, sq, me);
        if (best.result == -2 || bf_better(v, best)) best = v;
    }
    return best;
}

static bf_value small_move(small_board *b, int sq, char me)
{
    bf_value v = {1, 1};
    b->cells[sq] = me;
    int empty = 0;
    for (int i = 0; i < b->n * b->n; i++)
        empty += b->cells[i] == '.';
    if (!small_wins(b, sq)) {
        if (empty == 0) {
            v.result = 0;
        } else {
            bf_value c = small_solve(b, me == 'x' ? 'o' : 'x');
            v.result = -c.result;
            v.plies = c.plies + 1;
        }
    }
    b->cells[sq] = '.';
    return v;
}

/* Positions from random games stopped with `empties` squares left; every
 * free square's value from ttt_ai_analyze() must match the solver's. */
static void check_small_boards(int n, int k, int empties, int count)
{
    uint64_t rng = 0x1234567u + (uint64_t)(n * 100 + k * 10 + empties);
    int checked = 0;
    while (checked < count) {
        ttt_game *g = NULL;
        assert_int_equal(ttt_game_new(n, k, TTT_PLAYER_X, NULL, &g), TTT_OK);
        ttt_state st = TTT_STATE_X_TO_MOVE;
        for (int m = 0;
             m < n * n - empties && (st == TTT_STATE_X_TO_MOVE || st == TTT_STATE_O_TO_MOVE); m++) {
            ttt_ai_options o = perfect_opts(rng++);
            o.agent = TTT_AGENT_RANDOM;
            ttt_ai_result r;
            TTT_INIT(&r);
            assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
            assert_int_equal(ttt_game_move(g, r.move, NULL), TTT_OK);
            st = ttt_game_state(g);
        }
        if (st != TTT_STATE_X_TO_MOVE && st != TTT_STATE_O_TO_MOVE) {
            ttt_game_free(g);
            continue;
        }
        small_board b = {n, k, {0}};
        char me = st == TTT_STATE_X_TO_MOVE ? 'x' : 'o';
        for (int sq = 0; sq < n * n; sq++) {
            b.cells[sq] = BF_MARK[square_owner(g, sq / n, sq % n)];
        }
        ttt_analysis a;
        TTT_INIT(&a);
        assert_int_equal(ttt_ai_analyze(NULL, g, NULL, &a), TTT_OK);
        assert_true(a.all_proven);
        for (int i = 0; i < a.count; i++) {
            bf_value t = small_move(&b, a.moves[i].pos.row * n + a.moves[i].pos.col, me);
            bf_value got = bf_from_outcome(a.moves[i].outcome, a.moves[i].plies);
            if (got.result != t.result || got.plies != t.plies)
                fail_msg("%dx%d k%d: square %d,%d is %d/%d, engine says %d/%d", n, n, k,
                         a.moves[i].pos.row, a.moves[i].pos.col, t.result, t.plies, got.result,
                         got.plies);
        }
        bf_value truth = small_solve(&b, me);
        bf_value value = bf_from_outcome(a.value, a.plies);
        assert_int_equal(value.result, truth.result);
        assert_int_equal(value.plies, truth.plies);
        ttt_ai_options o = perfect_opts((uint64_t)checked);
        ttt_ai_result r;
        TTT_INIT(&r);
        assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
        bf_value chosen = small_move(&b, r.move.row * n + r.move.col, me);
        assert_int_equal(chosen.result, truth.result);
        assert_int_equal(chosen.plies, truth.plies);
        ttt_game_free(g);
        checked++;
    }
}

static void test_small_boards_vs_brute_force(void **state)
{
    (void)state;
    enum { EMPTIES = 8, POSITIONS = 25 };
    check_small_boards(4, 4, EMPTIES, POSITIONS);
    check_small_boards(4, 3, EMPTIES, POSITIONS);
    check_small_boards(5, 4, EMPTIES, POSITIONS);
    check_small_boards(5, 3, EMPTIES, POSITIONS);
}

/* ------------------------------------------------------------------------- */
/* The mistake model against a plain, unpruned rendering of the manual        */
/* ------------------------------------------------------------------------- */

/* The manual's evaluate_position() with the project's orderings, written
 * as directly as possible: every branch throws its coin, nothing is
 * pruned. Values are for the AI: result 1 win, 0 draw, -1 loss, or
 * unknown; plies count from the root. */
typedef struct model_value {
    int known, result, plies;
} model_value;

/* Where the AI chooses: Win (faster first) > Draw > Unknown > Loss
 * (slower first). Where the opponent chooses the lowest of: Loss (faster
 * first) < Draw < Win (slower first) < Unknown. */
/* A known value's rank: wins above draws above losses, faster wins and
 * slower losses higher. */
static int known_rank(model_value v)
{
    if (v.result > 0) return 300 - v.plies;
    return v.result == 0 ? 200 : v.plies;
}

static int rank_ai(model_value v)
{
    if (!v.known) return 100;
    return known_rank(v);
}

static int rank_opp(model_value v)
{
    if (!v.known) return 400;
    return known_rank(v);
}

/* The model throws its coins with a generator of its own (SplitMix64):
 * the test compares distributions, not sequences. */
static uint64_t model_random(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static int model_coin(uint64_t *s, double p)
{
    return (double)(model_random(s) >> 11) * 0x1.0p-53 < p;
}

static model_value model_move(char *b, int sq, char mover, char ai, int ply, double p,
                              uint64_t *rng)
{
    model_value v = {0, 0, 0};
    if (model_coin(rng, p)) return v;
    b[sq] = mover;
    int empty = 0;
    for (int i = 0; i < N3; i++)
        empty += b[i] == '.';
    if (bf_won(b, mover)) {
        v.known = 1;
        v.result = mover == ai ? 1 : -1;
        v.plies = ply;
    } else if (empty == 0) {
        v.known = 1;
        v.plies = ply;
    } else {
        char next = mover == 'x' ? 'o' : 'x';
        int first = 1;
        for (int r = 0; r < N3; r++) {
            if (b[r] != '.') continue;
            model_value c = model_move(b, r, next, ai, ply + 1, p, rng);
            int better = next == ai ? rank_ai(c) > rank_ai(v) : rank_opp(c) < rank_opp(v);
            if (first || better) v = c;
            first = 0;
        }
    }
    b[sq] = '.';
    return v;
}

/* The model's move: the best root move by rank_ai, uniform among ties. */
static int model_choice(const char *board, char ai, double p, uint64_t *rng)
{
    char b[N3 + 1];
    memcpy(b, board, N3 + 1);
    int squares[N3], ranks[N3], n = 0, top = -1;
    for (int sq = 0; sq < N3; sq++) {
        if (b[sq] != '.') continue;
        squares[n] = sq;
        ranks[n] = rank_ai(model_move(b, sq, ai, ai, 1, p, rng));
        if (ranks[n] > top) top = ranks[n];
        n++;
    }
    int ties = 0;
    for (int i = 0; i < n; i++)
        ties += ranks[i] == top;
    int pick = (int)(model_random(rng) % (uint64_t)ties);
    for (int i = 0; i < n; i++)
        if (ranks[i] == top && pick-- == 0) return squares[i];
    return -1;
}

/* The engine (pruned, short-circuited) and the plain model must choose
 * moves with the same distribution: a two-sample chi-square over the
 * squares, with a generous bound (df <= 5; the 99.99th percentile is
 * about 25.7). */
static void test_mistake_model_matches_manual(void **state)
{
    (void)state;
    static const char *const BOARDS[] = {"xo..x.o..", "x.o.o.x..", "xo.ox...."};
    static const double P[] = {0.2, 0.5};
    enum { SAMPLES = 20000 };
    for (size_t bi = 0; bi < sizeof BOARDS / sizeof BOARDS[0]; bi++) {
        for (size_t pi = 0; pi < sizeof P / sizeof P[0]; pi++) {
            ttt_game *g = game_from(BOARDS[bi], 0);
            char b[N3 + 1];
            char me = board_of(g, b);
            int engine[N3] = {0}, model[N3] = {0};
            uint64_t rng = 42 + bi * 10 + pi;
            for (int i = 0; i < SAMPLES; i++) {
                ttt_ai_options o = perfect_opts((uint64_t)i * 2654435761u);
                o.mistake_probability = P[pi];
                ttt_ai_result r;
                TTT_INIT(&r);
                assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
                engine[r.move.row * 3 + r.move.col]++;
                model[model_choice(b, me, P[pi], &rng)]++;
            }
            double chi = 0;
            for (int sq = 0; sq < N3; sq++)
                if (engine[sq] + model[sq] > 0)
                    chi += (double)(engine[sq] - model[sq]) * (engine[sq] - model[sq]) /
                           (engine[sq] + model[sq]);
            if (chi > 40.0) fail_msg("board %s p %.2f: chi-square %.1f", BOARDS[bi], P[pi], chi);
            ttt_game_free(g);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_position_count),
        cmocka_unit_test(test_table_moves),
        cmocka_unit_test(test_search_moves),
        cmocka_unit_test(test_mistake_search_without_mistakes),
        cmocka_unit_test(test_analysis_table),
        cmocka_unit_test(test_analysis_search),
        cmocka_unit_test(test_never_loses),
        cmocka_unit_test(test_small_boards_vs_brute_force),
        cmocka_unit_test(test_mistake_model_matches_manual),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
