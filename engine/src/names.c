/*
 * names.c - the names of everything a program shows or stores (ttt/common.h:
 * every ttt_<type>_name() and ttt_<type>_from_name()), the status
 * messages, and the version string. One table per enumeration, looked up
 * by the same two helpers.
 */
#include "ttt/ai.h"
#include "ttt/common.h"
#include "ttt/game.h"
#include "ttt/version.h"

#include "ai_internal.h"

/* What a name function gives for a value out of range. */
#define UNKNOWN_NAME "unknown"

#define COUNT_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* The table's entry for `value`, or UNKNOWN_NAME (also for a hole, NULL). */
static const char *name_of(const char *const *names, int count, int value)
{
    if (value < 0 || value >= count || !names[value]) return UNKNOWN_NAME;
    return names[value];
}

/* ASCII case-insensitive equality, independent of the C locale. */
static int same_name(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
        char y = *b >= 'A' && *b <= 'Z' ? (char)(*b - 'A' + 'a') : *b;
        if (x != y) return 0;
    }
    return *a == *b;
}

/* The index of `name` in the table (any case), from `first` on, or -1. */
static int index_of(const char *const *names, int count, int first, const char *name)
{
    for (int i = first; i < count; i++)
        if (names[i] && same_name(name, names[i])) return i;
    return -1;
}

/* ========================================================================= */
/* Status codes                                                              */
/* ========================================================================= */

static const char *const STATUS_NAMES[] = {
    [TTT_OK] = "ok",
    [TTT_ERR_NULL] = "null",
    [TTT_ERR_SIZE] = "size",
    [TTT_ERR_K] = "k",
    [TTT_ERR_PLAYER] = "player",
    [TTT_ERR_OUTSIDE] = "outside",
    [TTT_ERR_OCCUPIED] = "occupied",
    [TTT_ERR_GAME_OVER] = "game-over",
    [TTT_ERR_NO_HISTORY] = "no-history",
    [TTT_ERR_BUFFER] = "buffer",
    [TTT_ERR_RANGE] = "range",
    [TTT_ERR_NOMEM] = "nomem",
    [TTT_ERR_PARSE_CHAR] = "parse-char",
    [TTT_ERR_PARSE_COUNT] = "parse-count",
    [TTT_ERR_PARSE_MARKS] = "parse-marks",
    [TTT_ERR_PARSE_TURN] = "parse-turn",
    [TTT_ERR_PARSE_WIN] = "parse-win",
    [TTT_ERR_STRUCT_SIZE] = "struct-size",
    [TTT_ERR_ALLOCATOR] = "allocator",
};

static const char *const STATUS_MESSAGES[] = {
    [TTT_OK] = "ok",
    [TTT_ERR_NULL] = "a required pointer argument is NULL",
    [TTT_ERR_SIZE] = "board size must be between 3 and 8",
    [TTT_ERR_K] = "line length k must be between 3 and the board size",
    [TTT_ERR_PLAYER] = "player must be X or O",
    [TTT_ERR_OUTSIDE] = "square is outside the board",
    [TTT_ERR_OCCUPIED] = "square is already marked",
    [TTT_ERR_GAME_OVER] = "the game is over",
    [TTT_ERR_NO_HISTORY] = "there is no move to undo",
    [TTT_ERR_BUFFER] = "buffer too small",
    [TTT_ERR_RANGE] = "argument out of range",
    [TTT_ERR_NOMEM] = "out of memory",
    [TTT_ERR_PARSE_CHAR] =
        "board text has a character that is not x, o, '.', '_', '-', '|' or a space",
    [TTT_ERR_PARSE_COUNT] = "board text does not have size*size squares",
    [TTT_ERR_PARSE_MARKS] = "mark counts differ by more than one",
    [TTT_ERR_PARSE_TURN] = "the side to move contradicts the board",
    [TTT_ERR_PARSE_WIN] = "the lines on the board cannot arise in a legal game",
    [TTT_ERR_STRUCT_SIZE] = "an options or result struct was not set up with TTT_INIT()",
    [TTT_ERR_ALLOCATOR] = "the allocator lacks its malloc or free function",
};

const char *ttt_status_name(ttt_status status)
{
    return name_of(STATUS_NAMES, COUNT_OF(STATUS_NAMES), (int)status);
}

const char *ttt_status_message(ttt_status status)
{
    int i = (int)status;
    if (i < 0 || i >= COUNT_OF(STATUS_MESSAGES) || !STATUS_MESSAGES[i]) return "unknown status";
    return STATUS_MESSAGES[i];
}

/* ========================================================================= */
/* Players and states                                                        */
/* ========================================================================= */

