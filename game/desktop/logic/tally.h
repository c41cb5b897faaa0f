/*
 * tally.h - the statistics: games won, drawn and lost, and the longest
 * winning streak, for each mode, board (size and k) and level, kept in the
 * settings file's [stats] section with the scores and under the same rules
 * (prefs.h: merged with what other windows saved, never lost).
 *
 * Against the computer the counts are yours: won, drawn, lost, and your
 * winning streaks. Between two players and when watching, X's and O's
 * wins and the draws, and the streaks of whichever mark won in a row. In
 * the file each entry is one line:
 *
 *     [stats]
 *     hvc.3x3.k3.medium = 4 2 5 1 3    ; won (X), drawn, lost (O), streak, best streak
 *     pvp.5x5.k4 = 1 0 2 -2 2          ; a streak of O's is negative
 *
 * No SDL here.
 */
#ifndef GAME_TALLY_H
#define GAME_TALLY_H

#include <stdbool.h>
#include <stddef.h>

/** Entries kept at most (boards and levels played); past it the entry
 *  played least is replaced. */
#define TALLY_MAX 40
/** The largest count kept, of a score or a tally entry: the settings file
 *  takes back nothing larger (persist/prefs.h's PREFS_MAX_SCORE is this),
 *  so counts stop here rather than be lost on the next load. */
#define TALLY_MAX_COUNT 1000000000L
/** The level of a game between two players (no computer). */
#define TALLY_NO_LEVEL (-1)
/** Room for an entry's key and value in the file. */
#define TALLY_KEY_MAX 48
#define TALLY_VALUE_MAX 64

/** One mode, board and level. */
typedef struct tally_entry {
    int mode;    /**< A settings_mode. */
    int size, k; /**< The board. */
    int level;   /**< A settings difficulty (SETTINGS_DIFFICULTY_CUSTOM too), or TALLY_NO_LEVEL. */
    int wins[2]; /**< Against the computer: yours, its; else X's, O's. */
    int draws;
    int streak; /**< Against the computer: your wins in a row now; else X's (positive) or O's
                     (negative) wins in a row now. */
    int best;   /**< The longest such streak. */
} tally_entry;

/** Every entry. Plain data. */
typedef struct tally {
    int count;
    tally_entry entries[TALLY_MAX];
} tally;

/**
 * Count a finished game: @p slot 0 or 1 is a win of wins[slot] (you or X;
 * the computer or O), 2 a draw. Makes the entry when it is new (replacing
 * the least played when full). @return the entry.
 */
tally_entry *tally_count(tally *t, int mode, int size, int k, int level, int slot);

/** The entry for a mode, board and level, or NULL. */
tally_entry *tally_find(tally *t, int mode, int size, int k, int level);

/** Put back @p before (a copy taken before a game was counted) in place
 *  of its entry: an undone game's result leaves the statistics. */
void tally_restore(tally *t, const tally_entry *before, bool existed);

/** Games counted in an entry. */
int tally_games(const tally_entry *e);

/** The entries of @p mode, most played first, into @p out (at most
 *  @p cap). @return how many. */
int tally_of_mode(const tally *t, int mode, const tally_entry **out, int cap);

/** An entry's key in the file ("hvc.3x3.k3.medium"). */
void tally_key(const tally_entry *e, char *buf, size_t cap);

/** An entry's value in the file ("4 2 5 1 3"). */
void tally_value(const tally_entry *e, char *buf, size_t cap);

/** Read a key into @p e's mode, board and level. @return false when it is
 *  no entry's key. */
bool tally_parse_key(const char *key, tally_entry *e);

/** Read a value into @p e's counts. @return false when it is not five
 *  numbers in range (counts 0..PREFS_MAX_SCORE, the best streak at least
 *  the current one's length). */
bool tally_parse_value(const char *value, tally_entry *e);

/**
 * The merge of three values of one entry, as the settings file merges
 * counters: the counts are @p disk's plus what @p mine added since
 * @p base; the current streak is @p mine's when it changed, else
 * @p disk's; the best streak the larger.
 */
void tally_merge(const tally_entry *disk, const tally_entry *base, const tally_entry *mine,
                 tally_entry *out);

#endif /* GAME_TALLY_H */
