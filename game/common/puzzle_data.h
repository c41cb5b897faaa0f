/*
 * puzzle_data.h - the shape of the shipped puzzle set
 * (generated/puzzles_data.c, written by engine/tools/gen_puzzles.c). The
 * programs read it through puzzle.h; only the generator and the set itself
 * need this header.
 */
#ifndef GAME_PUZZLE_DATA_H
#define GAME_PUZZLE_DATA_H

/** One puzzle: the side to move has exactly one winning move. */
typedef struct puzzle_entry {
    unsigned char size;       /**< Squares per side, 3..8. */
    unsigned char k;          /**< Marks in a line, 3..size. */
    unsigned char plies;      /**< The win's length with best defence, the key move included. */
    unsigned char difficulty; /**< 1 easy, 2 medium, 3 hard (puzzle_difficulty). */
    unsigned char tempting;   /**< Wrong moves that make a threat of their own. */
    unsigned char losing;     /**< Wrong moves after which the opponent wins (engine's proof). */
    char to_move;             /**< 'x' or 'o'. */
    const char *board;        /**< size * size characters, row by row: 'x', 'o' or '.'. */
    /** The key move and the engine's line of best defence to the win,
     *  squares as "row,col" (0-based) separated by spaces. */
    const char *line;
} puzzle_entry;

/** The set, sorted by board (size, then k), then difficulty. */
extern const puzzle_entry puzzle_set[];
/** Entries in puzzle_set. */
extern const int puzzle_set_count;

#endif /* GAME_PUZZLE_DATA_H */
