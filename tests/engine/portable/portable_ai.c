/*
 * portable_ai.c - the computer players' known results without a test
 * framework: perfect play draws classic tic-tac-toe from either side and
 * never loses to a random player; the analysis of the empty board and of a
 * lost position; a deadline and a raised cancel flag still give a legal
 * move; bad options are refused. Built for Linux and for Windows
 * (MinGW-w64 under Wine), where the deadline runs on the Windows clock.
 */
#include "check.h"
#include "invariants.h"

static ttt_ai_options perfect(uint64_t seed)
{
    ttt_ai_options o;
    TTT_INIT(&o);
    o.seed = seed; /* fixed, so a failure can be replayed */
    return o;
}

/* Plays one game from the empty board, x and o choosing the moves.
 * Returns the final state; every position is checked on the way. */
static ttt_state play_game(int size, int k, ttt_player first, const ttt_ai_options *x,
                           const ttt_ai_options *o)
{
    ttt_game *g = NULL;
    CHECK_EQ(ttt_game_new(size, k, first, NULL, &g), TTT_OK);
    if (!g) return TTT_STATE_DRAW;
    inv_position p;
    const char *why;
    while ((why = inv_check(g, &p)) == NULL && p.turn != TTT_PLAYER_NONE) {
        ttt_ai_result res;
        TTT_INIT(&res);
        CHECK_EQ(ttt_ai_move(NULL, g, p.turn == TTT_PLAYER_X ? x : o, &res), TTT_OK);
        CHECK_EQ(ttt_game_move(g, res.move, NULL), TTT_OK);
    }
    CHECK_MSG(why == NULL, why ? why : "");
    ttt_game_free(g);
    return p.state;
}

static void perfect_play_draws(void)
{
    for (int f = 0; f < 2; f++) {
        ttt_player first = f ? TTT_PLAYER_O : TTT_PLAYER_X;
        ttt_ai_options a = perfect(11), b = perfect(12);
        CHECK_EQ(play_game(3, 3, first, &a, &b), TTT_STATE_DRAW);
    }
}

static void perfect_never_loses_to_random(void)
{
    ttt_ai_options ai = perfect(1), rnd = perfect(2);
    rnd.agent = TTT_AGENT_RANDOM;
    for (int i = 0; i < 100; i++) {
        ai.seed = (uint64_t)i + 100;
        rnd.seed = (uint64_t)i + 1000;
        ttt_player first = i % 2 ? TTT_PLAYER_O : TTT_PLAYER_X;
        /* The AI plays X in even games and O in odd ones. */
        int ai_x = i % 4 < 2;
        ttt_state end =
            ai_x ? play_game(3, 3, first, &ai, &rnd) : play_game(3, 3, first, &rnd, &ai);
        CHECK(end != (ai_x ? TTT_STATE_O_WON : TTT_STATE_X_WON));
    }
}

static void every_agent_and_level_moves_legally(void)
{
    for (int level = 0; level < ttt_difficulty_count(); level++) {
        /* The boards' usual line lengths: 3, 4, 4. */
        static const int K[] = {3, 4, 4};
        for (int size = 3; size <= 5; size++) {
            ttt_ai_options o = perfect((uint64_t)level);
            CHECK_EQ(ttt_ai_options_preset(&o, (ttt_difficulty)level, size, K[size - 3]), TTT_OK);
            o.deadline_ms = 200; /* bounded on the bigger boards */
            play_game(size, K[size - 3], TTT_PLAYER_X, &o, &o);
        }
    }
    for (int agent = 0; agent < ttt_agent_count(); agent++) {
        ttt_ai_options o = perfect(5);
        o.agent = (ttt_agent)agent;
        play_game(4, 3, TTT_PLAYER_O, &o, &o);
    }
}

