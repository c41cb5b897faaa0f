/*
 * puzzle.h - the puzzles the programs ship, for every front-end: find them
 * by board and difficulty, pick the day's puzzle, and play one. No I/O, no
 * SDL; the words are the caller's (the names below are keys, not text).
 *
 * A puzzle is a position where the side to move has exactly one winning
 * move, "X to play and win in N" (N plies, both sides' moves, the key move
 * included, against the best defence). The set (generated/puzzles_data.c)
 * was written by engine/tools/gen_puzzles.c: each puzzle proven by the
 * engine and again by the independent checker (puzzle_check.h), which
 * puzzle_verify() runs again on demand (`ttt puzzle --check`).
 *
 * Playing one:
 *
 *     puzzle_play p;
 *     if (puzzle_play_start(&p, puzzle_daily(puzzle_utc_day_now())) != 0) ...;
 *     // show puzzle_play_game(&p): the player is puzzle_play_solver(&p)
 *     puzzle_move_result r;
 *     puzzle_play_move(&p, square, &r);
 *     switch (r.kind) {
 *     case PUZZLE_MOVE_GOOD:   // r.reply: the defence, already on the board
 *     case PUZZLE_MOVE_SOLVED: // the line is complete
 *     case PUZZLE_MOVE_MISSED: // r.refutation (on the board when r.has_refutation)
 *     case PUZZLE_MOVE_ILLEGAL: ...
 *     }
 *     puzzle_play_end(&p);
 *
 * The answers are the same everywhere: the defence is the engine's stored
 * line while the player follows it, else the checker's (a search within a
 * budget of positions, never a deadline). Measured over the set: a good
 * move is answered in under 40 ms of CPU, a miss on 8x8 (its refutation
 * searched) in up to 0.45 s; a front-end with a frame to keep runs
 * puzzle_play_move() on its worker thread. A puzzle_play belongs to one
 * thread at a time; distinct ones may be used by distinct threads (the set
 * is constant).
 */
#ifndef GAME_PUZZLE_H
#define GAME_PUZZLE_H

#include <stdbool.h>
#include <stdint.h>

#include "puzzle_check.h"
#include "puzzle_data.h"
#include "ttt/ttt.h"

/** The grades of the set. */
typedef enum puzzle_difficulty {
    PUZZLE_ANY = 0,    /**< In a filter: every grade. */
    PUZZLE_EASY = 1,   /**< A win in 3 among few tempting moves. */
    PUZZLE_MEDIUM = 2, /**< A win in 3 among many, or in 5 among few. */
    PUZZLE_HARD = 3    /**< A win in 5 among many, or in 7 or more. */
} puzzle_difficulty;

/** Positions the checker may visit for one answer while a puzzle is played. */
#define PUZZLE_PLAY_NODES 2000000
/** Positions the checker may visit for each of a puzzle's proofs in puzzle_verify(). */
#define PUZZLE_VERIFY_NODES 400000
/** The longest winning line the refutation of a miss looks for, in plies. */
#define PUZZLE_REFUTE_PLIES 9

/** Puzzles in the set. */
int puzzle_count(void);

/** The puzzle at `index` (0..puzzle_count()-1), or NULL. */
const puzzle_entry *puzzle_get(int index);

/** The indexes of the puzzles on size x size boards with lines of k and
 *  of grade `difficulty` (0 for any size, k or grade), in the set's order,
 *  at most `cap` of them into `out` (NULL with cap 0 only counts). Returns
 *  how many match. */
int puzzle_find(int size, int k, puzzle_difficulty difficulty, int *out, int cap);

/** "easy", "medium", "hard" (keys for the caller's words), or "any". */
const char *puzzle_difficulty_name(puzzle_difficulty d);

/** The grade named `name` ("easy", "medium", "hard", or 1, 2, 3), any case;
 *  false for an unknown name. */
bool puzzle_difficulty_from_name(const char *name, puzzle_difficulty *out);

/* ------------------------------------------------------------------------- */
/* The daily puzzle                                                          */
/* ------------------------------------------------------------------------- */

/** Days since 1970-01-01 of the UTC date now. */
int64_t puzzle_utc_day_now(void);

/** Days since 1970-01-01 of a "YYYY-MM-DD" date (proleptic Gregorian,
 *  years 1970..9999); false for anything else. */
bool puzzle_day_from_date(const char *text, int64_t *day);

/** The day's puzzle: the same index for everyone on that UTC day, every
 *  puzzle once before any comes again (a fixed stride through the set). */
int puzzle_daily(int64_t day);

/* ------------------------------------------------------------------------- */
/* Playing a puzzle                                                          */
/* ------------------------------------------------------------------------- */

