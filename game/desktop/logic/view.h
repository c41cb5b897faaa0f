/*
 * view.h - what drawing needs to know, worked out once per frame, so that
 * the screens draw from data and decide no rule of the game.
 *
 *   view_game     the game as it looks now: marks and when each was placed,
 *                 the winning squares and the strike-throughs, the hint on
 *                 each square, the computer's last move, what a click
 *                 would do, the status line in words. Computed from the
 *                 turn flow (play.h) by view_game_compute().
 *   view_overlay  the performance overlay's lines, each with its tone
 *                 (good, bad or neutral) rather than a position that means
 *                 something, from the timing statistics (stats.h).
 *   view          both, and the app's clock for this frame (where the
 *                 animations are).
 *
 * The app (app_frame.c) computes the view in each pass of its loop; the screens
 * (screen_game.c, screen_settings.c, screen_help.c, overlay.c) read it and
 * never the turn flow's state. view_game holds nothing that changes by
 * itself from frame to frame, so the app compares it with the last frame's
 * (memcmp: it is zeroed before it is filled) to know whether to draw.
 *
 * No SDL here: the views are tested without a display.
 */
#ifndef GAME_VIEW_H
#define GAME_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout.h"
#include "play.h"
#include "review.h"
#include "settings.h"
#include "stats.h"
#include "ttt/ttt.h"

/** Room for the status line: a review's verdict, a notice naming a file. */
#define VIEW_STATUS_MAX 512
/** Room for the line under the status (how many in a row win, the board;
 *  where a review is), in any language. */
#define VIEW_RULE_MAX 96
/** Room for one line of the performance overlay. */
#define VIEW_OVERLAY_LINE_MAX 160

/** What a hint says about one square. */
typedef enum view_hint_kind {
    VIEW_HINT_NONE = 0,  /**< No hint here (none shown, or the square is taken). */
    VIEW_HINT_WIN,       /**< Proven: playing here wins (in plies). */
    VIEW_HINT_DRAW,      /**< Proven: playing here draws. */
    VIEW_HINT_LOSS,      /**< Proven: playing here loses (in plies). */
    VIEW_HINT_UNKNOWN,   /**< Not proven. */
    VIEW_HINT_BEST_GUESS /**< Not proven, but the search's best guess, better than some other. */
} view_hint_kind;

/** Steps of the hints' heat map: an unproven square's shade, from the
 *  weakest estimate (1) to the strongest (VIEW_HINT_HEAT_LEVELS). */
#define VIEW_HINT_HEAT_LEVELS 5

/** A hint on one square. */
typedef struct view_hint {
    view_hint_kind kind;
    bool best; /**< Among the moves the search prefers (drawn in bold). */
    /** DRAW on a board the hint did not solve: the best move there is (no
     *  square is proven to win, and the search likes no unproven one
     *  better), outlined and labelled "Best" as a best guess is (issue 28:
     *  the status pointed at the shades, and no square said "Best"). */
    bool proven_best;
    int plies; /**< WIN, LOSS: moves to the end, both players' counted. */
    /** UNKNOWN, BEST_GUESS: the heat map's shade, 1..VIEW_HINT_HEAT_LEVELS,
     *  the search's estimate ranked among the unproven squares (every one
     *  has a shade); 0 on proven squares. */
    unsigned char heat;
} view_hint;

/** One strike-through: from the centre of a winning line's first square
 *  to its last's. */
typedef struct view_strike {
    ttt_pos first, last;
    int length; /**< Squares in the line. */
} view_strike;

/** What the computer's last search knew (the overlay says it). */
typedef struct view_last_ai {
    bool known;   /**< The computer has moved this session. */
    bool exact;   /**< Its move's outcome was proven. */
    bool stopped; /**< Cut short by the deadline. */
    ttt_outcome outcome;
    int plies;        /**< When exact: moves to the end. */
    ttt_player mover; /**< The computer's mark in that move: the outcome is its. */
    int depth;
} view_last_ai;

/** What a cell of the review's strip shows: the value after a move, for
 *  the player the strip is drawn for (you against the computer, else X). */
typedef enum view_strip_kind {
    VIEW_STRIP_PENDING = 0, /**< Not analysed yet. */
    VIEW_STRIP_WIN,         /**< Proven: that player wins (in `plies`). */
    VIEW_STRIP_DRAW,        /**< Proven: a draw. */
    VIEW_STRIP_LOSS,        /**< Proven: that player loses (in `plies`). */
    VIEW_STRIP_ESTIMATE     /**< Not proven: `estimate` says which way it leans. */
} view_strip_kind;

