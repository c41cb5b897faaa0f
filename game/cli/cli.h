/* cli.h - what every part of the terminal program `ttt` shares: exit
 * statuses and the entry point of each command. */
#ifndef CLI_H
#define CLI_H

/* Exit statuses, documented in `ttt --help` and docs/cli.md. */
enum {
    CLI_EXIT_OK = 0,           /* The command did what was asked (a game ended or was left). */
    CLI_EXIT_FAILURE = 1,      /* Something failed at run time: memory, writing output. */
    CLI_EXIT_USAGE = 2,        /* Bad arguments or an unparseable board; nothing on stdout. */
    CLI_EXIT_INTERRUPTED = 130 /* Ctrl-C: the shell's convention, 128 + SIGINT. */
};

/* Each command takes the arguments after its name (argv[0] is the command
 * name) and returns an exit status. */
int cli_play_main(int argc, char **argv);
int cli_battle_main(int argc, char **argv);
int cli_analyze_main(int argc, char **argv);
int cli_review_main(int argc, char **argv);
int cli_puzzle_main(int argc, char **argv);

/* Checks that everything written to stdout reached it; reports a failure
 * on stderr. Returns @p status unchanged, or CLI_EXIT_FAILURE on a write
 * error, so a command can end with `return cli_finish(status);`. */
int cli_finish(int status);

#endif /* CLI_H */
