/* cli_record.h - game record files for `ttt review` and `ttt play
 * --resume/--save`: reading one (a missing, unreadable or malformed file is
 * reported on stderr with the file's name, the line and the reason) and
 * writing one. The format is game/common/record.h's. */
#ifndef CLI_RECORD_H
#define CLI_RECORD_H

#include "record.h"

/* Reads the record in @p path ("-" for standard input) into @p out.
 * Returns CLI_EXIT_OK, or CLI_EXIT_USAGE after reporting why as
 * "ttt COMMAND: PATH: line N: REASON" (or the system's reason), or
 * CLI_EXIT_FAILURE when memory ran out. */
int cli_read_record(const char *command, const char *path, record *out);

/* Writes @p r to @p path, replacing it: to PATH.tmp first, then renamed
 * over it, so an interrupted write leaves the old file. Returns 1, or 0
 * after reporting why on stderr. */
int cli_write_record(const char *command, const char *path, const record *r);

#endif /* CLI_RECORD_H */
