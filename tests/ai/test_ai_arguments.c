/*
 * test_ai_arguments.c - the AI's public functions refuse bad arguments
 * with their status and change nothing, and the agents' and presets' names.
 */
#include <math.h>

#include "ai_test_util.h"

/* ------------------------------------------------------------------------- */
/* Arguments and names                                                       */
/* ------------------------------------------------------------------------- */

static void test_bad_arguments(void **state)
{
    (void)state;
    ttt_game *g = new_game(3, 3);
    ttt_ai_result r;
    TTT_INIT(&r);
    ttt_analysis a;
    TTT_INIT(&a);
    ttt_ai_options o = perfect_opts(1);
    assert_int_equal(ttt_ai_move(NULL, NULL, &o, &r), TTT_ERR_NULL);
    assert_int_equal(ttt_ai_move(NULL, g, &o, NULL), TTT_ERR_NULL);
    assert_int_equal(ttt_ai_move(NULL, g, NULL, &r), TTT_OK); /* defaults */
    assert_legal(g, r.move);
    assert_int_equal(analyze_with(NULL, NULL, &o, &a), TTT_ERR_NULL);
    assert_int_equal(analyze_with(NULL, g, &o, NULL), TTT_ERR_NULL);
    ttt_cancel_free(NULL); /* allowed */
    assert_int_equal(ttt_ai_options_preset(NULL, TTT_DIFFICULTY_EASY, 3, 3), TTT_ERR_NULL);
    assert_int_equal(ttt_ai_options_preset(&o, (ttt_difficulty)ttt_difficulty_count(), 3, 3),
                     TTT_ERR_RANGE);
    assert_int_equal(ttt_ai_options_preset(&o, (ttt_difficulty)-1, 3, 3), TTT_ERR_RANGE);

    const double BAD_P[] = {-0.01, 1.01, NAN, INFINITY};
    for (size_t i = 0; i < sizeof BAD_P / sizeof BAD_P[0]; i++) {
        o = perfect_opts(1);
        o.mistake_probability = BAD_P[i];
        assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_ERR_RANGE);
    }
    o = perfect_opts(1);
    assert_int_equal(move_depth(NULL, g, &o, -1, &r), TTT_ERR_RANGE);
    o.level = ttt_difficulty_count() + 1; /* no such level */
    assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_ERR_RANGE);
    o.level = -1;
    assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_ERR_RANGE);
    o = perfect_opts(1);
    o.deadline_ms = -1;
    assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_ERR_RANGE);
    o = perfect_opts(1);
    o.agent = (ttt_agent)ttt_agent_count();
    assert_int_equal(ttt_ai_move(NULL, g, &o, &r), TTT_ERR_RANGE);

    /* A finished game: no move; analysis is empty. */
    ttt_game *over = parse("xxx oo. ...", 3, 3);
    o = perfect_opts(1);
    assert_int_equal(ttt_ai_move(NULL, over, &o, &r), TTT_ERR_GAME_OVER);
    memset(&a, 0x55, sizeof a);
    a.size = sizeof a;
    assert_int_equal(analyze_with(NULL, over, &o, &a), TTT_OK);
    assert_int_equal(a.count, 0);
    assert_int_equal(a.value, TTT_OUTCOME_UNKNOWN);
    ttt_game_free(over);
    ttt_game_free(g);
}

static void test_names(void **state)
{
    (void)state;
    static const char *const LEVELS[] = {"easy", "medium", "hard", "unbeatable"};
    static const char *const AGENTS[] = {"minimax", "random", "first-free", "rules", "threat"};
    ttt_difficulty d;
    ttt_agent agent;
    for (int i = 0; i < ttt_difficulty_count(); i++) {
        assert_string_equal(ttt_difficulty_name((ttt_difficulty)i), LEVELS[i]);
        assert_int_equal(ttt_difficulty_from_name(LEVELS[i], &d), TTT_OK);
        assert_int_equal(d, i);
    }
    assert_int_equal(ttt_difficulty_from_name("HaRd", &d), TTT_OK);
    assert_int_equal(d, TTT_DIFFICULTY_HARD);
    assert_int_equal(ttt_difficulty_from_name("hardest", &d), TTT_ERR_RANGE);
    assert_int_equal(ttt_difficulty_from_name("", &d), TTT_ERR_RANGE);
    assert_int_equal(ttt_difficulty_from_name(NULL, &d), TTT_ERR_NULL);
    assert_int_equal(ttt_difficulty_from_name("easy", NULL), TTT_ERR_NULL);
    assert_string_equal(ttt_difficulty_name((ttt_difficulty)9), "unknown");
    assert_string_equal(ttt_difficulty_name((ttt_difficulty)-1), "unknown");
    for (int i = 0; i < ttt_agent_count(); i++) {
        assert_string_equal(ttt_agent_name((ttt_agent)i), AGENTS[i]);
        assert_int_equal(ttt_agent_from_name(AGENTS[i], &agent), TTT_OK);
        assert_int_equal(agent, i);
    }
    assert_int_equal(ttt_agent_from_name("RULES", &agent), TTT_OK);
    assert_int_equal(agent, TTT_AGENT_RULES);
    assert_int_equal(ttt_agent_from_name("rule", &agent), TTT_ERR_RANGE);
    assert_int_equal(ttt_agent_from_name(NULL, &agent), TTT_ERR_NULL);
    assert_int_equal(ttt_agent_from_name("random", NULL), TTT_ERR_NULL);
    assert_string_equal(ttt_agent_name((ttt_agent)9), "unknown");
    assert_string_equal(ttt_outcome_name(TTT_OUTCOME_WIN), "win");
    assert_string_equal(ttt_outcome_name(TTT_OUTCOME_DRAW), "draw");
    assert_string_equal(ttt_outcome_name(TTT_OUTCOME_LOSS), "loss");
    assert_string_equal(ttt_outcome_name(TTT_OUTCOME_UNKNOWN), "unknown");
    assert_string_equal(ttt_outcome_name((ttt_outcome)42), "unknown");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
