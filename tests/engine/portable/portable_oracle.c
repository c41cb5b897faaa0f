/*
 * portable_oracle.c - the 3x3 perft oracle without a test framework: walks
 * the whole game tree through the public API (move, recurse, undo), checks
 * every invariant of invariants.h at every node and that undo restores the
 * position exactly, and compares the counts with the known ones. Built for
 * Linux and for Windows (MinGW-w64, run under Wine); see CMakeLists.txt.
 */
#include "check.h"
#include "invariants.h"

/* The known counts for 3x3 with X first: positions including the empty
 * board, finished games, and finished games by result. */
#define ORACLE_NODES 549946L
#define ORACLE_FINISHED 255168L
#define ORACLE_X_WINS 131184L
#define ORACLE_O_WINS 77904L
#define ORACLE_DRAWS 46080L

typedef struct counts {
    long nodes, finished, x_wins, o_wins, draws, violations;
} counts;

static void walk(ttt_game *g, counts *c)
{
    c->nodes++;
    inv_position here;
    const char *why = inv_check(g, &here);
    if (why) {
        /* Report the first few only: one bug would otherwise print thousands. */
        if (c->violations++ < 5) fprintf(stderr, "at %s: %s\n", here.compact, why);
        return;
    }
    switch (here.state) {
    case TTT_STATE_X_WON:
        c->finished++;
        c->x_wins++;
        return;
    case TTT_STATE_O_WON:
        c->finished++;
        c->o_wins++;
        return;
    case TTT_STATE_DRAW:
        c->finished++;
        c->draws++;
        return;
    default: break;
    }
    for (int r = 0; r < 3; r++)
        for (int col = 0; col < 3; col++) {
            if (here.board[r * 3 + col] != TTT_PLAYER_NONE) continue;
            CHECK_EQ(ttt_game_move(g, (ttt_pos){r, col}, NULL), TTT_OK);
            walk(g, c);
            CHECK_EQ(ttt_game_undo(g), TTT_OK);
            inv_position back;
            CHECK(inv_capture(g, &back) == NULL);
            CHECK_MSG(inv_same(&here, &back), "undo did not restore the position");
        }
}

int main(void)
{
    ttt_game *g = NULL;
    CHECK_EQ(ttt_game_new(3, 3, TTT_PLAYER_X, NULL, &g), TTT_OK);
    if (!g) return check_status("portable_oracle");
    counts c = {0};
    walk(g, &c);
    CHECK_EQ(c.violations, 0);
    CHECK_EQ(c.nodes, ORACLE_NODES);
    CHECK_EQ(c.finished, ORACLE_FINISHED);
    CHECK_EQ(c.x_wins, ORACLE_X_WINS);
    CHECK_EQ(c.o_wins, ORACLE_O_WINS);
    CHECK_EQ(c.draws, ORACLE_DRAWS);
    /* The walk ends where it began. */
    CHECK_EQ(ttt_game_move_count(g), 0);
    CHECK_EQ(ttt_game_undo(g), TTT_ERR_NO_HISTORY);
    ttt_game_free(g);
    printf("nodes %ld, finished %ld (X %ld, O %ld, drawn %ld)\n", c.nodes, c.finished, c.x_wins,
           c.o_wins, c.draws);
    return check_status("portable_oracle");
}