static void analysis(void)
{
    ttt_game *g = NULL;
    CHECK_EQ(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &g), TTT_OK);
    if (!g) return;
    ttt_analysis an;
    TTT_INIT(&an);
    CHECK_EQ(ttt_ai_analyze(NULL, g, NULL, &an), TTT_OK);
    CHECK_EQ(an.value, TTT_OUTCOME_DRAW);
    CHECK(an.all_proven);
    CHECK_EQ(an.count, 9);
    for (int i = 0; i < an.count; i++)
        CHECK_EQ(an.moves[i].outcome, TTT_OUTCOME_DRAW);
    ttt_game_free(g);

    /* X centre, O edge: X wins with best play (a known result), and the
     * AI finds a winning move. */
    CHECK_EQ(ttt_game_parse("... .x. .o.", 3, 3, TTT_PLAYER_NONE, NULL, &g), TTT_OK);
    if (!g) return;
    CHECK_EQ(ttt_ai_analyze(NULL, g, NULL, &an), TTT_OK);
    CHECK_EQ(an.value, TTT_OUTCOME_WIN);
    ttt_ai_options o = perfect(3);
    ttt_ai_result res;
    TTT_INIT(&res);
    CHECK_EQ(ttt_ai_move(NULL, g, &o, &res), TTT_OK);
    CHECK_EQ(res.outcome, TTT_OUTCOME_WIN);
    ttt_game_free(g);
}

static void deadline_cancel_and_errors(void)
{
    ttt_game *g = NULL;
    CHECK_EQ(ttt_game_new(7, 5, TTT_PLAYER_X, NULL, &g), TTT_OK);
    if (!g) return;
    ttt_ai_options o = perfect(9);
    ttt_ai_result res;
    TTT_INIT(&res);
    o.deadline_ms = 50;
    CHECK_EQ(ttt_ai_move(NULL, g, &o, &res), TTT_OK);
    CHECK_EQ(ttt_game_can_move(g, res.move), TTT_OK);

    ttt_cancel *cancel = NULL;
    cancel = ttt_cancel_new(NULL);
    CHECK(cancel != NULL);
    if (!cancel) return;
    CHECK(!ttt_cancel_requested(cancel));
    ttt_cancel_request(cancel);
    CHECK(ttt_cancel_requested(cancel));
    o.deadline_ms = 0;
    o.cancel = cancel;
    CHECK_EQ(ttt_ai_move(NULL, g, &o, &res), TTT_OK);
    CHECK_EQ(ttt_game_can_move(g, res.move), TTT_OK);
    CHECK(res.stopped);
    ttt_cancel_reset(cancel);
    CHECK(!ttt_cancel_requested(cancel));
    ttt_cancel_free(cancel);

    o = perfect(9);
    o.mistake_probability = 1.5;
    CHECK_EQ(ttt_ai_move(NULL, g, &o, &res), TTT_ERR_RANGE);
    o = perfect(9);
    o.deadline_ms = -1;
    CHECK_EQ(ttt_ai_move(NULL, g, &o, &res), TTT_ERR_RANGE);
    CHECK_EQ(ttt_ai_move(NULL, NULL, NULL, &res), TTT_ERR_NULL);
    ttt_game_free(g);

    ttt_difficulty level = TTT_DIFFICULTY_EASY;
    CHECK(strcmp(ttt_difficulty_name(TTT_DIFFICULTY_UNBEATABLE), "unbeatable") == 0);
    CHECK(strcmp(ttt_difficulty_name((ttt_difficulty)99), "unknown") == 0);
    CHECK_EQ(ttt_difficulty_from_name("HARD", &level), TTT_OK);
    CHECK_EQ(level, TTT_DIFFICULTY_HARD);
    CHECK_EQ(ttt_difficulty_from_name("impossible", &level), TTT_ERR_RANGE);
}

int main(void)
{
    perfect_play_draws();
    perfect_never_loses_to_random();
    every_agent_and_level_moves_legally();
    analysis();
    deadline_cancel_and_errors();
    return check_status("portable_ai");
}
