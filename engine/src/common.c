/* common.c - status names, the player helper and the version string. */
#include "ttt/common.h"
#include "ttt/version.h"

const char *ttt_status_string(ttt_status status)
{
    switch (status) {
    case TTT_OK: return "ok";
    case TTT_ERR_NULL: return "a required pointer argument is NULL";
    case TTT_ERR_SIZE: return "board size must be between 3 and 8";
    case TTT_ERR_K: return "line length k must be between 3 and the board size";
    case TTT_ERR_PLAYER: return "player must be X or O";
    case TTT_ERR_OUTSIDE: return "square is outside the board";
    case TTT_ERR_OCCUPIED: return "square is already marked";
    case TTT_ERR_GAME_OVER: return "the game is over";
    case TTT_ERR_NO_HISTORY: return "there is no move to undo";
    case TTT_ERR_BUFFER: return "buffer too small";
    case TTT_ERR_RANGE: return "argument out of range";
    case TTT_ERR_NOMEM: return "out of memory";
    case TTT_ERR_PARSE_CHAR:
        return "board text has a character that is not x, o, '.', '_', '-', '|' or a space";
    case TTT_ERR_PARSE_COUNT: return "board text does not have size*size squares";
    case TTT_ERR_PARSE_MARKS: return "mark counts differ by more than one";
    case TTT_ERR_PARSE_TURN: return "the side to move contradicts the board";
    case TTT_ERR_PARSE_WIN: return "the lines on the board cannot arise in a legal game";
    case TTT_ERR_CANCELLED: return "the search was cancelled";
    }
    return "unknown status";
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

const char *ttt_version(void)
{
    return TTT_VERSION_STRING;
}

long ttt_version_num(void)
{
    return TTT_VERSION_NUM;
}
