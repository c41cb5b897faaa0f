/* cli_online_seat.h - the file where `ttt online` keeps the seat it holds
 * (the server, the room's code and the seat's token), so `ttt online
 * resume`, or `join` with the same code, takes the seat back after the
 * program was closed: TTT_ONLINE_STATE, or $XDG_STATE_HOME/ttt/online
 * (~/.local/state/ttt/online; %LOCALAPPDATA%\ttt\online on Windows). */
#ifndef TTT_CLI_ONLINE_SEAT_H
#define TTT_CLI_ONLINE_SEAT_H

#include "proto.h"

/* The longest server URL kept, with its terminating NUL. */
#define ONLINE_URL_MAX 512

/* Reads the kept seat into @p code and @p token: 0 when there is one for
 * @p server, or, when @p server_given is 0, for any server (then @p server
 * becomes the kept one); -1 when there is none (nothing is changed). */
int online_seat_load(char server[ONLINE_URL_MAX], int server_given, char code[PROTO_CODE_LEN + 1],
                     char token[PROTO_TOKEN_LEN + 1]);

/* Keeps the seat (replacing the one kept before, readable by the user
 * alone); says on standard error when it cannot. */
void online_seat_save(const char *server, const char *code, const char *token);

#endif /* TTT_CLI_ONLINE_SEAT_H */
