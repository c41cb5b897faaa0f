/*
 * fuzz_args.c - libFuzzer target for both programs' option parsing. The
 * input is a command line: arguments separated by NUL bytes. Its first byte
 * picks the program:
 *   even: tictactoe's args_parse() (game/desktop/args.h), the whole parser
 *         the game runs, over saved settings;
 *   odd:  ttt's option scanner cli_parser_next() (argscan.h) with every
 *         option of the play, battle and analyze commands, and each value
 *         given to the converter those commands use for it (cli_parse_int,
 *         _size, _seed, _player, _difficulty, _agent; --size, --k and
 *         --time through cli_options.h, k checked at the end). (The commands' own parse functions
 *         are private to their files; the pieces they are built of are not.)
 * Checked: the parser ends; a run of tictactoe's gives settings within their
 * ranges and an error message exactly when it fails; ttt's converters leave
 * their output alone when they refuse, and what they accept is in range.
 * Messages go to stderr: run with -close_fd_mask=2 (the ctest test does).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "cli.h"
#include "cli_args.h"
#include "cli_options.h"

/* Arguments taken from one input at most. */
#define MAX_ARGS 32

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_args: %s\n", what);
    abort();
}

static void check_settings(const settings *s)
{
    if ((unsigned)s->mode >= SETTINGS_MODE_COUNT) fail("mode out of range");
    if (s->board_size < TTT_MIN_SIZE || s->board_size > TTT_MAX_SIZE) fail("size out of range");
    if (s->k < TTT_MIN_K || s->k > s->board_size) fail("k out of range");
    if (!(s->mistake_probability >= 0.0 && s->mistake_probability <= 1.0)) fail("p out of range");
    if (s->theme < 0 || s->theme >= SETTINGS_THEME_COUNT) fail("theme out of range");
    if (s->think_delay_ms < 0 || s->think_delay_ms > SETTINGS_MAX_THINK_DELAY_MS)
        fail("delay out of range");
}

static void fuzz_tictactoe(int argc, char **argv)
{
    static FILE *devnull;
    if (!devnull) devnull = fopen("/dev/null", "w");
    if (!devnull) fail("cannot open /dev/null");
    settings s;
    settings_defaults(&s);
    args_options opts;
    args_defaults(&opts);
    char err[256] = "";
    args_result r = args_parse(argc, argv, &s, &opts, devnull, err, sizeof err);
    if (!memchr(err, '\0', sizeof err)) fail("error message not terminated");
    if (r == ARGS_ERROR && err[0] == '\0') fail("an error without a message");
    if (r == ARGS_RUN) {
        check_settings(&s);
        if (opts.width < ARGS_MIN_WINDOW || opts.height < ARGS_MIN_WINDOW) fail("window too small");
        if (opts.quit_after_frames < 0 || opts.quit_after_games < 0) fail("negative quit count");
    }
}

/* Every option of ttt's commands (play, battle, analyze), and the converter
 * its value goes to. */
enum value_kind {
    V_NONE,
    V_INT,
    V_SIZE,
    V_SEED,
    V_PLAYER,
    V_DIFFICULTY,
    V_AGENT,
    V_TEXT,
    V_K,
    V_TIME
};
static const cli_option TTT_OPTIONS[] = {
    {"first", 0, 1},
    {"o-starts", 0, 0},
    CLI_OPTION_SIZE,
    CLI_OPTION_K,
    {"difficulty", 'd', 1},
    {"seed", 0, 1},
    {"opponent", 0, 1},
    CLI_OPTION_TIME,
    {"verbose", 'v', 0},
    {"verbose-depth", 0, 1},
    {"help", 'h', 0},
    {"x", 0, 1},
    {"o", 0, 1},
    {"games", 0, 1},
    {"alternate", 0, 0},
    {"turn", 0, 1},
    {"json", 0, 0},
};
#define TTT_OPTION_COUNT (sizeof TTT_OPTIONS / sizeof TTT_OPTIONS[0])
static const enum value_kind TTT_KINDS[TTT_OPTION_COUNT] = {
    V_TEXT, V_NONE, V_SIZE,  V_K,     V_DIFFICULTY, V_SEED, V_TEXT,   V_TIME, V_NONE,
    V_INT,  V_NONE, V_AGENT, V_AGENT, V_INT,        V_NONE, V_PLAYER, V_NONE,
};

