// consumer.cpp - the engine's public headers from C++: this file includes
// the umbrella header, plays a 3x3 game with the AI on both sides through a
// reusable context, stops a search with a cancel token from another
// thread, and checks what a C++ caller relies on. ctest compiles it as
// C++11, C++17 and C++20 with g++ and clang++ (cpp_check.cmake) and runs it.
#include <atomic>
#include <cstdio>
#include <cstring>
#include <thread>

#include "ttt/ttt.h"

namespace
{

int failures = 0;

void check(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "consumer.cpp: check failed: %s\n", what);
        ++failures;
    }
}

// RAII owners, as a C++ program would write them.
struct game_ptr {
    ttt_game *g = nullptr;
    ~game_ptr()
    {
        ttt_game_free(g);
    }
};
struct context_ptr {
    ttt_ai_context *c = nullptr;
    ~context_ptr()
    {
        ttt_ai_context_free(c);
    }
};
struct cancel_ptr {
    ttt_cancel *c = nullptr;
    ~cancel_ptr()
    {
        ttt_cancel_free(c);
    }
};

} // namespace

int main()
{
    game_ptr game;
    context_ptr ai;
    check(ttt_game_new(3, 3, TTT_PLAYER_X, nullptr, &game.g) == TTT_OK, "ttt_game_new");
    ai.c = ttt_ai_context_new(nullptr, 0);
    check(ai.c != nullptr, "ttt_ai_context_new");
    if (!game.g || !ai.c) return 1;

    ttt_ai_options opts;
    TTT_INIT(&opts);
    opts.seed = 7;
    ttt_state state = ttt_game_state(game.g);
    int moves = 0;
    while (!ttt_game_over(game.g)) {
        ttt_ai_result r;
        TTT_INIT(&r);
        check(ttt_ai_move(ai.c, game.g, &opts, &r) == TTT_OK, "ttt_ai_move");
        check(r.proven != 0, "a 3x3 move is proven");
        check(ttt_game_move(game.g, r.move, &state) == TTT_OK, "ttt_game_move");
        ++moves;
        ++opts.seed;
    }
    check(state == TTT_STATE_DRAW && moves == 9, "perfect play draws in nine moves");
    check(ttt_game_winner(game.g) == TTT_PLAYER_NONE, "no winner");
    check(std::strcmp(ttt_outcome_name(TTT_OUTCOME_DRAW), "draw") == 0, "ttt_outcome_name");
    check(std::strcmp(ttt_difficulty_name(TTT_DIFFICULTY_HARD), "hard") == 0,
          "ttt_difficulty_name");

    // A search with no deadline on 8x8, stopped by a token from another thread.
    game_ptr big;
    cancel_ptr cancel;
    check(ttt_game_new(8, 5, TTT_PLAYER_X, nullptr, &big.g) == TTT_OK, "8x8 game");
    cancel.c = ttt_cancel_new(nullptr);
    check(cancel.c != nullptr, "ttt_cancel_new");
    if (!big.g || !cancel.c) return 1;
    ttt_ai_options slow;
    TTT_INIT(&slow);
    slow.cancel = cancel.c;
    std::atomic<bool> started(false);
    std::thread stopper([&] {
        while (!started.load())
            std::this_thread::yield();
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        ttt_cancel_request(cancel.c);
    });
    ttt_ai_result r;
    TTT_INIT(&r);
    started.store(true);
    check(ttt_ai_move(ai.c, big.g, &slow, &r) == TTT_OK, "cancelled search");
    stopper.join();
    check(r.stopped != 0, "the token stopped the search");
    check(ttt_game_can_move(big.g, r.move) == TTT_OK, "a legal move");
    // An analysis with the options a move takes, and a move square made in C++.
    ttt_analysis analysis;
    TTT_INIT(&analysis);
    ttt_ai_options quick;
    TTT_INIT(&quick);
    quick.deadline_ms = 5;
    check(ttt_ai_analyze(ai.c, big.g, &quick, &analysis) == TTT_OK, "ttt_ai_analyze");
    check(analysis.count == 64, "every square analysed");
    check(ttt_game_can_move(big.g, ttt_pos{7, 7}) == TTT_OK, "ttt_pos{row, col}");

    char text[TTT_FORMAT_MAX];
    check(ttt_game_format(game.g, TTT_FORMAT_COMPACT, text, sizeof text, nullptr) == TTT_OK,
          "ttt_game_format");
    static_assert(TTT_VERSION_AT_LEAST(1, 0, 0), "the 1.0 API");
    check(ttt_version_num() == TTT_VERSION_NUM, "ttt_version_num");
    check(std::strcmp(ttt_player_name(TTT_PLAYER_X), "X") == 0, "ttt_player_name");
    if (failures == 0)
        std::printf("C++ consumer: %d moves, %s; cancelled 8x8 search ok\n", moves, text);
    return failures == 0 ? 0 : 1;
}