/** Where a puzzle being played stands. */
typedef enum puzzle_status {
    PUZZLE_PLAYING = 0, /**< The player is to move. */
    PUZZLE_SOLVED,      /**< The player completed the win. */
    PUZZLE_MISSED       /**< The player played a move that does not win in time. */
} puzzle_status;

/** What a move did. */
typedef enum puzzle_move_kind {
    PUZZLE_MOVE_ILLEGAL = 0, /**< Not a free square, or the puzzle is over: nothing changed. */
    PUZZLE_MOVE_GOOD,        /**< On the way to the win; the defence has replied. */
    PUZZLE_MOVE_SOLVED,      /**< The move completed the win. */
    PUZZLE_MOVE_MISSED       /**< It does not win within the puzzle's plies. */
} puzzle_move_kind;

/** The answer to a move. */
typedef struct puzzle_move_result {
    puzzle_move_kind kind;
    /** PUZZLE_MOVE_GOOD: the defender's reply, played on the board. */
    ttt_pos reply;
    /** PUZZLE_MOVE_MISSED: the move that wins from the position the miss
     *  was played in (the key move at the start), when known. */
    bool has_winning_move;
    ttt_pos winning_move;
    /** PUZZLE_MOVE_MISSED: the opponent's answer to the miss, played on the
     *  board: a winning reply (refutation_wins, in refutation_plies plies
     *  from it) or one that holds (the player no longer wins within the
     *  puzzle's plies). false when the checker found neither within its
     *  budget. */
    bool has_refutation;
    ttt_pos refutation;
    bool refutation_wins;
    int refutation_plies;
} puzzle_move_result;

/** A puzzle being played. Fields are read-only for the caller. */
typedef struct puzzle_play {
    int index;                 /**< In the set. */
    const puzzle_entry *entry; /**< The puzzle. */
    ttt_game *game;            /**< The position now (owned). */
    puzzle_status status;      /**< Where it stands. */
    int plies_left;            /**< Plies of the win left, the player's next move included. */
    int moves_played;          /**< The player's moves so far. */
    /* Private. */
    puzzle_checker *pc;
    uint64_t mine, theirs; /* the player's and the defender's squares */
    int line[64], line_len, line_at;
    bool on_line;
} puzzle_play;

/** Starts puzzle `index`. 0 on success; -1 for a bad index or when memory
 *  runs out (then nothing needs ending). */
int puzzle_play_start(puzzle_play *p, int index);

/** Releases what puzzle_play_start() took; a zeroed struct is fine too. */
void puzzle_play_end(puzzle_play *p);

/** The position to show (the player is to move while PUZZLE_PLAYING). */
const ttt_game *puzzle_play_game(const puzzle_play *p);

/** The player's side: TTT_PLAYER_X or TTT_PLAYER_O. */
ttt_player puzzle_play_solver(const puzzle_play *p);

/** Plays the player's move and answers it (see ::puzzle_move_result);
 *  returns out->kind. */
puzzle_move_kind puzzle_play_move(puzzle_play *p, ttt_pos move, puzzle_move_result *out);

/* ------------------------------------------------------------------------- */
/* Checking the set                                                          */
/* ------------------------------------------------------------------------- */

/** What puzzle_verify() found wrong with a puzzle. */
typedef enum puzzle_fault {
    PUZZLE_FAULT_NONE = 0,   /**< Proven: a puzzle as described. */
    PUZZLE_FAULT_BAD_DATA,   /**< Board, move or line unreadable, or a finished position. */
    PUZZLE_FAULT_KEY_FAILS,  /**< The key move does not win within its plies. */
    PUZZLE_FAULT_FASTER_WIN, /**< A win within fewer plies exists. */
    PUZZLE_FAULT_SECOND_WIN, /**< Another move wins within the plies too. */
    PUZZLE_FAULT_LINE_FAILS, /**< The stored line is illegal or does not end in the win. */
    PUZZLE_FAULT_UNKNOWN     /**< A proof ran out of its node budget. */
} puzzle_fault;

/** Re-proves puzzle `index` with the checker (each proof within
 *  `node_budget` positions, 0 for PUZZLE_VERIFY_NODES): the key move wins
 *  within its plies, no move wins faster, no other move wins within them,
 *  and the stored line is legal and ends in the win. `nodes` (optional)
 *  receives the positions visited. */
puzzle_fault puzzle_verify(int index, uint64_t node_budget, uint64_t *nodes);

/** A key for each fault ("none", "bad-data", "key-fails", ...). */
const char *puzzle_fault_name(puzzle_fault f);

#endif /* GAME_PUZZLE_H */