static void fuzz_ttt(int argc, char **argv)
{
    cli_parser p;
    cli_parser_init(&p, argc, argv, "fuzz");
    const char *value = NULL;
    /* The shared options (cli_options.h), as the commands read them. */
    cli_shared shared;
    cli_shared_init(&shared, 1, 1000);
    for (int steps = 0;; steps++) {
        if (steps > argc + 1) fail("the option scanner does not end");
        int opt = cli_parser_next(&p, TTT_OPTIONS, TTT_OPTION_COUNT, &value);
        if (opt == CLI_ARG_END || opt == CLI_ARG_ERROR) break;
        if (opt == CLI_ARG_POSITIONAL) {
            if (!value) fail("a positional argument without its text");
            continue;
        }
        if (opt < 0 || (size_t)opt >= TTT_OPTION_COUNT) fail("an option index out of range");
        if (TTT_OPTIONS[opt].takes_value && !value) fail("an option without its value");
        int iv = -7;
        uint64_t seed = 7;
        ttt_player player = TTT_PLAYER_NONE;
        cli_ai_choice ai;
        cli_ai_choice_init(&ai, TTT_DIFFICULTY_UNBEATABLE);
        switch (TTT_KINDS[opt]) {
        case V_INT:
            if (cli_parse_int("fuzz", "--n", value, -5, 1000, &iv)) {
                if (iv < -5 || iv > 1000) fail("an int out of range accepted");
            } else if (iv != -7) {
                fail("a refused int changed the output");
            }
            break;
        case V_K:
            if (!cli_shared_read(&shared, "fuzz", CLI_SHARED_K, value)) fail("--k refused early");
            break;
        case V_TIME:
            if (cli_shared_read(&shared, "fuzz", CLI_SHARED_TIME, value) &&
                (shared.time_ms < 1 || shared.time_ms > 1000))
                fail("a time out of range accepted");
            break;
        case V_SIZE:
            if (cli_shared_read(&shared, "fuzz", CLI_SHARED_SIZE, value) &&
                (shared.size < TTT_MIN_SIZE || shared.size > TTT_MAX_SIZE))
                fail("a shared size out of range accepted");
            if (cli_parse_size("fuzz", "--size", value, &iv)) {
                if (iv < TTT_MIN_SIZE || iv > TTT_MAX_SIZE) fail("a size out of range accepted");
            } else if (iv != -7) {
                fail("a refused size changed the output");
            }
            break;
        case V_SEED:
            if (!cli_parse_seed("fuzz", "--seed", value, &seed) && seed != 7)
                fail("a refused seed changed the output");
            break;
        case V_PLAYER:
            if (cli_parse_player("fuzz", "--turn", value, &player)) {
                if (player != TTT_PLAYER_X && player != TTT_PLAYER_O) fail("not a player");
            } else if (player != TTT_PLAYER_NONE) {
                fail("a refused player changed the output");
            }
            break;
        case V_DIFFICULTY:
            if (cli_parse_difficulty("fuzz", "--difficulty", value, &ai) &&
                (!cli_ai_choice_apply(&ai, 3, 3) ||
                 !(ai.opts.mistake_probability >= 0.0 && ai.opts.mistake_probability <= 1.0)))
                fail("a mistake probability out of range accepted");
            break;
        case V_AGENT:
            if (cli_parse_agent("fuzz", "--x", value, &ai) &&
                (!cli_ai_choice_apply(&ai, 3, 3) || ai.opts.agent < 0 ||
                 (int)ai.opts.agent >= ttt_agent_count()))
                fail("an agent out of range accepted");
            break;
        case V_TEXT:
        case V_NONE: break;
        }
    }
    int k = -7;
    int st = cli_shared_k(&shared, "fuzz", shared.size, &k);
    if (st == CLI_EXIT_OK && (k < TTT_MIN_K || k > shared.size)) fail("a k out of range accepted");
    if (st != CLI_EXIT_OK && k != -7) fail("a refused k changed the output");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    int program = data[0] % 2;
    /* A NUL-terminated copy, split at NULs into argv (argv[0] is the name). */
    char *copy = malloc(size);
    if (!copy) return 0;
    memcpy(copy, data + 1, size - 1);
    copy[size - 1] = '\0';
    /* Writable program names: argv's strings may be changed by a parser. */
    static char name_ttt[] = "ttt", name_tictactoe[] = "tictactoe";
    char *argv[MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = program ? name_ttt : name_tictactoe;
    for (size_t at = 0; at < size - 1 && argc <= MAX_ARGS; at += strlen(copy + at) + 1)
        argv[argc++] = copy + at;
    argv[argc] = NULL;
    if (program)
        fuzz_ttt(argc, argv);
    else
        fuzz_tictactoe(argc, argv);
    free(copy);
    return 0;
}
