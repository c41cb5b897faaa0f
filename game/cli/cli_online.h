/* cli_online.h - `ttt online`, built only where the online client library
 * is (TTT_HAVE_ONLINE; not for Windows or the browser). */
#ifndef CLI_ONLINE_H
#define CLI_ONLINE_H

/* Takes the arguments after "online" (argv[0] is "online"); returns the
 * exit status (cli.h). */
int cli_online_main(int argc, char **argv);

#endif /* CLI_ONLINE_H */
