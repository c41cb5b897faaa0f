/* main.c - ttt-server's command line: options into a srv_config, then
 * srv_run(). Exit status 0 after a clean stop (SIGINT, SIGTERM), 1 on a
 * failure at run time, 2 for bad arguments. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto.h"
#include "server.h"
#include "ttt/version.h"

/* The port when none is given: an unassigned one near libwebsockets' 7681. */
#define DEFAULT_PORT 7682
#define DEFAULT_DB "ttt-server.db"

static void usage(FILE *out)
{
    size_t i;
    fprintf(out,
            "Usage: ttt-server [OPTIONS]\n"
            "\n"
            "The tic-tac-toe game server: rooms of two players and any number of\n"
            "watchers over WebSocket (docs/protocol.md), every move checked by the\n"
            "engine and committed to a SQLite database before it is acknowledged.\n"
            "\n"
            "Options:\n"
            "  --port N          listen on port N (default %d; 0: any free port,\n"
            "                    named in the start line)\n"
            "  --bind ADDR       listen on this address only (default: all)\n"
            "  --db FILE         the database (default %s; created if missing)\n"
            "  --web DIR         also serve the files in DIR (the web game) at /\n"
            "  --shard CHARS     make only room codes that begin with one of CHARS\n"
            "                    (letters of %s), for a proxy in front\n"
            "                    of several servers that routes rooms by their\n"
            "                    first character (docs/server.md)\n"
            "  --proxy ADDR      connections from ADDR come through a reverse proxy:\n"
            "                    each counts as the address its X-Forwarded-For\n"
            "                    header ends with (the per-address limits, the log)\n"
            "  --limit NAME=N    change a limit (below); may be repeated\n"
            "  -h, --help        show this help\n"
            "  -V, --version     show the version\n"
            "\n"
            "Limits (NAME, default, meaning):\n",
            DEFAULT_PORT, DEFAULT_DB, PROTO_CODE_ALPHABET);
    for (i = 0; i < srv_limit_count; i++) {
        fprintf(out, "  %-21s %7d  %s\n", srv_limit_table[i].name, srv_limit_table[i].def,
                srv_limit_table[i].help);
    }
    fprintf(out, "\nExit status: 0 after SIGINT or SIGTERM, 1 on failure, 2 for bad arguments.\n");
}

/* Non-zero when @p shard is letters of the code alphabet, none twice. */
static int shard_valid(const char *shard)
{
    size_t i;
    for (i = 0; shard[i] != '\0'; i++) {
        if (strchr(PROTO_CODE_ALPHABET, shard[i]) == NULL || strchr(shard + i + 1, shard[i])) {
            return 0;
        }
    }
    return i > 0;
}

static int bad(const char *what, const char *arg)
{
    fprintf(stderr, "ttt-server: %s%s\nTry 'ttt-server --help'.\n", what, arg);
    return 2;
}

int main(int argc, char **argv)
{
    srv_config cfg;
    char err[256];
    int i;

    memset(&cfg, 0, sizeof cfg);
    cfg.port = DEFAULT_PORT;
    cfg.db_path = DEFAULT_DB;
    srv_limits_default(&cfg.limits);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return fflush(stdout) == 0 ? 0 : 1;
        } else if (strcmp(a, "-V") == 0 || strcmp(a, "--version") == 0) {
            printf("ttt-server %s\n", TTT_VERSION_STRING);
            return fflush(stdout) == 0 ? 0 : 1;
        } else if (strcmp(a, "--port") == 0 || strcmp(a, "--bind") == 0 || strcmp(a, "--db") == 0 ||
                   strcmp(a, "--web") == 0 || strcmp(a, "--limit") == 0 ||
                   strcmp(a, "--shard") == 0 || strcmp(a, "--proxy") == 0) {
            if (v == NULL || v[0] == '\0') {
                return bad("this option needs a value: ", a);
            }
            i++;
            if (strcmp(a, "--port") == 0) {
                char *end;
                long p;
                errno = 0;
                p = strtol(v, &end, 10);
                if (errno != 0 || *end != '\0' || p < 0 || p > 65535) {
                    return bad("--port wants a number from 0 to 65535, not ", v);
                }
                cfg.port = (int)p;
            } else if (strcmp(a, "--bind") == 0) {
                cfg.bind = v;
            } else if (strcmp(a, "--db") == 0) {
                cfg.db_path = v;
            } else if (strcmp(a, "--web") == 0) {
                cfg.web_dir = v;
            } else if (strcmp(a, "--shard") == 0) {
                if (!shard_valid(v)) {
                    return bad("--shard wants letters of " PROTO_CODE_ALPHABET ", none twice, not ",
                               v);
                }
                cfg.shard = v;
            } else if (strcmp(a, "--proxy") == 0) {
                if (strspn(v, "0123456789abcdefABCDEF.:") != strlen(v)) {
                    return bad("--proxy wants an IP address, as the log shows it, not ", v);
                }
                cfg.proxy = v;
            } else if (srv_limits_set(&cfg.limits, v, err, sizeof err) != 0) {
                return bad(err, "");
            }
        } else {
            return bad("unknown argument ", a);
        }
    }
    return srv_run(&cfg);
}
