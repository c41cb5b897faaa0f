/*
 * portable_rules.c - the rules without a test framework: victory-set counts
 * for every size and k, wins in each direction and on two lines at once,
 * draws, refused moves that change nothing, undo, the first player
 * alternating between games, the board as text and back, and argument
 * errors. Built for Linux and for Windows (MinGW-w64 under Wine).
 */
#include "check.h"
#include "invariants.h"

/* Plays "r,c" pairs from a flat list; every move must be accepted. */
static void play(ttt_game *g, const int *moves, int n)
{
    for (int i = 0; i < n; i += 2)
        CHECK_EQ(ttt_game_move(g, (ttt_pos){moves[i], moves[i + 1]}, NULL), TTT_OK);
}

static ttt_state state_of(const ttt_game *g)
{
    return ttt_game_state(g);
}

static void check_invariants(const ttt_game *g)
{
    inv_position p;
    const char *why = inv_check(g, &p);
    CHECK_MSG(why == NULL, why ? why : "");
}

static void victory_sets(void)
{
    for (int n = TTT_MIN_SIZE; n <= TTT_MAX_SIZE; n++)
        for (int k = TTT_MIN_K; k <= n; k++) {
            int listed = -1;
            int runs = n - k + 1;
            int count = ttt_victory_set_count(n, k);
            CHECK_EQ(count, 2 * n * runs + 2 * runs * runs);
            ttt_line lines[TTT_MAX_VICTORY_SETS];
            CHECK_EQ(ttt_victory_sets(n, k, lines, TTT_MAX_VICTORY_SETS, &listed), TTT_OK);
            CHECK_EQ(listed, count);
        }
    CHECK_EQ(ttt_victory_set_count(3, 3), 8);
    /* Out of range: no sets. */
    CHECK_EQ(ttt_victory_set_count(2, 3), 0);
    CHECK_EQ(ttt_victory_set_count(9, 3), 0);
    CHECK_EQ(ttt_victory_set_count(4, 5), 0);
    CHECK_EQ(ttt_victory_set_count(4, 2), 0);
}

/* X wins along a row, a column and both diagonals on a 5x5 board, k = 4. */
static void wins_in_each_direction(void)
{
    static const int rows[4][8] = {{1, 0, 1, 1, 1, 2, 1, 3},  /* row */
                                   {0, 2, 1, 2, 2, 2, 3, 2},  /* column */
                                   {0, 0, 1, 1, 2, 2, 3, 3},  /* diagonal */
                                   {0, 4, 1, 3, 2, 2, 3, 1}}; /* anti-diagonal */
    for (int d = 0; d < 4; d++) {
        ttt_game *g = NULL;
        CHECK_EQ(ttt_game_new(5, 4, TTT_PLAYER_X, NULL, &g), TTT_OK);
        if (!g) return;
        for (int i = 0; i < 4; i++) {
            CHECK_EQ(state_of(g), TTT_STATE_X_TO_MOVE);
            CHECK_EQ(ttt_game_move(g, (ttt_pos){rows[d][2 * i], rows[d][2 * i + 1]}, NULL), TTT_OK);
            check_invariants(g);
            /* O plays along the bottom row, which none of X's lines uses. */
            if (i < 3) {
                CHECK_EQ(ttt_game_move(g, (ttt_pos){4, i}, NULL), TTT_OK);
                check_invariants(g);
            }
        }
        CHECK_EQ(state_of(g), TTT_STATE_X_WON);
        ttt_line won[TTT_MAX_WINNING_SETS];
        int n = 0;
        CHECK_EQ(ttt_game_winning_lines(g, won, TTT_MAX_WINNING_SETS, &n), TTT_OK);
        CHECK_EQ(n, 1);
        CHECK_EQ(ttt_game_move(g, (ttt_pos){2, 4}, NULL), TTT_ERR_GAME_OVER);
        ttt_game_free(g);
    }
}

