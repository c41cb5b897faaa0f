/*
 * puzzle_check.h - a small, independent solver for short forced wins: does
 * the side to move win within r plies against every defence? It checks the
 * shipped puzzles (`ttt puzzle --check`, the generator before it writes a
 * puzzle, the tests) and answers a puzzle's moves while it is played
 * (puzzle.h). It shares no code with the engine's search: its own lines,
 * its own rules, only the C library, so a bug in the engine's solver cannot
 * hide in both.
 *
 * Its rules, each a fact of k-in-a-row and nothing more:
 *   - a side that can complete a line now wins now;
 *   - a side facing two completions (and none of its own) loses; facing
 *     one, any other move loses, so only the block is tried;
 *   - within r plies a side can only complete (or threaten) a line that
 *     lacks at most its moves left (plus one) and holds no mark of the
 *     other side; a square on no such line of either side changes nothing
 *     within the window, so all of them are tried as one "pass" (when at
 *     least r + 1 of them are free, so a pass always stands for a real
 *     square), and none is needed when no line can be completed at all.
 * Results are memoised per (position, plies). Every search has a budget of
 * positions, not of time, so the answers are the same on every machine;
 * a search that runs out says PUZZLE_UNKNOWN.
 *
 * Boards are bit sets: square r * size + c is bit r * size + c. No I/O,
 * no globals; a checker belongs to one thread at a time.
 */
#ifndef GAME_PUZZLE_CHECK_H
#define GAME_PUZZLE_CHECK_H

#include <stdint.h>

/** A checker's answer. */
typedef enum puzzle_verdict {
    PUZZLE_NO = 0,     /**< Proven: no win within the plies asked. */
    PUZZLE_YES = 1,    /**< Proven: a win within the plies asked, against every defence. */
    PUZZLE_UNKNOWN = 2 /**< The node budget ran out first. */
} puzzle_verdict;

/** The solver and its memo (opaque). */
typedef struct puzzle_checker puzzle_checker;

/** A checker for size x size boards with lines of k (3 <= k <= size <= 8),
 *  with a memo of 2^memo_bits entries (0: the default, 2^16, 2 MB). NULL
 *  for a bad board or when memory runs out. Free with puzzle_checker_free(). */
puzzle_checker *puzzle_checker_new(int size, int k, int memo_bits);

/** Releases a checker; NULL is ignored. */
void puzzle_checker_free(puzzle_checker *pc);

/** Whether the side to move, holding the squares `mover` (the opponent
 *  `other`), wins within `plies` plies, its own move the first of them, at
 *  most `node_budget` positions visited (0: no limit). A position where a
 *  line is already complete is not asked about. */
puzzle_verdict puzzle_checker_wins(puzzle_checker *pc, uint64_t mover, uint64_t other, int plies,
                                   uint64_t node_budget);

/** Whether `attacker` wins within `plies` plies when `defender` is to move
 *  (its move the first of the plies), as puzzle_checker_wins(). */
puzzle_verdict puzzle_checker_wins_after(puzzle_checker *pc, uint64_t attacker, uint64_t defender,
                                         int plies, uint64_t node_budget);

/** The fastest win of the side to move within `max_plies`: its length in
 *  plies (odd), 0 when there is none within them, -1 when the budget ran
 *  out first. `node_budget` covers the whole call. */
int puzzle_checker_fastest_win(puzzle_checker *pc, uint64_t mover, uint64_t other, int max_plies,
                               uint64_t node_budget);

/** Positions visited by the last call. */
uint64_t puzzle_checker_nodes(const puzzle_checker *pc);

/** The squares where `marks` completes a line now (the other side holding
 *  `other`): a side's threats. */
uint64_t puzzle_checker_threats(const puzzle_checker *pc, uint64_t marks, uint64_t other);

/** Non-zero when `marks` holds a complete line. */
int puzzle_checker_has_line(const puzzle_checker *pc, uint64_t marks);

#endif /* GAME_PUZZLE_CHECK_H */
