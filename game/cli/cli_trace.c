/* cli_trace.c - collecting and printing the search's trace. The engine may
 * report a position after its children (post-order) or more than once
 * (iterative deepening); sorting by the line of moves restores a readable
 * tree in which each position is shown once with its last reported outcome. */
#include "cli_trace.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli_board.h"
#include "i18n.h"

/* First allocation, in entries; doubled as needed. */
#define INITIAL_CAPACITY 256
/* Spaces of indentation per ply of depth. */
#define INDENT_PER_PLY 2
/* Room for an outcome's words, in any language. */
#define OUTCOME_TEXT_MAX 96

/* The callback given to the engine: copies one report. */
static void collect(void *user, const ttt_trace_step *step)
{
    cli_trace *t = user;
    int depth = step->depth;
    if (depth < 1 || depth > CLI_TRACE_DEPTH_MAX || t->count >= CLI_TRACE_ENTRIES_MAX) {
        t->dropped++;
        return;
    }
    if (t->count == t->capacity) {
        size_t capacity = t->capacity ? t->capacity * 2 : INITIAL_CAPACITY;
        cli_trace_entry *grown = realloc(t->entries, capacity * sizeof *grown);
        if (!grown) {
            t->dropped++;
            return;
        }
        t->entries = grown;
        t->capacity = capacity;
    }
    cli_trace_entry *e = &t->entries[t->count];
    memset(e, 0, sizeof *e);
    for (int i = 0; i < depth; i++)
        e->line[i] = (uint8_t)(step->line[i].row * t->size + step->line[i].col);
    e->depth = (uint8_t)depth;
    e->outcome = (uint8_t)step->outcome;
    /* The engine counts from the position the move was made in; the
     * printed tree counts from the root, the position on the screen. */
    e->plies = step->proven ? step->plies + depth - 1 : 0;
    e->order = t->count;
    t->count++;
}

void cli_trace_init(cli_trace *trace, const ttt_game *game)
{
    memset(trace, 0, sizeof *trace);
    trace->size = ttt_game_size(game);
    trace->mover = ttt_game_turn(game);
}

void cli_trace_attach(cli_trace *trace, ttt_ai_options *opts, int depth)
{
    opts->trace = collect;
    opts->trace_user = trace;
    opts->trace_depth = depth;
}

/* Tree order: a line before its extensions, siblings by square; equal
 * lines in arrival order. */
static int compare_entries(const void *pa, const void *pb)
{
    const cli_trace_entry *a = pa, *b = pb;
    int common = a->depth < b->depth ? a->depth : b->depth;
    for (int i = 0; i < common; i++)
        if (a->line[i] != b->line[i]) return a->line[i] < b->line[i] ? -1 : 1;
    if (a->depth != b->depth) return a->depth < b->depth ? -1 : 1;
    return (a->order > b->order) - (a->order < b->order);
}

static int same_line(const cli_trace_entry *a, const cli_trace_entry *b)
{
    return a->depth == b->depth && memcmp(a->line, b->line, a->depth) == 0;
}

void cli_trace_print(cli_trace *trace, FILE *out)
{
    if (trace->count > 0)
        qsort(trace->entries, trace->count, sizeof *trace->entries, compare_entries);
    for (size_t i = 0; i < trace->count; i++) {
        const cli_trace_entry *e = &trace->entries[i];
        /* Several reports of one line: show the last, the deepest search's. */
        if (i + 1 < trace->count && same_line(e, &trace->entries[i + 1])) continue;
        int index = e->line[e->depth - 1];
        /* Depth 1 is the root player's move, depth 2 the reply, and so on. */
        ttt_player who = e->depth % 2 == 1 ? trace->mover : ttt_player_other(trace->mover);
        char text[OUTCOME_TEXT_MAX];
        if (e->outcome == TTT_OUTCOME_UNKNOWN)
            snprintf(text, sizeof text, "%s", _("unknown (skipped, or not proven in time)"));
        else
            cli_outcome_text((ttt_outcome)e->outcome, e->plies, text, sizeof text);
        fprintf(out, "%*s%c %d %d: %s\n", INDENT_PER_PLY * e->depth, "", cli_player_char(who),
                index / trace->size + 1, index % trace->size + 1, text);
    }
    if (trace->dropped > 0) {
        unsigned long n = trace->dropped > ULONG_MAX ? ULONG_MAX : (unsigned long)trace->dropped;
        fprintf(out,
                P_("  (%lu more position not shown)\n", "  (%lu more positions not shown)\n", n),
                n);
    }
}

void cli_trace_free(cli_trace *trace)
{
    free(trace->entries);
    trace->entries = NULL;
    trace->count = trace->capacity = trace->dropped = 0;
}
