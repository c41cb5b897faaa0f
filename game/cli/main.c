/* main.c - entry point of `ttt`, the terminal program: picks the command
 * and leaves the work to cli_play.c, cli_battle.c, cli_analyze.c,
 * cli_review.c and cli_puzzle.c. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#ifdef TTT_HAVE_ONLINE
#include "cli_online.h"
#endif
#include "i18n.h"
#include "platform.h"
#include "textesc.h"
#include "ttt/ttt.h"

static const char MAIN_HELP[] =
    N_("Usage: ttt COMMAND [OPTIONS]\n"
       "\n"
       "Tic-tac-toe in the terminal, on boards from 3x3 to 8x8.\n"
       "\n"
       "Commands:\n"
       "  play      play against the computer or a friend\n"
       "  battle    let two computer players play each other N times\n"
       "  analyze   show the value of a position and of every free square\n"
       "  review    go through a game record's moves with the solver's verdicts\n"
       "  puzzle    find the one winning move: puzzles the solver made and proved\n"
       "\n"
       "Options:\n"
       "  -h, --help     show this help; 'ttt COMMAND --help' shows a command's\n"
       "  -V, --version  show the program's and the engine's version\n"
       "\n"
       "Examples:\n"
       "  ttt play --difficulty medium\n"
       "  ttt play --size 4 --first computer --verbose\n"
       "  ttt battle --x perfect --o random --games 1000 --seed 42\n"
       "  ttt analyze \"x.. .o. ...\" --json\n"
       "  ttt play --save game.ttt; ttt review game.ttt\n"
       "  ttt puzzle --daily\n"
       "\n"
       "Exit status: 0 on success, 2 for bad arguments (with a message on stderr\n"
       "and nothing on stdout), 130 after Ctrl-C, 1 on other failures.\n");

/* One command: its name and entry point. */
typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
} cli_command;

/* clang-format off */
static const cli_command COMMANDS[] = {
    {"play", cli_play_main},
    {"battle", cli_battle_main},
    {"analyze", cli_analyze_main},
    {"review", cli_review_main},
    {"puzzle", cli_puzzle_main},
#ifdef TTT_HAVE_ONLINE
    {"online", cli_online_main},
#endif
};
/* clang-format on */

int cli_finish(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        /* Output went nowhere (a closed pipe, a full disk): say so and fail. */
        (void)fprintf(stderr, "%s\n", _("ttt: cannot write the output"));
        return status == CLI_EXIT_OK ? CLI_EXIT_FAILURE : status;
    }
    return status;
}

int main(int argc, char **argv)
{
    /* A console that shows UTF-8 (Windows); messages in the user's
     * language, from the catalogues beside the executable or installed
     * with it (i18n.h). */
    platform_console_init();
    i18n_init("ttt", NULL, I18N_CHARSET_LOCALE);
    if (argc < 2) {
        (void)fprintf(stderr, "%s\n",
                      _("ttt: missing COMMAND (play, battle, analyze, review or puzzle)\n"
                        "(see 'ttt --help')"));
        return CLI_EXIT_USAGE;
    }
    const char *arg = argv[1];
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0 || strcmp(arg, "help") == 0) {
        fputs(_(MAIN_HELP), stdout);
#ifdef TTT_HAVE_ONLINE
        fputs("\n", stdout);
        fputs(_("Online (a friend on another device, through ttt-server):\n"
                "  online    create, join or watch a room ('ttt online --help')\n"),
              stdout);
#endif
        return cli_finish(CLI_EXIT_OK);
    }
    if (strcmp(arg, "--version") == 0 || strcmp(arg, "-V") == 0) {
        /* The version compiled against and the one actually linked. */
        printf(_("ttt %s (engine %s)\n"), TTT_VERSION_STRING, ttt_version());
        return cli_finish(CLI_EXIT_OK);
    }
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (strcmp(arg, COMMANDS[i].name) == 0) return COMMANDS[i].run(argc - 1, argv + 1);
    textesc_printf(stderr,
                   _("ttt: unknown command '%s' (commands: play, battle, analyze, review, puzzle)"),
                   arg);
    (void)fprintf(stderr, "\n");
    (void)fprintf(stderr, "%s\n", _("(see 'ttt --help')"));
    return CLI_EXIT_USAGE;
}
