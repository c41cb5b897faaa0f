/* cli_online_seat.c - the file that keeps `ttt online`'s seat
 * (cli_online_seat.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef _WIN32
#include <direct.h>
#include <windows.h>
#define online_mkdir(dir) _mkdir(dir)
#else
#define online_mkdir(dir) mkdir(dir, 0700)
#endif

#include "cli_online_seat.h"
#include "i18n.h"
#include "proto.h"

#define ONLINE_PATH_MAX 1024

/* The file that keeps the seat: TTT_ONLINE_STATE, or the XDG state dir
 * (%LOCALAPPDATA%\ttt on Windows). */
static int online_state_path(char *buf, size_t cap, int make_dir)
{
    const char *env = getenv("TTT_ONLINE_STATE");
    char dir[ONLINE_PATH_MAX];
    if (env != NULL && env[0] != '\0') {
        return snprintf(buf, cap, "%s", env) < (int)cap ? 0 : -1;
    }
#ifdef _WIN32
    {
        /* %LOCALAPPDATA%\ttt: the seat belongs to this machine. */
        const char *local = getenv("LOCALAPPDATA");
        if (local == NULL || local[0] == '\0') {
            return -1;
        }
        snprintf(dir, sizeof dir, "%s/ttt", local);
    }
#else
    {
        const char *xdg = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
        if (xdg != NULL && xdg[0] == '/') {
            snprintf(dir, sizeof dir, "%s/ttt", xdg);
        } else if (home != NULL && home[0] != '\0') {
            snprintf(dir, sizeof dir, "%s/.local/state/ttt", home);
        } else {
            return -1;
        }
    }
#endif
    if (make_dir) {
        /* Each level of ~/.local/state/ttt, quietly if it exists. */
        char *p;
        for (p = dir + 1; *p; p++) {
            if (*p == '/') {
                *p = '\0';
                (void)online_mkdir(dir);
                *p = '/';
            }
        }
        (void)online_mkdir(dir);
    }
    return snprintf(buf, cap, "%s/online", dir) < (int)cap ? 0 : -1;
}

/* Reads the kept seat: 0 when there is one for @p server, or for any
 * server when @p server_given is 0 (then @p server becomes the kept one). */
int online_seat_load(char server[ONLINE_URL_MAX], int server_given, char code[PROTO_CODE_LEN + 1],
                     char token[PROTO_TOKEN_LEN + 1])
{
    char path[ONLINE_PATH_MAX], url[ONLINE_URL_MAX], c[32], t[64];
    FILE *f;
    int ok;
    if (online_state_path(path, sizeof path, 0) != 0 || (f = fopen(path, "r")) == NULL) {
        return -1;
    }
    ok = fscanf(f, "server %511s\ncode %31s\ntoken %63s\n", url, c, t) == 3 &&
         (!server_given || strcmp(url, server) == 0) && proto_code_valid(c) && proto_token_valid(t);
    fclose(f);
    if (!ok) {
        return -1;
    }
    if (!server_given) {
        snprintf(server, ONLINE_URL_MAX, "%s", url);
    }
    memcpy(code, c, PROTO_CODE_LEN + 1);
    memcpy(token, t, PROTO_TOKEN_LEN + 1);
    return 0;
}

void online_seat_save(const char *server, const char *code, const char *token)
{
    char path[ONLINE_PATH_MAX], tmp[ONLINE_PATH_MAX + 8];
    FILE *f;
    if (online_state_path(path, sizeof path, 1) != 0) {
        return;
    }
    snprintf(tmp, sizeof tmp, "%s.new", path);
    f = fopen(tmp, "w");
    if (f == NULL) {
        fprintf(stderr, _("ttt online: cannot keep the seat in %s: %s\n"), tmp, strerror(errno));
        return;
    }
    (void)chmod(tmp, 0600); /* the token is the seat: the user's alone */
    fprintf(f, "server %s\ncode %s\ntoken %s\n", server, code, token);
#ifdef _WIN32
    /* rename() does not replace a file on Windows. */
    if (fclose(f) != 0 || !MoveFileExA(tmp, path, MOVEFILE_REPLACE_EXISTING)) {
#else
    if (fclose(f) != 0 || rename(tmp, path) != 0) {
#endif
        fprintf(stderr, _("ttt online: cannot keep the seat in %s\n"), path);
    }
}
