/* cli_args.c - option scanning and value conversion for `ttt`. The engine
 * validates what it can (sizes, k, difficulty names); this file turns its
 * status codes into messages that name the argument at fault. */
#include "cli_args.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_board.h"
#include "i18n.h"
#include "board_defaults.h"
#include "numparse.h"
#include "rng.h"
#include "textesc.h"

/* Names accepted for perfect play besides the engine's "unbeatable". */
static const char *const PERFECT_NAME = "perfect";

void cli_parser_init(cli_parser *p, int argc, char **argv, const char *command)
{
    argscan_init(&p->scan, argc, argv);
    p->command = command;
}

void cli_usage_error(const char *command, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    /* stderr is all we have to report on; if it fails there is nobody to tell. */
    (void)fprintf(stderr, "ttt %s: ", command);
    /* The message quotes the arguments: escaped, they cannot drive the
     * terminal. */
    textesc_vprintf(stderr, format, ap);
    (void)fprintf(stderr, "\n");
    (void)fprintf(stderr, _("(see 'ttt %s --help')"), command);
    (void)fprintf(stderr, "\n");
    va_end(ap);
}

int cli_out_of_memory(const char *command)
{
    (void)fprintf(stderr, _("ttt %s: out of memory\n"), command);
    return CLI_EXIT_FAILURE;
}

/* Room for the scanner's message: a quoted option and the options it
 * could have meant, in any language. */
#define SCAN_MESSAGE_BYTES 320

int cli_parser_next(cli_parser *p, const cli_option *options, size_t count, const char **value)
{
    int i = argscan_next(&p->scan, options, count, value);
    if (i == ARGSCAN_ERROR) {
        char message[SCAN_MESSAGE_BYTES];
        cli_usage_error(p->command, "%s",
                        argscan_message(&p->scan, options, count, message, sizeof message));
    }
    return i;
}

int cli_parse_int(const char *command, const char *option, const char *text, int min, int max,
                  int *out)
{
    switch (numparse_int(text, min, max, out)) {
    case NUMPARSE_OK: return 1;
    case NUMPARSE_NOT_NUMBER:
        cli_usage_error(command, _("%s: '%s' is not a whole number"), option, text);
        return 0;
    case NUMPARSE_RANGE: break;
    }
    cli_usage_error(command, _("%s: %s is out of range (%d to %d)"), option, text, min, max);
    return 0;
}

int cli_parse_seed(const char *command, const char *option, const char *text, uint64_t *out)
{
    switch (numparse_u64(text, out)) {
    case NUMPARSE_OK: return 1;
    case NUMPARSE_NOT_NUMBER:
        cli_usage_error(command, _("%s: '%s' is not a non-negative whole number"), option, text);
        return 0;
    case NUMPARSE_RANGE: break;
    }
    cli_usage_error(command, _("%s: %s is too large for a 64-bit seed"), option, text);
    return 0;
}

/* Case-insensitive comparison of two NUL-terminated strings. */
static int same_word(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return 0;
    return *a == *b;
}

int cli_parse_player(const char *command, const char *option, const char *text, ttt_player *out)
{
    if (same_word(text, "x")) {
        *out = TTT_PLAYER_X;
        return 1;
    }
    if (same_word(text, "o")) {
        *out = TTT_PLAYER_O;
        return 1;
    }
    cli_usage_error(command, _("%s: '%s' is not a player (use x or o)"), option, text);
    return 0;
}

int cli_parse_size(const char *command, const char *option, const char *text, int *out)
{
    int size = 0;
    /* Let the engine decide which sizes it supports; only the syntax is ours. */
    if (!cli_parse_int(command, option, text, INT_MIN, INT_MAX, &size)) return 0;
    if (board_default_k(size) == 0) {
        cli_usage_error(command, "%s %s: %s", option, text, cli_status_text(TTT_ERR_SIZE));
        return 0;
    }
    *out = size;
    return 1;
}

void cli_ai_choice_init(cli_ai_choice *c, ttt_difficulty level)
{
    TTT_INIT(&c->opts);
    c->preset = (int)level;
}

int cli_ai_choice_apply(cli_ai_choice *c, int size, int k)
{
    if (c->preset == CLI_NO_PRESET) return 1;
    return ttt_ai_options_preset(&c->opts, (ttt_difficulty)c->preset, size, k) == TTT_OK;
}

/* Makes @p c the named level; returns 0 without a message when @p text
 * names none. "perfect" is accepted for "unbeatable". */
static int choose_level(const char *text, cli_ai_choice *c)
{
    ttt_difficulty level;
    if (same_word(text, PERFECT_NAME)) {
        level = TTT_DIFFICULTY_UNBEATABLE;
    } else if (ttt_difficulty_from_name(text, &level) != TTT_OK) {
        return 0;
    }
    c->opts.agent = TTT_AGENT_MINIMAX;
    c->preset = (int)level;
    return 1;
}

int cli_parse_difficulty(const char *command, const char *option, const char *text,
                         cli_ai_choice *c)
{
    if (choose_level(text, c)) return 1;
    ttt_ai_options *opts = &c->opts;
    double p = 0;
    numparse_result r = numparse_double(text, 0.0, 1.0, &p);
    if (r == NUMPARSE_NOT_NUMBER) {
        cli_usage_error(command,
                        _("%s: '%s' is neither a level (easy, medium, hard, unbeatable) "
                          "nor a mistake probability between 0 and 1"),
                        option, text);
        return 0;
    }
    if (r == NUMPARSE_RANGE) {
        cli_usage_error(command, _("%s: mistake probability %s is outside 0 to 1"), option, text);
        return 0;
    }
    /* A bare probability means the minimax agent with no level's tuning
     * (the design manual's mistake model). */
    opts->agent = TTT_AGENT_MINIMAX;
    opts->level = 0;
    opts->mistake_probability = p;
    c->preset = CLI_NO_PRESET;
    return 1;
}

int cli_parse_agent(const char *command, const char *option, const char *text, cli_ai_choice *c)
{
    if (choose_level(text, c)) return 1;
    /* The simple agents, by the engine's own names. */
    ttt_agent agent;
    /* minimax is chosen by level, not by name */
    if (ttt_agent_from_name(text, &agent) == TTT_OK && agent != TTT_AGENT_MINIMAX) {
        c->opts.agent = agent;
        c->opts.mistake_probability = 0.0;
        c->opts.level = 0;
        c->preset = CLI_NO_PRESET;
        return 1;
    }
    cli_usage_error(command,
                    _("%s: unknown agent '%s' (agents: perfect (or unbeatable), easy, medium, "
                      "hard, random, first-free, rules, threat)"),
                    option, text);
    return 0;
}

/* The step by which the generator (SplitMix64, rng.h) advances its state. */
#define SPLITMIX64_INCREMENT UINT64_C(0x9E3779B97F4A7C15)

uint64_t cli_seed_mix(uint64_t seed, uint64_t counter)
{
    /* The (counter + 1)-th output of the generator started at
     * `seed`, reached in one jump: its state only ever advances by a
     * constant. Consecutive counters give unrelated seeds. */
    game_rng r = {seed + counter * SPLITMIX64_INCREMENT};
    return game_rng_next(&r);
}
