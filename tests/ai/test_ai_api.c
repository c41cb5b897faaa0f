/*
 * test_ai_api.c - the AI's behaviour through its public API: known results
 * (every board's value against the literature, 3x3 and 4x4 k=4 are draws,
 * 4x4 k=3 is a first-player win, the only
 * answer to a corner opening is the centre), fastest wins, seeds, the
 * mistake probability at its ends, presets in order, the simple agents,
 * deadlines and cancellation (the context and the trace: test_ai_context.c;
 * bad arguments and names: test_ai_arguments.c). Deadlines are
 * on the step clock (step_clock.h): budgets of work, the same on any
 * machine, so what a search proves within one does not depend on its speed
 * (issue 26).
 */
#include <math.h>
#include <stdatomic.h>

#include "ai_test_util.h"
#include "step_clock.h"

/* ------------------------------------------------------------------------- */
/* Known results                                                             */
/* ------------------------------------------------------------------------- */

static void test_3x3_is_a_draw(void **state)
{
    (void)state;
    ttt_game *g = new_game(3, 3);
    ttt_analysis a;
    TTT_INIT(&a);
    assert_int_equal(ttt_ai_analyze(NULL, g, NULL, &a), TTT_OK);
    assert_int_equal(a.value, TTT_OUTCOME_DRAW);
    assert_int_equal(a.plies, 9);
    assert_true(a.all_proven);
    assert_int_equal(a.count, 9);
    for (int i = 0; i < a.count; i++)
        assert_true(a.moves[i].best);
    ttt_game_free(g);
}

static void test_4x4_k4_is_a_draw(void **state)
{
    (void)state;
    ttt_game *g = new_game(4, 4);
    ttt_ai_options o = perfect_opts(3);
    ttt_ai_result r;
    TTT_INIT(&r);
    assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
    assert_legal(g, r.move);
    assert_true(r.proven);
    assert_int_equal(r.outcome, TTT_OUTCOME_DRAW);
    assert_int_equal(r.plies, 16);
    ttt_analysis a;
    TTT_INIT(&a);
    assert_int_equal(ttt_ai_analyze(NULL, g, NULL, &a), TTT_OK);
    assert_true(a.all_proven);
    assert_int_equal(a.value, TTT_OUTCOME_DRAW);
    ttt_game_free(g);
}

static void test_4x4_k3_first_player_wins(void **state)
{
    (void)state;
    ttt_game *g = new_game(4, 3);
    ttt_ai_options o = perfect_opts(3);
    ttt_ai_result r;
    TTT_INIT(&r);
    assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
    assert_true(r.proven);
    assert_int_equal(r.outcome, TTT_OUTCOME_WIN);
    ttt_analysis a;
    TTT_INIT(&a);
    assert_int_equal(ttt_ai_analyze(NULL, g, NULL, &a), TTT_OK);
    assert_int_equal(a.value, TTT_OUTCOME_WIN);
    assert_int_equal(a.plies, r.plies);
    ttt_game_free(g);
}

/* The value of every board's empty position against the published
 * results: k = 3 wins from 4x4 up; k = 4 draws on 4x4 and 5x5 and wins
 * from 6x6 up (5,5,4 a draw, 6,5,4 a win); k = 5 draws on 5x5 and 6x6
 * (Allis), 7x7 (Hsu et al. 2020, first by others) and 8x8 (Hsu et al.
 * 2020, 17.4 hours: not proven by this engine, so unknown); k >= 6 on
 * these boards draws (pairing strategies). A win's length is that of the
 * fastest forced win: X's third mark (5 plies) with k = 3, its sixth (11
 * plies) with k = 4; a draw fills the board. */
