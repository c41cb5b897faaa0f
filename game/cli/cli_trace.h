/* cli_trace.h - `ttt play --verbose`: collects the positions the minimax
 * search reports through ttt_ai_options::trace and prints them as a tree,
 * indented by depth, whatever order the search visited them in. */
#ifndef CLI_TRACE_H
#define CLI_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ttt/ttt.h"

/* Deepest --verbose-depth accepted: deeper trees run to millions of lines. */
#define CLI_TRACE_DEPTH_MAX 6
/* Most positions kept for printing; the rest are counted, not shown. */
#define CLI_TRACE_ENTRIES_MAX 100000

/* One position reported by the search. */
typedef struct cli_trace_entry {
    uint8_t line[CLI_TRACE_DEPTH_MAX]; /* Square indices (row*size+col) from the root. */
    uint8_t depth;                     /* Moves in line. */
    uint8_t outcome;                   /* ttt_outcome for the player of the last move. */
    int plies;                         /* Plies from the root to the end, 0 if unknown. */
    size_t order;                      /* Arrival order: later reports of a line win. */
} cli_trace_entry;

typedef struct cli_trace {
    cli_trace_entry *entries; /* Owned; grown as reports arrive. */
    size_t count, capacity;
    size_t dropped;   /* Reports not kept (limit or no memory). */
    int size;         /* Board size, to turn indices back into rows and columns. */
    ttt_player mover; /* Player to move at the root. */
} cli_trace;

/* Prepares an empty trace for a search from @p game's position. */
void cli_trace_init(cli_trace *trace, const ttt_game *game);

/* Points @p opts's trace callback at @p trace, reporting @p depth plies. */
void cli_trace_attach(cli_trace *trace, ttt_ai_options *opts, int depth);

/* Prints the collected positions as an indented tree, root moves first,
 * each followed by the replies examined under it. */
void cli_trace_print(cli_trace *trace, FILE *out);

/* Releases the entries; the trace may be initialised again. */
void cli_trace_free(cli_trace *trace);

#endif /* CLI_TRACE_H */
