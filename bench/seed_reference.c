/*
 * seed_reference.c - the manual's evaluate_position() / best_position()
 * (design manual 4.4.1), with one correction the project's issue asks
 * for: where the AI moves, the best outcome is taken (the pseudocode takes
 * the worst at every level). Outcomes are Win, Cat's game, Loss with no
 * distance, as in the seed. The cost is the point: every node clones the
 * game, tries the move and walks the whole tree below (549,945 nodes from
 * the empty board).
 */
#include "seed_reference.h"

/* Outcomes for the AI, worst first, so "better" is "greater". */
enum { REF_LOSS = 0, REF_DRAW = 1, REF_WIN = 2 };

static int outcome_of(const ttt_game *g, ttt_player ai)
{
    ttt_player w = ttt_game_winner(g);
    if (w == TTT_PLAYER_NONE) return REF_DRAW;
    return w == ai ? REF_WIN : REF_LOSS;
}

static int game_over(const ttt_game *g)
{
    ttt_player p = ttt_game_turn(g);
    return p == TTT_PLAYER_NONE;
}

/* The outcome for `ai` of playing `pos` in `game`. */
static int evaluate_position(const ttt_game *game, ttt_pos pos, ttt_player ai, uint64_t *nodes)
{
    ttt_game *g = NULL;
    if (ttt_game_clone(game, &g) != TTT_OK) return REF_LOSS;
    ++*nodes;
    ttt_game_move(g, pos, NULL);
    int result;
    if (game_over(g)) {
        result = outcome_of(g, ai);
    } else {
        ttt_player turn = ttt_game_turn(g);
        int ai_moves = turn == ai;
        result = ai_moves ? REF_LOSS : REF_WIN;
        ttt_pos free_sq[TTT_MAX_SQUARES];
        int n = 0;
        ttt_game_empty_squares(g, free_sq, TTT_MAX_SQUARES, &n);
        for (int i = 0; i < n; i++) {
            int o = evaluate_position(g, free_sq[i], ai, nodes);
            if (ai_moves ? o > result : o < result) result = o;
        }
    }
    ttt_game_free(g);
    return result;
}

ttt_status seed_reference_move(const ttt_game *game, ttt_pos *move, uint64_t *nodes)
{
    if (!game || !move || !nodes) return TTT_ERR_NULL;
    ttt_player ai = ttt_game_turn(game);
    if (ai == TTT_PLAYER_NONE) return TTT_ERR_GAME_OVER;
    ttt_pos free_sq[TTT_MAX_SQUARES];
    int n = 0, best = -1;
    ttt_game_empty_squares(game, free_sq, TTT_MAX_SQUARES, &n);
    *nodes = 0;
    for (int i = 0; i < n; i++) {
        int o = evaluate_position(game, free_sq[i], ai, nodes);
        if (o > best) {
            best = o;
            *move = free_sq[i];
        }
    }
    return TTT_OK;
}