/* One move that completes two lines at once: both are reported. */
static void double_line_win(void)
{
    ttt_game *g = NULL;
    CHECK_EQ(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &g), TTT_OK);
    if (!g) return;
    /* X takes (0,1) (0,2) (1,0) (2,0), O (1,1) (2,2) (2,1) (1,2); then X at
     * (0,0) completes the top row and the left column with one move. */
    static const int moves[] = {0, 1, 1, 1, 0, 2, 2, 2, 1, 0, 2, 1, 2, 0, 1, 2};
    play(g, moves, (int)(sizeof moves / sizeof moves[0]));
    CHECK_EQ(state_of(g), TTT_STATE_X_TO_MOVE);
    CHECK_EQ(ttt_game_move(g, (ttt_pos){0, 0}, NULL), TTT_OK);
    CHECK_EQ(state_of(g), TTT_STATE_X_WON);
    int n = 0;
    ttt_line won[TTT_MAX_WINNING_SETS];
    CHECK_EQ(ttt_game_winning_lines(g, won, TTT_MAX_WINNING_SETS, &n), TTT_OK);
    CHECK_EQ(n, 2);
    check_invariants(g);
    ttt_game_free(g);
}

static void draw_refusals_undo_next(void)
{
    ttt_game *g = NULL;
    CHECK_EQ(ttt_game_new(3, 3, TTT_PLAYER_O, NULL, &g), TTT_OK);
    if (!g) return;
    /* A cat's game: O X O / O X X / X O O with O first. */
    static const int moves[] = {0, 0, 0, 1, 0, 2, 1, 1, 1, 0, 2, 0, 2, 1, 1, 2, 2, 2};
    play(g, moves, (int)(sizeof moves / sizeof moves[0]));
    CHECK_EQ(state_of(g), TTT_STATE_DRAW);
    check_invariants(g);
    CHECK_EQ(ttt_game_winner(g), TTT_PLAYER_NONE);
    CHECK(ttt_game_over(g));

    /* Undo the last move: O to move again on (2,2). */
    CHECK_EQ(ttt_game_undo(g), TTT_OK);
    CHECK_EQ(state_of(g), TTT_STATE_O_TO_MOVE);
    check_invariants(g);
    inv_position before, after;
    CHECK(inv_capture(g, &before) == NULL);
    CHECK_EQ(ttt_game_move(g, (ttt_pos){0, 0}, NULL), TTT_ERR_OCCUPIED);
    CHECK_EQ(ttt_game_move(g, (ttt_pos){-1, 0}, NULL), TTT_ERR_OUTSIDE);
    CHECK_EQ(ttt_game_move(g, (ttt_pos){0, 3}, NULL), TTT_ERR_OUTSIDE);
    CHECK_EQ(ttt_game_move(NULL, (ttt_pos){2, 2}, NULL), TTT_ERR_NULL);
    CHECK(inv_capture(g, &after) == NULL);
    CHECK_MSG(inv_same(&before, &after), "a refused move changed the game");

    /* Undo to the start, then no further. */
    int count = ttt_game_move_count(g);
    for (int i = 0; i < count; i++)
        CHECK_EQ(ttt_game_undo(g), TTT_OK);
    CHECK_EQ(ttt_game_undo(g), TTT_ERR_NO_HISTORY);
    CHECK_EQ(state_of(g), TTT_STATE_O_TO_MOVE);

    /* The first player alternates from game to game. */
    ttt_game_start_next(g);
    CHECK_EQ(ttt_game_first_player(g), TTT_PLAYER_X);
    ttt_game_start_next(g);
    CHECK_EQ(ttt_game_first_player(g), TTT_PLAYER_O);
    check_invariants(g);
    ttt_game_free(g);
}