/** One cell of the strip: the start, then the position after each move. */
typedef struct view_strip_cell {
    unsigned char kind;  /**< A view_strip_kind. */
    unsigned char mover; /**< Who made the move (NONE for the start). */
    signed char plies;   /**< WIN, LOSS: moves to the end. */
    bool threw_away;     /**< The move threw the result away (proven). */
    short estimate;      /**< ESTIMATE: for that player, on the engine's scale. */
} view_strip_cell;

/** The review, as drawn over the game screen while it is open. */
typedef struct view_review {
    bool active;
    int ply;   /**< The position shown: after this many moves. */
    int moves; /**< Moves in the game. */
    bool playing;
    ttt_player perspective; /**< Whose values the strip shows. */
    int strip_count;        /**< moves + 1: the start and each move. */
    view_strip_cell strip[REVIEW_MAX_POSITIONS];
    bool has_next; /**< The move played from this position, ringed on the board. */
    ttt_pos next;
    bool has_better; /**< A better square for the last move, shown as a ghost mark. */
    ttt_pos better;
    ttt_player better_mover;
    int analysed, positions; /**< Positions analysed so far, of all. */
    bool can_back, can_forward, can_play_on;
} view_review;

/** A puzzle, as drawn on the game screen while it is open. */
typedef struct view_puzzle {
    bool active;
    int phase;         /**< A puzzle_session_phase. */
    ttt_player solver; /**< The player's mark. */
    bool has_key;      /**< A miss: the move that would have won, ringed. */
    ttt_pos key;
    bool can_retry;
} view_puzzle;

/** The game as drawn. */
typedef struct view_game {
    int size, k;
    ttt_state state;
    ttt_player turn;   /**< NONE once the game is over. */
    ttt_player winner; /**< NONE unless won. */
    ttt_player first;  /**< Who moved first in this game. */
    settings_mode mode;
    ttt_player human_side;  /**< Your mark this game (against the computer, or online;
                                 NONE watching an online game). */
    bool online;            /**< An online game: the other player is a person, your friend. */
    bool computer_plays[3]; /**< Indexed by ttt_player. */
    bool person_to_move;    /**< A click would play. */
    bool computer_thinking; /**< Its move is being worked out or held. */
    bool hint_thinking;     /**< A hint is being worked out. */
    bool can_undo, can_redo, can_hint;
    bool playable[TTT_MAX_SQUARES]; /**< play_square_playable for each square. */
    ttt_player owner[TTT_MAX_SQUARES];
    uint64_t placed_ms[TTT_MAX_SQUARES]; /**< When each mark went on (0: before any animation). */
    play_score score;                    /**< The current mode's. */
    bool have_last_computer_move;
    ttt_pos last_computer_move;

    /* The end of the game. */
    bool game_over;
    uint64_t game_over_ms;
    bool on_winning_line[TTT_MAX_SQUARES];
    int strike_count;
    view_strike strikes[TTT_MAX_WINNING_SETS];

    /* A refused click (on the board). */
    bool refused;
    ttt_pos refused_at;
    uint64_t refused_ms;

    /* Hints: shown since hint_ms, one per square. */
    bool hint_shown;
    bool hint_lit; /**< The Hint button is lit: one shown or on its way. */
    bool hint_exact;
    int hint_proven;  /**< Squares whose hint is proven. */
    bool heat_blocks; /**< The theme draws the heat map as blocks, not shades (the status says so).
                       */
    uint64_t hint_ms;
    view_hint hints[TTT_MAX_SQUARES];

    /* The status line in the current language, and whether the thinking
     * dots follow it. */
    char status[VIEW_STATUS_MAX];
    bool status_dots;

    view_last_ai last_ai;

    view_review review; /**< Active while a game is reviewed: then the rest is its position. */
    char rule[VIEW_RULE_MAX]; /**< Under the status: how many in a row win, the board; in a review,
                             where in the game; a board size that applies from the next game. */
    bool status_long;         /**< The status may wrap to three lines (a review's verdict). */
    view_puzzle puzzle;       /**< Active while a puzzle is played: then the rest is its board. */
} view_game;

/** How an overlay line reads: its colour says which. */
typedef enum view_tone {
    VIEW_TONE_NEUTRAL = 0,
    VIEW_TONE_GOOD, /**< Within the budget. */
    VIEW_TONE_BAD   /**< Over it, or a guess where a proof was hoped for. */
} view_tone;

