/* ai.c - computer players. Being written (issue 3); this file is replaced. */
#include "ttt/ai.h"
