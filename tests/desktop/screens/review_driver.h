/*
 * review_driver.h - what the tests of the review through the app share
 * (test_screen_review.c, test_screen_review_strip.c): a two-player game X
 * wins, and waiting for the review's analysis.
 * Header-only (static inline) so each test executable takes what it uses.
 */
#ifndef TESTS_DESKTOP_REVIEW_DRIVER_H
#define TESTS_DESKTOP_REVIEW_DRIVER_H

#include "app_driver.h"

/* Two players: X takes the top row while O plays the middle one. */
static inline void play_x_wins(app_state *app)
{
    static const int moves[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        click_square(app, moves[i][0], moves[i][1]);
        steps(app, 1);
    }
    assert_int_equal(ttt_game_winner(app->play.game), TTT_PLAYER_X);
    steps(app, SETTLE_FRAMES);
}

/* Step until every position of the review is analysed. */
static inline void wait_for_review(app_state *app)
{
    for (int i = 0; i < AI_GUARD_FRAMES && !review_complete(&app->review); i++) {
        SDL_WaitEventTimeout(NULL, 10);
        steps(app, 1);
    }
    assert_true(review_complete(&app->review));
}

#endif /* TESTS_DESKTOP_REVIEW_DRIVER_H */