static void text_and_parse(void)
{
    ttt_game *g = NULL;
    CHECK_EQ(ttt_game_parse("x.. .o. ..x", 3, 3, TTT_PLAYER_NONE, NULL, &g), TTT_OK);
    if (!g) return;
    CHECK_EQ(state_of(g), TTT_STATE_O_TO_MOVE);
    char text[TTT_FORMAT_MAX];
    CHECK_EQ(ttt_game_format(g, TTT_FORMAT_COMPACT, text, sizeof text, NULL), TTT_OK);
    CHECK(strcmp(text, "x.. .o. ..x") == 0);
    CHECK_EQ(ttt_game_format(g, TTT_FORMAT_GRID, text, sizeof text, NULL), TTT_OK);
    CHECK(strcmp(text, "+---+---+---+\n| X |   |   |\n+---+---+---+\n|   | O |   |\n"
                       "+---+---+---+\n|   |   | X |\n+---+---+---+\n") == 0);
    int len = 0;
    char tiny[4];
    CHECK_EQ(ttt_game_format(g, TTT_FORMAT_COMPACT, tiny, sizeof tiny, &len), TTT_ERR_BUFFER);
    CHECK_EQ(len, 11);
    check_invariants(g);
    ttt_game_free(g);

    ttt_game *bad = (ttt_game *)&text; /* must be overwritten with NULL */
    CHECK_EQ(ttt_game_parse("x.. .o. ..?", 3, 3, TTT_PLAYER_NONE, NULL, &bad), TTT_ERR_PARSE_CHAR);
    CHECK(bad == NULL);
    CHECK_EQ(ttt_game_parse("x.. .o.", 3, 3, TTT_PLAYER_NONE, NULL, &bad), TTT_ERR_PARSE_COUNT);
    CHECK_EQ(ttt_game_parse("xxx ... ...", 3, 3, TTT_PLAYER_NONE, NULL, &bad), TTT_ERR_PARSE_MARKS);
    CHECK_EQ(ttt_game_parse("xx. oo. ...", 3, 3, TTT_PLAYER_O, NULL, &bad), TTT_OK);
    ttt_game_free(bad);
    CHECK_EQ(ttt_game_parse("xxx ooo ...", 3, 3, TTT_PLAYER_NONE, NULL, &bad), TTT_ERR_PARSE_WIN);
    CHECK_EQ(ttt_game_parse("x.. ... ...", 3, 3, TTT_PLAYER_X, NULL, &bad), TTT_ERR_PARSE_TURN);
    CHECK_EQ(ttt_game_parse("x.. ... ...", 2, 3, TTT_PLAYER_NONE, NULL, &bad), TTT_ERR_SIZE);
}

static void errors_and_names(void)
{
    ttt_game *g = NULL;
    CHECK_EQ(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, NULL), TTT_ERR_NULL);
    CHECK_EQ(ttt_game_new(3, 3, TTT_PLAYER_NONE, NULL, &g), TTT_ERR_PLAYER);
    CHECK_EQ(ttt_game_new(3, 4, TTT_PLAYER_X, NULL, &g), TTT_ERR_K);
    CHECK_EQ(ttt_game_new(9, 3, TTT_PLAYER_X, NULL, &g), TTT_ERR_SIZE);
    CHECK(g == NULL);
    ttt_game_free(NULL);
    for (int s = 0; s <= TTT_ERR_STRUCT_SIZE + 1; s++) {
        CHECK(ttt_status_message((ttt_status)s) != NULL);
        CHECK(ttt_status_name((ttt_status)s) != NULL);
    }
    CHECK_EQ(ttt_player_other(TTT_PLAYER_X), TTT_PLAYER_O);
    CHECK_EQ(ttt_player_other(TTT_PLAYER_NONE), TTT_PLAYER_NONE);
    CHECK(strcmp(ttt_player_name(TTT_PLAYER_O), "O") == 0);
    CHECK(TTT_VERSION_AT_LEAST(1, 0, 0));
    CHECK(!TTT_VERSION_AT_LEAST(TTT_VERSION_MAJOR, TTT_VERSION_MINOR + 1, 0));
    CHECK_EQ(ttt_version_num(), TTT_VERSION_NUM);
    CHECK(strcmp(ttt_version(), TTT_VERSION_STRING) == 0);
}

int main(void)
{
    victory_sets();
    wins_in_each_direction();
    double_line_win();
    draw_refusals_undo_next();
    text_and_parse();
    errors_and_names();
    return check_status("portable_rules");
}
