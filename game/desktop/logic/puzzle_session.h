/*
 * puzzle_session.h - a puzzle being played in the desktop game, with no
 * SDL and no search in it: the board shown, the player's moves, and what
 * the worker answered. The answers themselves come from
 * game/common/puzzle.h's puzzle_play_move(), which may take a good part
 * of a second on 8x8, so the app runs it on its worker thread (a
 * WORKER_JOB_PUZZLE carrying a puzzle_session_job) and hands the result
 * back here with puzzle_session_on_result(); a result for another job id
 * is stale and dropped. The render thread never waits.
 *
 *     puzzle_session s;
 *     puzzle_session_init(&s);
 *     puzzle_session_start(&s, index, false, now_ms);
 *     puzzle_session_job job;
 *     if (puzzle_session_move(&s, square, now_ms, &job)) submit(&job);
 *     ...  puzzle_session_on_result(&s, job_id, &result, now_ms);
 *
 * Also the puzzle statistics (solved, missed, streaks, the daily puzzle),
 * kept in the settings file's [puzzles] section (persist/prefs.h).
 */
#ifndef GAME_PUZZLE_SESSION_H
#define GAME_PUZZLE_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "puzzle.h"
#include "ttt/ttt.h"

/** The player's moves in one puzzle at most (the longest win is 9 plies). */
#define PUZZLE_SESSION_MAX_MOVES 16
/** Boards with puzzles, at most. */
#define PUZZLE_SESSION_MAX_BOARDS 24
/** Puzzles of one board and grade looked through, at most. */
#define PUZZLE_SESSION_FIND_MAX 1024

/** Where the puzzle shown stands. */
typedef enum puzzle_session_phase {
    PUZZLE_SESSION_NONE = 0, /**< No puzzle (the set is empty). */
    PUZZLE_SESSION_PLAYING,  /**< The player is to move. */
    PUZZLE_SESSION_WAITING,  /**< A move went to the worker; its answer is awaited. */
    PUZZLE_SESSION_SOLVED,   /**< Won. */
    PUZZLE_SESSION_MISSED    /**< A move that does not win in time: the refutation shows. */
} puzzle_session_phase;

/** What the worker is asked: replay the player's moves on puzzle `index`
 *  (the defence is deterministic), the last one new. */
typedef struct puzzle_session_job {
    int index;
    int count;
    ttt_pos moves[PUZZLE_SESSION_MAX_MOVES];
} puzzle_session_job;

/** A puzzle being played. Plain data; fields are read-only outside
 *  puzzle_session.c. */
typedef struct puzzle_session {
    int index; /**< In the set; -1: none. */
    bool daily;
    int64_t day; /**< The daily puzzle's UTC day (days since 1970-01-01). */
    int size, k, plies;
    ttt_player solver; /**< The player's mark. */
    ttt_player owner[TTT_MAX_SQUARES];
    uint64_t placed_ms[TTT_MAX_SQUARES];
    puzzle_session_phase phase;
    int plies_left;           /**< Of the win, the player's next move included. */
    puzzle_session_job moves; /**< The player's moves so far. */
    uint32_t job_id;          /**< The answer awaited (WAITING), or the last one's. */
    bool has_reply;           /**< The opponent's last move (a defence or a refutation). */
    ttt_pos reply;
    bool has_key; /**< MISSED: the move that would have won, highlighted. */
    ttt_pos key;
    bool refutation_wins; /**< MISSED: the refutation wins for the opponent. */
    int refutation_plies;
    bool failed;         /**< The worker could not answer (out of memory). */
    uint64_t changed_ms; /**< When the phase last changed. */
} puzzle_session;

/** No puzzle yet. */
void puzzle_session_init(puzzle_session *s);

/** Start puzzle @p index (@p daily: it is the daily puzzle of day
 *  @p day). @return false for a bad index (nothing changed). */
bool puzzle_session_start(puzzle_session *s, int index, bool daily, int64_t day, uint64_t now_ms);

/** The same puzzle again from its start. */
void puzzle_session_retry(puzzle_session *s, uint64_t now_ms);

/** Can the player play at @p pos now? */
bool puzzle_session_playable(const puzzle_session *s, ttt_pos pos);

/** The player plays @p pos: it shows at once and @p job (with the new job
 *  id in s->job_id) is what the worker must answer. @return false when the
 *  move cannot be played now (nothing changed). */
bool puzzle_session_move(puzzle_session *s, ttt_pos pos, uint64_t now_ms, puzzle_session_job *job);

/** The worker's answer to job @p job_id (@p r NULL: it failed). @return
 *  false for a stale answer (ignored). */
bool puzzle_session_on_result(puzzle_session *s, uint32_t job_id, const puzzle_move_result *r,
                              uint64_t now_ms);

/** Run @p job in the calling thread (the worker's): a fresh puzzle_play,
 *  the moves replayed, the last one's answer into @p out. @return false
 *  when the puzzle could not be started or a replayed move was refused. */
bool puzzle_session_answer(const puzzle_session_job *job, puzzle_move_result *out);

/** The boards that have puzzles, in the set's order, as sizes and ks.
 *  @return how many (at most @p cap). */
int puzzle_session_boards(int *sizes, int *ks, int cap);

/** The puzzle after @p after (-1: the first) on this board and grade, going
 *  round; -1 when there is none. */
int puzzle_session_next(int size, int k, puzzle_difficulty d, int after);

/** A puzzle's stored line as squares (the key move first). @return how many. */
int puzzle_session_line(const puzzle_entry *e, ttt_pos *out, int cap);

/** Room for a date, "YYYY-MM-DD". */
#define PUZZLE_SESSION_DATE_MAX 16

/** UTC day @p day (days since 1970-01-01) as "YYYY-MM-DD". */
void puzzle_session_date(int64_t day, char *buf, size_t cap);

/* ------------------------------------------------------------------------- */
/* Statistics                                                                */
/* ------------------------------------------------------------------------- */

/** No daily puzzle solved yet. */
#define PUZZLE_STATS_NO_DAY (-1)

/** The puzzle statistics ([puzzles] in the settings file). */
typedef struct puzzle_stats {
    int solved, missed;
    int streak, best;  /**< Puzzles solved in a row now, and the most. */
    int64_t daily_day; /**< The last day whose daily puzzle was solved, or PUZZLE_STATS_NO_DAY. */
} puzzle_stats;

/** Zero counts, no daily puzzle solved. */
void puzzle_stats_init(puzzle_stats *st);

/** Count a puzzle finished (@p solved or missed); a daily puzzle solved
 *  marks @p day. */
void puzzle_stats_count(puzzle_stats *st, bool solved, bool daily, int64_t day);

#endif /* GAME_PUZZLE_SESSION_H */
