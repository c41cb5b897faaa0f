/* board_defaults.c - the programs' default line length (see board_defaults.h). */
#include "board_defaults.h"

#include "ttt/common.h"

/* The largest board of each default k. */
#define K3_UP_TO 3
#define K4_UP_TO 6

int board_default_k(int size)
{
    if (size < TTT_MIN_SIZE || size > TTT_MAX_SIZE) return 0;
    if (size <= K3_UP_TO) return 3;
    return size <= K4_UP_TO ? 4 : 5;
}
