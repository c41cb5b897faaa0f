/* cli_options.c - the options the `ttt` commands share (see cli_options.h). */
#include "cli_options.h"

#include "board_defaults.h"
#include "cli.h"

void cli_shared_init(cli_shared *sh, int default_time_ms, int max_time_ms)
{
    sh->size = TTT_MIN_SIZE;
    sh->size_given = false;
    sh->k_text = NULL;
    sh->time_ms = default_time_ms;
    sh->max_time_ms = max_time_ms;
}

bool cli_shared_read(cli_shared *sh, const char *command, cli_shared_option which,
                     const char *value)
{
    switch (which) {
    case CLI_SHARED_SIZE:
        if (!cli_parse_size(command, "--size", value, &sh->size)) return false;
        sh->size_given = true;
        return true;
    case CLI_SHARED_K:
        /* Read against the size once every option is in (cli_shared_k). */
        sh->k_text = value;
        return true;
    case CLI_SHARED_TIME:
        return cli_parse_int(command, "--time", value, 1, sh->max_time_ms, &sh->time_ms) != 0;
    }
    return false;
}

int cli_shared_k(const cli_shared *sh, const char *command, int size, int *k)
{
    int value = board_default_k(size);
    if (value == 0) return CLI_EXIT_FAILURE;
    if (sh->k_text && !cli_parse_int(command, "--k", sh->k_text, TTT_MIN_K, size, &value))
        return CLI_EXIT_USAGE;
    *k = value;
    return CLI_EXIT_OK;
}
