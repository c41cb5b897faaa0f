/* cli_record.c - reading and writing game record files (see cli_record.h). */
#include "cli_record.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_args.h"
#include "i18n.h"
#include "textesc.h"

/* The whole of @p f, at most RECORD_MAX_BYTES + 1 bytes (one more than a
 * record may have, so a larger file is refused as such), in a malloc'd
 * buffer; NULL with errno set on a read error or ENOMEM. */
static char *read_all(FILE *f, size_t *len)
{
    size_t cap = RECORD_MAX_BYTES + 1, used = 0;
    char *buf = malloc(cap);
    if (!buf) {
        errno = ENOMEM;
        return NULL;
    }
    while (used < cap) {
        size_t n = fread(buf + used, 1, cap - used, f);
        used += n;
        if (n == 0) break;
    }
    if (ferror(f)) {
        int saved = errno ? errno : EIO;
        free(buf);
        errno = saved;
        return NULL;
    }
    *len = used;
    return buf;
}

int cli_read_record(const char *command, const char *path, record *out)
{
    int from_stdin = strcmp(path, "-") == 0;
    errno = 0;
    FILE *f = from_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        /* TRANSLATORS: %s is the file's name; the reason follows. */
        cli_usage_error(command, _("cannot read '%s': %s"), path, strerror(errno));
        return CLI_EXIT_USAGE;
    }
    size_t len = 0;
    char *text = read_all(f, &len);
    int err = errno;
    if (!from_stdin) fclose(f);
    if (!text) {
        if (err == ENOMEM) return cli_out_of_memory(command);
        cli_usage_error(command, _("cannot read '%s': %s"), path, strerror(err));
        return CLI_EXIT_USAGE;
    }
    record_error why;
    int ok = record_parse(text, len, out, &why);
    free(text);
    if (!ok) {
        /* TRANSLATORS: a game record that was refused: the file's name,
           the line and the reason. */
        cli_usage_error(command, _("%s: line %d: %s"), path, why.line, why.reason);
        return CLI_EXIT_USAGE;
    }
    return CLI_EXIT_OK;
}

int cli_write_record(const char *command, const char *path, const record *r)
{
    char text[RECORD_TEXT_MAX];
    size_t len = record_write(r, text, sizeof text);
    size_t n = strlen(path) + 5;
    char *tmp = malloc(n);
    if (!tmp) {
        cli_out_of_memory(command);
        return 0;
    }
    snprintf(tmp, n, "%s.tmp", path);
    errno = 0;
    FILE *f = fopen(tmp, "wb");
    int ok = f && fwrite(text, 1, len, f) == len;
    if (f && fclose(f) != 0) ok = 0;
    int err = errno;
#ifdef _WIN32
    if (ok) remove(path); /* rename() does not replace a file on Windows */
#endif
    if (ok && rename(tmp, path) != 0) {
        ok = 0;
        err = errno;
    }
    if (!ok) {
        remove(tmp);
        fprintf(stderr, "ttt %s: ", command);
        /* TRANSLATORS: %s is the file's name; the system's reason follows. */
        textesc_printf(stderr, _("cannot write the game record '%s': %s"), path,
                       strerror(err ? err : EIO));
        fputc('\n', stderr);
    }
    free(tmp);
    return ok;
}