static const char *const PLAYER_NAMES[] = {
    [TTT_PLAYER_NONE] = "none",
    [TTT_PLAYER_X] = "X",
    [TTT_PLAYER_O] = "O",
};

const char *ttt_player_name(ttt_player player)
{
    if (player != TTT_PLAYER_X && player != TTT_PLAYER_O) return PLAYER_NAMES[TTT_PLAYER_NONE];
    return PLAYER_NAMES[player];
}

ttt_status ttt_player_from_name(const char *name, ttt_player *player)
{
    if (!name || !player) return TTT_ERR_NULL;
    /* "none" is not a player anyone can be told to be. */
    int i = index_of(PLAYER_NAMES, COUNT_OF(PLAYER_NAMES), TTT_PLAYER_X, name);
    if (i < 0) return TTT_ERR_RANGE;
    *player = (ttt_player)i;
    return TTT_OK;
}

ttt_player ttt_player_other(ttt_player player)
{
    switch (player) {
    case TTT_PLAYER_X: return TTT_PLAYER_O;
    case TTT_PLAYER_O: return TTT_PLAYER_X;
    case TTT_PLAYER_NONE: break;
    }
    return TTT_PLAYER_NONE;
}

static const char *const STATE_NAMES[] = {
    [TTT_STATE_X_TO_MOVE] = "x-to-move", [TTT_STATE_O_TO_MOVE] = "o-to-move",
    [TTT_STATE_X_WON] = "x-won",         [TTT_STATE_O_WON] = "o-won",
    [TTT_STATE_DRAW] = "draw",
};

const char *ttt_state_name(ttt_state state)
{
    if (state == TTT_STATE_INVALID) return "invalid";
    return name_of(STATE_NAMES, COUNT_OF(STATE_NAMES), (int)state);
}

/* ========================================================================= */
/* The AI's enumerations                                                     */
/* ========================================================================= */

static const char *const OUTCOME_NAMES[] = {
    [TTT_OUTCOME_UNKNOWN] = "unknown",
    [TTT_OUTCOME_WIN] = "win",
    [TTT_OUTCOME_DRAW] = "draw",
    [TTT_OUTCOME_LOSS] = "loss",
};

const char *ttt_outcome_name(ttt_outcome outcome)
{
    return name_of(OUTCOME_NAMES, COUNT_OF(OUTCOME_NAMES), (int)outcome);
}

static const char *const DIFFICULTY_NAMES[ENGINE_DIFFICULTY_COUNT] = {
    [TTT_DIFFICULTY_EASY] = "easy",
    [TTT_DIFFICULTY_MEDIUM] = "medium",
    [TTT_DIFFICULTY_HARD] = "hard",
    [TTT_DIFFICULTY_UNBEATABLE] = "unbeatable",
};

int ttt_difficulty_count(void)
{
    return ENGINE_DIFFICULTY_COUNT;
}

const char *ttt_difficulty_name(ttt_difficulty level)
{
    return name_of(DIFFICULTY_NAMES, ENGINE_DIFFICULTY_COUNT, (int)level);
}

ttt_status ttt_difficulty_from_name(const char *name, ttt_difficulty *level)
{
    if (!name || !level) return TTT_ERR_NULL;
    int i = index_of(DIFFICULTY_NAMES, ENGINE_DIFFICULTY_COUNT, 0, name);
    if (i < 0) return TTT_ERR_RANGE;
    *level = (ttt_difficulty)i;
    return TTT_OK;
}

static const char *const AGENT_NAMES[ENGINE_AGENT_COUNT] = {
    [TTT_AGENT_MINIMAX] = "minimax",       [TTT_AGENT_RANDOM] = "random",
    [TTT_AGENT_FIRST_FREE] = "first-free", [TTT_AGENT_RULES] = "rules",
    [TTT_AGENT_THREAT] = "threat",
};

int ttt_agent_count(void)
{
    return ENGINE_AGENT_COUNT;
}

const char *ttt_agent_name(ttt_agent agent)
{
    return name_of(AGENT_NAMES, ENGINE_AGENT_COUNT, (int)agent);
}

ttt_status ttt_agent_from_name(const char *name, ttt_agent *agent)
{
    if (!name || !agent) return TTT_ERR_NULL;
    int i = index_of(AGENT_NAMES, ENGINE_AGENT_COUNT, 0, name);
    if (i < 0) return TTT_ERR_RANGE;
    *agent = (ttt_agent)i;
    return TTT_OK;
}

/* ========================================================================= */
/* Version                                                                   */
/* ========================================================================= */

const char *ttt_version(void)
{
    return TTT_VERSION_STRING;
}

long ttt_version_num(void)
{
    return TTT_VERSION_NUM;
}