static void test_board_values(void **state)
{
    (void)state;
    static const struct {
        int n, k;
        ttt_outcome value;
        int plies;
    } KNOWN[] = {
        {3, 3, TTT_OUTCOME_DRAW, 9},  {4, 3, TTT_OUTCOME_WIN, 5},   {4, 4, TTT_OUTCOME_DRAW, 16},
        {5, 3, TTT_OUTCOME_WIN, 5},   {5, 4, TTT_OUTCOME_DRAW, 25}, {5, 5, TTT_OUTCOME_DRAW, 25},
        {6, 3, TTT_OUTCOME_WIN, 5},   {6, 4, TTT_OUTCOME_WIN, 11},  {6, 5, TTT_OUTCOME_DRAW, 36},
        {6, 6, TTT_OUTCOME_DRAW, 36}, {7, 3, TTT_OUTCOME_WIN, 5},   {7, 4, TTT_OUTCOME_WIN, 11},
        {7, 5, TTT_OUTCOME_DRAW, 49}, {7, 6, TTT_OUTCOME_DRAW, 49}, {7, 7, TTT_OUTCOME_DRAW, 49},
        {8, 3, TTT_OUTCOME_WIN, 5},   {8, 4, TTT_OUTCOME_WIN, 11},  {8, 5, TTT_OUTCOME_UNKNOWN, 0},
        {8, 6, TTT_OUTCOME_DRAW, 64}, {8, 7, TTT_OUTCOME_DRAW, 64}, {8, 8, TTT_OUTCOME_DRAW, 64},
    };
    for (size_t i = 0; i < sizeof KNOWN / sizeof KNOWN[0]; i++) {
        ttt_outcome v = TTT_OUTCOME_LOSS;
        int plies = -1;
        assert_int_equal(ttt_board_value(KNOWN[i].n, KNOWN[i].k, &v, &plies), TTT_OK);
        assert_int_equal(v, KNOWN[i].value);
        assert_int_equal(plies, KNOWN[i].plies);
        assert_int_equal(ttt_board_value(KNOWN[i].n, KNOWN[i].k, &v, NULL), TTT_OK);
    }
    ttt_outcome v = TTT_OUTCOME_LOSS;
    assert_int_equal(ttt_board_value(3, 3, NULL, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_board_value(2, 3, &v, NULL), TTT_ERR_SIZE);
    assert_int_equal(ttt_board_value(9, 5, &v, NULL), TTT_ERR_SIZE);
    assert_int_equal(ttt_board_value(5, 6, &v, NULL), TTT_ERR_K);
    assert_int_equal(ttt_board_value(5, 2, &v, NULL), TTT_ERR_K);
    assert_int_equal(v, TTT_OUTCOME_LOSS); /* unchanged on failure */
}

static void test_corner_opening_needs_the_centre(void **state)
{
    (void)state;
    static const ttt_pos CORNERS[4] = {{0, 0}, {0, 2}, {2, 0}, {2, 2}};
    for (int c = 0; c < 4; c++) {
        ttt_game *g = new_game(3, 3);
        assert_int_equal(ttt_game_move(g, CORNERS[c], NULL), TTT_OK);
        ttt_analysis a;
        TTT_INIT(&a);
        assert_int_equal(ttt_ai_analyze(NULL, g, NULL, &a), TTT_OK);
        assert_int_equal(a.value, TTT_OUTCOME_DRAW);
        for (int i = 0; i < a.count; i++) {
            int centre = a.moves[i].pos.row == 1 && a.moves[i].pos.col == 1;
            assert_int_equal(a.moves[i].outcome, centre ? TTT_OUTCOME_DRAW : TTT_OUTCOME_LOSS);
            assert_int_equal(a.moves[i].best != 0, centre);
        }
        for (uint64_t seed = 0; seed < 20; seed++) {
            ttt_ai_options o = perfect_opts(seed);
            ttt_ai_result r;
            TTT_INIT(&r);
            assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
            assert_int_equal(r.move.row, 1);
            assert_int_equal(r.move.col, 1);
        }
        ttt_game_free(g);
    }
}

/* X can win now at (0,2) or build towards a later win: the win now. */
static void test_fastest_win(void **state)
{
    (void)state;
    static const int SIZES[][2] = {{3, 3}, {4, 3}, {5, 4}};
    static const char *const BOARDS[] = {"xx. oo. ...", "xx.. oo.. .... ....",
                                         "xxx.. oo... o.... ..... ....."};
    static const ttt_pos WIN[] = {{0, 2}, {0, 2}, {0, 3}};
    for (int i = 0; i < 3; i++) {
        ttt_game *g = parse(BOARDS[i], SIZES[i][0], SIZES[i][1]);
        for (int depth = 0; depth <= 1; depth++) {
            ttt_ai_options o = perfect_opts(9);
            o.deadline_ms = 2000; /* 5x5 is not solved to the end */
            ttt_ai_result r;
            TTT_INIT(&r);
            assert_int_equal(move_depth(NULL, g, &o, depth ? TTT_MAX_SQUARES : 0, &r), TTT_OK);
            assert_int_equal(r.outcome, TTT_OUTCOME_WIN);
            assert_int_equal(r.plies, 1);
            /* On 5x5 k=4 the immediate win is not the only one. */
            if (i < 2) {
                assert_int_equal(r.move.row, WIN[i].row);
                assert_int_equal(r.move.col, WIN[i].col);
            }
        }
        ttt_game_free(g);
    }
}

/* O cannot stop X's two threats: it still blocks one (the slowest loss),
 * and analysis says loss in 2. */
static void test_slowest_loss(void **state)
{
    (void)state;
    ttt_game *g = parse("x.x .o. x.o", 3, 3); /* X: (0,0) (0,2) (2,0); O to move */
    ttt_analysis a;
    TTT_INIT(&a);
    assert_int_equal(ttt_ai_analyze(NULL, g, NULL, &a), TTT_OK);
    assert_int_equal(a.value, TTT_OUTCOME_LOSS);
    assert_int_equal(a.plies, 2);
    ttt_game_free(g);
}

/* ------------------------------------------------------------------------- */
/* Seeds and the mistake probability                                         */
/* ------------------------------------------------------------------------- */

static void test_same_seed_same_move(void **state)
{
    (void)state;
    static const double P[] = {0.0, 0.1, 0.5, 1.0};
    static const ttt_agent AGENTS[] = {TTT_AGENT_MINIMAX, TTT_AGENT_RANDOM, TTT_AGENT_RULES};
    ttt_game *g = new_game(3, 3);
    ttt_game *g4 = new_game(4, 4);
    for (size_t a = 0; a < sizeof AGENTS / sizeof AGENTS[0]; a++) {
        for (size_t i = 0; i < sizeof P / sizeof P[0]; i++) {
            for (uint64_t seed = 0; seed < 10; seed++) {
                ttt_game *games[2] = {g, g4};
                for (int j = 0; j < 2; j++) {
                    ttt_ai_options o = perfect_opts(seed * 7919u);
                    o.agent = AGENTS[a];
                    o.mistake_probability = P[i];
                    ttt_ai_result r1, r2;
                    TTT_INIT(&r1);
                    TTT_INIT(&r2);
                    assert_int_equal(ttt_ai_move(NULL, games[j], &o, &r1), TTT_OK);
                    assert_int_equal(ttt_ai_move(NULL, games[j], &o, &r2), TTT_OK);
                    assert_int_equal(r1.move.row, r2.move.row);
                    assert_int_equal(r1.move.col, r2.move.col);
                }
            }
        }
    }
    ttt_game_free(g);
    ttt_game_free(g4);
}

static void test_first_move_uses_every_square(void **state)
{
    (void)state;
    ttt_game *g = new_game(3, 3);
    int seen[N3] = {0};
    /* Unbeatable play favours corners (they win most often against weak
     * players) but keeps every equal move possible: 4000 seeds see each
     * square some twenty times. */
    for (uint64_t seed = 0; seed < 4000; seed++) {
        ttt_ai_options o = perfect_opts(seed);
        ttt_ai_result r;
        TTT_INIT(&r);
        assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
        assert_int_equal(r.outcome, TTT_OUTCOME_DRAW);
        seen[r.move.row * 3 + r.move.col]++;
    }
    for (int sq = 0; sq < N3; sq++)
        assert_true(seen[sq] > 0);
    ttt_game_free(g);
}

/* Pearson's chi-square of counts against a uniform distribution. */
static double chi_square(const int *counts, int n, int total)
{
    double expected = (double)total / n, chi = 0;
    for (int i = 0; i < n; i++)
        chi += (counts[i] - expected) * (counts[i] - expected) / expected;
    return chi;
}

/* With p = 1 (and for the random agent) every free square is equally
 * likely. The bound is generous: for 8 degrees of freedom the 99.99th
 * percentile is about 31.8; with 4, 23.5. */
static void test_p1_is_uniform(void **state)
{
    (void)state;
    static const char *const BOARDS[] = {".........", "x...o...."};
    static const double BOUND[] = {40.0, 40.0};
    static const int SAMPLES = 9000;
    for (int b = 0; b < 2; b++) {
        for (int agent = 0; agent < 2; agent++) {
            ttt_game *g = parse(BOARDS[b], 3, 3);
            int counts[N3] = {0}, free_n = 0, idx[N3];
            for (int sq = 0; sq < N3; sq++)
                idx[sq] = BOARDS[b][sq] == '.' ? free_n++ : -1;
            for (int i = 0; i < SAMPLES; i++) {
                ttt_ai_options o = perfect_opts((uint64_t)i + 12345u);
                if (agent)
                    o.agent = TTT_AGENT_RANDOM;
                else
                    o.mistake_probability = 1.0;
                ttt_ai_result r;
                TTT_INIT(&r);
                assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
                int sq = r.move.row * 3 + r.move.col;
                assert_true(idx[sq] >= 0);
                counts[idx[sq]]++;
            }
            double chi = chi_square(counts, free_n, SAMPLES);
            if (chi > BOUND[b]) fail_msg("chi-square %.1f for board %d agent %d", chi, b, agent);
            ttt_game_free(g);
        }
    }
}

/* One game on an n x n board (k = n) between two option sets; returns the
 * winner. */
static ttt_player play_on(int n, const ttt_ai_options *x, const ttt_ai_options *o, uint64_t seed)
{
    ttt_game *g = new_game(n, n);
    ttt_state s = TTT_STATE_X_TO_MOVE;
    for (uint64_t ply = 0; s == TTT_STATE_X_TO_MOVE || s == TTT_STATE_O_TO_MOVE; ply++) {
        ttt_ai_options opts = s == TTT_STATE_X_TO_MOVE ? *x : *o;
        opts.seed = seed * 1000u + ply;
        ttt_ai_result r;
        TTT_INIT(&r);
        assert_int_equal(ttt_ai_move(NULL, g, &opts, &r), TTT_OK);
        assert_int_equal(ttt_game_move(g, r.move, NULL), TTT_OK);
        s = ttt_game_state(g);
    }
    ttt_player w = ttt_game_winner(g);
    ttt_game_free(g);
    return w;
}

static ttt_player play(const ttt_ai_options *x, const ttt_ai_options *o, uint64_t seed)
{
    return play_on(3, x, o, seed);
}

/* Losses against perfect play (as O, the harder side) and wins against the
 * random agent (as X) of each preset, over the same fixed seeds: a
 * stronger level never loses more. Wins are allowed a small slack, as the
 * levels near the top are within a few games of each other there. */
static void test_presets_keep_their_order(void **state)
{
    (void)state;
    enum { GAMES = 200, WIN_SLACK = GAMES / 20 };
    ttt_ai_options perfect = perfect_opts(0), random = perfect_opts(0);
    random.agent = TTT_AGENT_RANDOM;
    enum { LEVELS = 4 }; /* the levels of 1.0 */
    assert_int_equal(ttt_difficulty_count(), LEVELS);
    int losses[LEVELS], wins[LEVELS];
    for (int d = 0; d < LEVELS; d++) {
        ttt_ai_options o = perfect_opts(0);
        assert_int_equal(ttt_ai_options_preset(&o, (ttt_difficulty)d, 3, 3), TTT_OK);
        losses[d] = wins[d] = 0;
        for (int i = 0; i < GAMES; i++) {
            losses[d] += play(&perfect, &o, (uint64_t)i) == TTT_PLAYER_X;
            wins[d] += play(&o, &random, (uint64_t)i) == TTT_PLAYER_X;
        }
    }
    assert_int_equal(losses[TTT_DIFFICULTY_UNBEATABLE], 0);
    for (int d = 1; d < LEVELS; d++) {
        if (losses[d] >= losses[d - 1] && losses[d - 1] > 0)
            fail_msg("level %d loses %d, level %d %d", d, losses[d], d - 1, losses[d - 1]);
        if (wins[d] + WIN_SLACK < wins[d - 1])
            fail_msg("level %d wins %d, level %d %d", d, wins[d], d - 1, wins[d - 1]);
    }
}

static void test_preset_values(void **state)
{
    (void)state;
    /* The small boards' values (1.0, issue 29): Easy, Medium, Hard. */
    static const double P3[] = {0.7, 0.4, 0.15}, P4[] = {1.0, 0.65, 0.25};
    for (int n = 3; n <= 4; n++) {
        double last = 2.0;
        for (int d = 0; d < ttt_difficulty_count(); d++) {
            ttt_ai_options o = perfect_opts(0);
            o.deadline_ms = 77;
            assert_int_equal(ttt_ai_options_preset(&o, (ttt_difficulty)d, n, n), TTT_OK);
            assert_int_equal(o.agent, TTT_AGENT_MINIMAX);
            assert_int_equal(o.deadline_ms, 77); /* other fields left alone */
            assert_true(o.mistake_probability < last);
            if (d < 3) assert_true(o.mistake_probability == (n == 3 ? P3 : P4)[d]);
            assert_int_equal(o.level, d + 1); /* the level's own tuning comes with it */
            last = o.mistake_probability;
        }
        assert_true(last == 0.0);
    }
}

/* Issue 29's ladder on the small boards: each level beats the one below
 * (Unbeatable > Hard > Medium > Easy) on 3x3 and 4x4, 100 games with each
 * colour and fixed seeds. The bench asks 65% at 100 ms a move (docs/ai.md:
 * 66 to 72%); the test asks 60%, so that a change of the dice alone does
 * not fail it, while the presets before 1.0 (52 to 63% on the upper two
 * rungs) would. Without a deadline Unbeatable solves every 4x4 move. */
static void test_small_board_ladder(void **state)
{
    (void)state;
    enum { GAMES = 100 };
    for (int n = 3; n <= 4; n++)
        for (int d = TTT_DIFFICULTY_EASY; d < TTT_DIFFICULTY_UNBEATABLE; d++) {
            ttt_ai_options lower = perfect_opts(0), upper = perfect_opts(0);
            assert_int_equal(ttt_ai_options_preset(&lower, (ttt_difficulty)d, n, n), TTT_OK);
            assert_int_equal(ttt_ai_options_preset(&upper, (ttt_difficulty)(d + 1), n, n), TTT_OK);
            int points = 0; /* 2 a win, 1 a draw, of the upper level */
            for (int i = 0; i < GAMES; i++) {
                uint64_t seed = 0x29000u + (uint64_t)i;
                ttt_player w = play_on(n, &upper, &lower, seed);
                points += w == TTT_PLAYER_X ? 2 : w == TTT_PLAYER_NONE;
                w = play_on(n, &lower, &upper, seed);
                points += w == TTT_PLAYER_O ? 2 : w == TTT_PLAYER_NONE;
            }
            if (points * 100 < 60 * 4 * GAMES)
                fail_msg("%dx%d: level %d scores %.1f%% against level %d", n, n, d + 1,
                         100.0 * points / (4 * GAMES), d);
        }
}

/* ------------------------------------------------------------------------- */
/* Simple agents                                                             */
/* ------------------------------------------------------------------------- */

static void test_simple_agents(void **state)
{
    (void)state;
    ttt_ai_options o = perfect_opts(5);
    ttt_ai_result r;
    TTT_INIT(&r);
    ttt_game *g = parse("x.. .o. ...", 3, 3);
    o.agent = TTT_AGENT_FIRST_FREE;
    assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
    assert_int_equal(r.move.row, 0);
    assert_int_equal(r.move.col, 1);
    ttt_game_free(g);

    o.agent = TTT_AGENT_RULES;
    g = parse("xx. oo. ...", 3, 3); /* X to move: win beats block */
    assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
    assert_true(r.move.row == 0 && r.move.col == 2);
    ttt_game_free(g);
    g = parse("xx. o.. ...", 3, 3); /* O to move: block */
    assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
    assert_true(r.move.row == 0 && r.move.col == 2);
    ttt_game_free(g);
    g = parse("x.. ... ...", 3, 3); /* O: the centre */
    assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
    assert_true(r.move.row == 1 && r.move.col == 1);
    ttt_game_free(g);
    g = parse("... .x. ...", 3, 3); /* O: a corner */
    for (uint64_t s = 0; s < 20; s++) {
        o.seed = s;
        assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
        assert_true(r.move.row != 1 && r.move.col != 1);
    }
    ttt_game_free(g);
    /* Every agent plays legal moves on every size. */
    for (int n = TTT_MIN_SIZE; n <= TTT_MAX_SIZE; n++) {
        for (int a = 1; a < ttt_agent_count(); a++) {
            int k = n < 5 ? n : 5;
            g = new_game(n, k);
            o.agent = (ttt_agent)a;
            ttt_state s = TTT_STATE_X_TO_MOVE;
            while (s == TTT_STATE_X_TO_MOVE || s == TTT_STATE_O_TO_MOVE) {
                o.seed++;
                assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
                assert_int_equal(ttt_game_move(g, r.move, NULL), TTT_OK);
                s = ttt_game_state(g);
            }
            ttt_game_free(g);
        }
    }
}

/* ------------------------------------------------------------------------- */
/* Larger boards, deadlines, cancel                                          */
/* ------------------------------------------------------------------------- */

static void test_deadline_on_large_boards(void **state)
{
    (void)state;
    /* What holds at any speed: a legal move, every square in the analysis,
     * and nothing claimed proven that is not so (a fast machine may prove
     * (5,5,4) within the 5 ms, a slow one nothing). */
    for (int n = 5; n <= TTT_MAX_SIZE; n++) {
        int k = n < 7 ? 4 : 5;
        ttt_outcome value;
        assert_int_equal(ttt_board_value(n, k, &value, NULL), TTT_OK);
        ttt_game *g = new_game(n, k);
        for (int p = 0; p < 2; p++) {
            ttt_ai_options o = perfect_opts(11);
            o.deadline_ms = 5;
            o.mistake_probability = p ? 0.2 : 0.0;
            ttt_ai_result r;
            TTT_INIT(&r);
            /* the solver, not the opening book */
            assert_int_equal(move_search_only(NULL, g, &o, &r), TTT_OK);
            assert_legal(g, r.move);
            if (p) assert_false(r.proven); /* the fallible player proves nothing */
            if (r.proven && value == TTT_OUTCOME_DRAW) assert_int_equal(r.outcome, value);
        }
        ttt_analysis a;
        TTT_INIT(&a);
        ttt_ai_options o = perfect_opts(1);
        o.deadline_ms = 5;
        assert_int_equal(analyze_with(NULL, g, &o, &a), TTT_OK);
        assert_int_equal(a.count, n * n);
        if (a.proven) assert_int_equal(a.value, value);
        ttt_game_free(g);
    }
    /* The engine read the test's clock: the 5 ms above are a budget. */
    assert_true(step_clock_readings() > 0);
}

/* On the solved boards perfect play comes from the opening book: the
 * first move of (5,5,4), (7,7,5) and (8,8,4) is proven at once (the solver
 * alone takes some 9,000, 53,000 and 165,000 nodes); after the first
 * player's openings on (7,7,5) the reply comes from the book too,
 * never a proven loss, and proven a draw where the opening was the book's
 * own (for the others, proving that O cannot win takes more than the book
 * gives it); (8,8,5), unsolved, has no book. */
static void test_opening_book(void **state)
{
    (void)state;
    static const struct {
        int n, k;
        ttt_outcome value;
    } BOARDS[] = {{5, 4, TTT_OUTCOME_DRAW}, {7, 5, TTT_OUTCOME_DRAW}, {8, 4, TTT_OUTCOME_WIN}};
    /* No deadline where the result must be proven, so it holds at any
     * speed: a cancel token that is never requested (the book answers in
     * a few thousand nodes). */
    ttt_cancel *never = ttt_cancel_new(NULL);
    assert_non_null(never);
    for (size_t i = 0; i < sizeof BOARDS / sizeof BOARDS[0]; i++) {
        ttt_game *g = new_game(BOARDS[i].n, BOARDS[i].k);
        ttt_ai_options o = perfect_opts(3);
        o.cancel = never;
        ttt_ai_result r;
        TTT_INIT(&r);
        assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
        assert_true(r.proven);
        assert_int_equal(r.outcome, BOARDS[i].value);
        assert_true(r.nodes < 5000);
        ttt_game_free(g);
    }
    static const int OPENINGS[] = {24, 0, 3, 16, 17};
    for (size_t i = 0; i < sizeof OPENINGS / sizeof OPENINGS[0]; i++) {
        int sq = OPENINGS[i];
        ttt_game *g = new_game(7, 5);
        assert_int_equal(ttt_game_move(g, (ttt_pos){sq / 7, sq % 7}, NULL), TTT_OK);
        ttt_ai_options o = perfect_opts(4);
        /* The centre is the book's opening, proven at once; the others
         * may take hours to prove, so a deadline bounds them, and they are
         * only asked not to be proven wrong. */
        if (sq == 24)
            o.cancel = never;
        else
            o.deadline_ms = 2000;
        ttt_ai_result r;
        TTT_INIT(&r);
        assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
        assert_true(!r.proven || r.outcome == TTT_OUTCOME_DRAW);
        if (sq == 24) assert_true(r.proven); /* the centre: the book's opening */
        assert_true(r.nodes < 40000);
        ttt_game_free(g);
    }
    ttt_cancel_free(never);
    ttt_game *g = new_game(8, 5);
    ttt_ai_options o = perfect_opts(5);
    o.deadline_ms = 50;
    ttt_ai_result r;
    TTT_INIT(&r);
    assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
    assert_false(r.proven);
    ttt_game_free(g);
}

static void test_cancel_token(void **state)
{
    (void)state;
    ttt_cancel *cancel = NULL;
    cancel = ttt_cancel_new(NULL);
    assert_true(cancel != NULL);
    assert_false(ttt_cancel_requested(cancel));
    ttt_cancel_request(cancel);
    assert_true(ttt_cancel_requested(cancel));
    for (int n = 4; n <= TTT_MAX_SIZE; n++) {
        int k = n < 7 ? 4 : 5;
        ttt_game *g = new_game(n, k);
        ttt_game_move(g, (ttt_pos){0, 0}, NULL);
        for (int p = 0; p < 2; p++) {
            ttt_ai_options o = perfect_opts(2);
            o.cancel = cancel; /* no deadline: only the token stops it */
            o.mistake_probability = p ? 0.1 : 0.0;
            ttt_ai_result r;
            TTT_INIT(&r);
            assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
            assert_legal(g, r.move);
            assert_true(r.stopped);
            assert_false(r.proven);
        }
        ttt_game_free(g);
    }
    ttt_cancel_free(cancel);
}

/* Defaults on a board too big to solve (8x8 with k = 5; 6x6 with k = 4,
 * used here before, is now solved in a fraction of the budget): neither
 * call may search for hours; the default budget stops them with a legal
 * move and unproven values. */
static void test_default_budget_on_large_boards(void **state)
{
    (void)state;
    ttt_game *g = new_game(8, 5);
    ttt_ai_result r;
    TTT_INIT(&r);
    assert_int_equal(ttt_ai_move(NULL, g, NULL, &r), TTT_OK);
    assert_legal(g, r.move);
    assert_true(r.stopped);
    assert_false(r.proven);
    ttt_analysis a;
    TTT_INIT(&a);
    assert_int_equal(ttt_ai_analyze(NULL, g, NULL, &a), TTT_OK);
    assert_int_equal(a.count, 64);
    assert_false(a.all_proven);
    assert_false(a.proven);
    ttt_game_free(g);
}

/* The fallible search reports no more depth than the game has plies left,
 * and no plies for values it cannot prove. */
static void test_mistake_result_fields(void **state)
{
    (void)state;
    for (int n = 3; n <= 4; n++) {
        ttt_game *g = new_game(n, n);
        for (uint64_t seed = 1; seed <= 20; seed++) {
            ttt_ai_options o = perfect_opts(seed);
            o.mistake_probability = 0.3;
            ttt_ai_result r;
            TTT_INIT(&r);
            assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
            assert_legal(g, r.move);
            assert_true(r.depth <= n * n);
            assert_false(r.proven);
            assert_int_equal(r.plies, 0);
        }
        ttt_game_free(g);
    }
}

/* Play a whole 5x5 game with a short deadline on both sides. */
static void test_large_game_with_deadline(void **state)
{
    (void)state;
    ttt_game *g = new_game(5, 4);
    ttt_ai_options o = perfect_opts(4);
    o.deadline_ms = 2;
    ttt_state s = TTT_STATE_X_TO_MOVE;
    while (s == TTT_STATE_X_TO_MOVE || s == TTT_STATE_O_TO_MOVE) {
        ttt_ai_result r;
        TTT_INIT(&r);
        o.seed++;
        assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_OK);
        assert_int_equal(ttt_game_move(g, r.move, NULL), TTT_OK);
        s = ttt_game_state(g);
    }
    ttt_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_3x3_is_a_draw),
        cmocka_unit_test(test_4x4_k4_is_a_draw),
        cmocka_unit_test(test_4x4_k3_first_player_wins),
        cmocka_unit_test(test_board_values),
        cmocka_unit_test(test_corner_opening_needs_the_centre),
        cmocka_unit_test(test_fastest_win),
        cmocka_unit_test(test_slowest_loss),
        cmocka_unit_test(test_same_seed_same_move),
        cmocka_unit_test(test_first_move_uses_every_square),
        cmocka_unit_test(test_p1_is_uniform),
        cmocka_unit_test(test_presets_keep_their_order),
        cmocka_unit_test(test_preset_values),
        cmocka_unit_test(test_small_board_ladder),
        cmocka_unit_test(test_simple_agents),
        cmocka_unit_test(test_deadline_on_large_boards),
        cmocka_unit_test(test_opening_book),
        cmocka_unit_test(test_cancel_token),
        cmocka_unit_test(test_default_budget_on_large_boards),
        cmocka_unit_test(test_mistake_result_fields),
        cmocka_unit_test(test_large_game_with_deadline),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
