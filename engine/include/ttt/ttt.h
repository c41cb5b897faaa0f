/**
 * @file ttt.h
 * @brief Umbrella header: includes every public header of the ttt engine.
 *
 * @mainpage ttt engine
 *
 * A dependency-free C11 library for m,n,k tic-tac-toe: square boards of 3x3
 * to 8x8 with k (3..n) in a line to win, the game's state machine and
 * history, every victory set, text formatting and parsing, and computer
 * players from a random mover to perfect play with a tunable mistake
 * probability, analysis for hints, deadlines and cancellation.
 *
 * - common.h: the API's conventions, status codes, players, positions,
 *   the allocator hook, TTT_INIT() for growable structs.
 * - game.h: creating games, moves, undo, victory sets, text.
 * - ai.h: computer players, analysis, cancel tokens, the reusable context.
 * - version.h: version macros and ttt_version().
 * - export.h: TTT_API, which marks the exported functions.
 *
 * Every call that can fail for a reason the caller must handle returns a
 * ::ttt_status; queries return their value. The engine never prints, exits
 * or aborts on a caller's mistake, and keeps no mutable global state. The
 * headers compile as C11 and as C++11 or later.
 *
 * Version 1.0 and later follow semantic versioning: within a major version
 * the API and ABI only grow (CHANGELOG.md, "Versioning").
 */
#ifndef TTT_TTT_H
#define TTT_TTT_H

#include "ttt/export.h"
#include "ttt/common.h"
#include "ttt/version.h"
#include "ttt/game.h"
#include "ttt/ai.h"

#endif /* TTT_TTT_H */
