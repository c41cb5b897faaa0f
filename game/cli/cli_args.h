/* cli_args.h - command-line parsing for `ttt`: the programs' option scanner
 * (argscan.h) with `ttt`'s way of reporting, and checked conversions of option values (numbers,
 * players, difficulty, agents). Every function that rejects something prints one line on stderr
 * saying which argument was wrong and why, so commands only pass the error on. */
#ifndef CLI_ARGS_H
#define CLI_ARGS_H

#include <stddef.h>
#include <stdint.h>

#include "argscan.h"
#include "ttt/ttt.h"

/* One option a command accepts (argscan.h): long name without the leading
 * "--", single-letter alias or 0, whether it takes a value. */
typedef argscan_option cli_option;

/* Walks a command's arguments (argv[0] is the command's name) with the
 * programs' scanner, reporting what it refuses as the command's usage
 * error. */
typedef struct cli_parser {
    argscan scan;
    const char *command; /* For messages: "play", "battle", ... */
} cli_parser;

/* What cli_parser_next() found, when it is not an option's table index. */
enum {
    CLI_ARG_END = ARGSCAN_END,              /* No arguments left. */
    CLI_ARG_ERROR = ARGSCAN_ERROR,          /* Unknown, abbreviated or valueless; reported. */
    CLI_ARG_POSITIONAL = ARGSCAN_POSITIONAL /* A plain argument, in *value. */
};

/* Starts walking @p argv for @p command. */
void cli_parser_init(cli_parser *p, int argc, char **argv, const char *command);

/* Returns the index in @p options of the next option (its value, if it
 * takes one, in *value), or one of the CLI_ARG_ codes; argscan_next() says
 * what is an option. A refused argument is reported (cli_usage_error). */
int cli_parser_next(cli_parser *p, const cli_option *options, size_t count, const char **value);

/* Reports a usage error as "ttt COMMAND: MESSAGE" plus a hint to --help,
 * the message escaped (textesc.h): it quotes what was typed. */
void cli_usage_error(const char *command, const char *format, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Reports that memory ran out as "ttt COMMAND: out of memory" and returns
 * CLI_EXIT_FAILURE (1): not a usage error. */
int cli_out_of_memory(const char *command);

/* Converts the whole of @p text to an integer in [min, max]. */
int cli_parse_int(const char *command, const char *option, const char *text, int min, int max,
                  int *out);

/* Converts the whole of @p text to an unsigned 64-bit seed. */
int cli_parse_seed(const char *command, const char *option, const char *text, uint64_t *out);

/* Reads "x" or "o" (any case). */
int cli_parse_player(const char *command, const char *option, const char *text, ttt_player *out);

/* Reads a board size and checks it is one the programs offer
 * (board_default_k). */
int cli_parse_size(const char *command, const char *option, const char *text, int *out);

/* A computer player chosen on the command line: a named level, whose
 * options depend on the board and so are set once the board is known
 * (cli_ai_choice_apply), or options given outright. */
typedef struct cli_ai_choice {
    ttt_ai_options opts; /* agent, mistake probability, depth limit, and the rest */
    int preset;          /* a ttt_difficulty to apply, or CLI_NO_PRESET */
} cli_ai_choice;

#define CLI_NO_PRESET (-1)

/* A choice of the level `level`, with options fresh from TTT_INIT(). */
void cli_ai_choice_init(cli_ai_choice *c, ttt_difficulty level);

/* Sets the choice's agent, mistake probability and depth limit for the
 * board, when it is a level (ttt_ai_options_preset); returns 0 only when
 * the engine refuses the board. */
int cli_ai_choice_apply(cli_ai_choice *c, int size, int k);

/* Sets @p c for a difficulty: a level's name ("easy", "medium", "hard",
 * "unbeatable", "perfect") or a mistake probability in [0, 1] ("0.25"). */
int cli_parse_difficulty(const char *command, const char *option, const char *text,
                         cli_ai_choice *c);

/* Sets @p c for a battle agent: "perfect"/"unbeatable", "easy", "medium",
 * "hard", "random", "first-free", "rules" or "threat". */
int cli_parse_agent(const char *command, const char *option, const char *text, cli_ai_choice *c);

/* A well-mixed 64-bit value from a seed and a counter (SplitMix64), so each
 * game and move gets its own repeatable seed. */
uint64_t cli_seed_mix(uint64_t seed, uint64_t counter);

#endif /* CLI_ARGS_H */