/** One line of the performance overlay. */
typedef struct view_overlay_line {
    char text[VIEW_OVERLAY_LINE_MAX];
    view_tone tone;
} view_overlay_line;

/** The performance overlay's lines. */
typedef struct view_overlay {
    view_overlay_line lines[LAYOUT_OVERLAY_LINES];
} view_overlay;

/** Room for a sentence about a board's value under perfect play. */
#define VIEW_BOARD_VALUE_MAX 160

/** Everything drawing reads. */
typedef struct view {
    view_game game; /**< Recomputed every frame. */
    /** The settings' board with perfect play, in words, for the settings
     *  screen ("X wins with perfect play on 7×7, 4 in a row", "Perfect play
     *  draws on ..."); empty where the engine has not solved the board. */
    char board_value[VIEW_BOARD_VALUE_MAX];
    view_overlay overlay; /**< Refreshed at most every APP_OVERLAY_REFRESH_MS. */
    uint64_t now_ms;      /**< The app's clock this frame. */
} view;

/** Fill @p v from the turn flow @p p (all of it: zeroed first). */
void view_game_compute(const play_state *p, view_game *v);

/**
 * Fill @p v from the review @p r instead (view_review.c): the position
 * shown, with its squares' values as hints when @p hints, the verdict on
 * the move that led to it as the status, and the strip. @p now_ms is the
 * app's clock; @p mode the game's mode for the words.
 */
void view_review_compute(const review_state *r, bool hints, settings_mode mode, view_game *v);

/** The rule line under the status: how many in a row win on which board;
 *  when the settings chose another board (@p next_size, @p next_k), both. */
void view_rule_text(const view_game *v, int next_size, int next_k, char *buf, size_t cap);

/**
 * A board's value with perfect play from both sides (ttt_board_value()) in
 * words into @p buf: "X wins with perfect play on 7×7, 4 in a row" when the
 * first player, @p first, wins; when the board is a proven draw and
 * @p draws, "Perfect play draws on 3×3, 3 in a row"; otherwise empty.
 * @return the outcome for the first player (TTT_OUTCOME_UNKNOWN when the
 * board is not solved or out of range).
 */
ttt_outcome view_board_value_text(int size, int k, ttt_player first, bool draws, char *buf,
                                  size_t cap);

/** Who moves first in the game the settings' board is played in: this
 *  game's first player while the board is this game's or nothing has been
 *  played yet (a change applies at once), else the other (New game
 *  alternates). */
ttt_player view_next_first(const play_state *p);

/** The settings screen's sentence about its board (view::board_value), from
 *  the turn flow @p p (whose settings are the live ones). */
void view_board_value_compute(const play_state *p, view *out);

/** Fill @p v's hints from analysis @p h (which squares proven, best ...). */
void view_hints_from(const ttt_analysis *h, view_game *v);

/** The status line in words ("Your move \u2014 you are X", "O wins!", "Computer
 *  is thinking", what a hint on a board too big to solve means ...) for
 *  @p v into @p buf; @p dots says whether the pulsing dots follow it. */
void view_status_text(const view_game *v, char *buf, size_t cap, bool *dots);

/** Is entry @p i of hint @p h the search's best guess: not proven, flagged
 *  best, while some other unproven square is not (a guess that stands out)? */
bool view_hint_is_best_guess(const ttt_analysis *h, int i);

/** How many of the hint's squares are proven (a win, draw or loss). */
int view_hint_proven_count(const ttt_analysis *h);

/**
 * The overlay's lines for the statistics @p s (its recent frames sorted in
 * @p scratch, STATS_RECENT_SAMPLES floats: no allocation), the computer's
 * last search in @p game, and the renderer @p renderer (with or without
 * @p vsync) drawing @p out_w x @p out_h pixels.
 */
void view_overlay_compute(view_overlay *o, const stats *s, const view_game *game,
                          const char *renderer, bool vsync, int out_w, int out_h, float *scratch);

/** A puzzle's view (view_puzzle.c): its board, the player's move awaited
 *  or answered in the status, the puzzle and the statistics in the rule
 *  line. @p st may be NULL. */
struct puzzle_session;
struct puzzle_stats;
void view_puzzle_compute(const struct puzzle_session *s, const struct puzzle_stats *st,
                         settings_mode mode, view_game *v);

#endif /* GAME_VIEW_H */
