/*
 * argscan.c - the command-line scanner of both programs (see argscan.h).
 * Long options are matched whole: getopt_long's habit of taking any
 * unambiguous start of a name would make `--s` mean `--size` today and an
 * error once a `--seed` is added, so a script that works could stop
 * working with a new release. The messages are those both programs gave
 * before they shared this scanner.
 */
#include "argscan.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"

/* Room for the options an abbreviation could have meant, "--seed, --size"
 * (cut, whole names only, when there are many). */
#define SUGGESTIONS_BYTES 160
/* Room for an option's name as a message shows it: "--" or "-", the
 * longest name quoted (ARGSCAN_QUOTED_MAX) and the NUL. */
#define SHOWN_NAME_BYTES (ARGSCAN_QUOTED_MAX + 3)

void argscan_init(argscan *s, int argc, char *const *argv)
{
    memset(s, 0, sizeof *s);
    s->argc = argc;
    s->argv = argv;
    s->next = 1; /* argv[0] names the program or the command */
    s->bad_option = -1;
}

/* An option is "--letter..." or "-letter..."; "-", "--" (handled by the
 * caller) and text such as "---------" or "-1" are arguments. */
static bool looks_like_option(const char *arg)
{
    if (arg[0] != '-') return false;
    if (arg[1] == '-') return isalpha((unsigned char)arg[2]) != 0;
    return isalpha((unsigned char)arg[1]) != 0;
}

/* The name part of @p arg: after its dashes, up to '=' or the end. */
static const char *name_of(const char *arg, size_t *len, bool *is_short)
{
    *is_short = arg[1] != '-';
    const char *name = *is_short ? arg + 1 : arg + 2;
    const char *equals = strchr(name, '=');
    *len = equals ? (size_t)(equals - name) : strlen(name);
    return name;
}

/* Whether a name @p len bytes long at @p name starts @p option's long name
 * without being all of it. */
static bool abbreviates(const argscan_option *option, const char *name, size_t len)
{
    return option->name && strlen(option->name) > len && strncmp(option->name, name, len) == 0;
}

static int refuse(argscan *s, argscan_error why, const char *arg, int option)
{
    s->error = why;
    s->bad_arg = arg;
    s->bad_option = option;
    return ARGSCAN_ERROR;
}

int argscan_next(argscan *s, const argscan_option *options, size_t count, const char **value)
{
    *value = NULL;
    s->error = ARGSCAN_OK;
    s->bad_arg = NULL;
    s->bad_option = -1;
    if (s->next >= s->argc) return ARGSCAN_END;
    const char *arg = s->argv[s->next++];
    if (!s->options_ended && strcmp(arg, "--") == 0) {
        s->options_ended = true;
        if (s->next >= s->argc) return ARGSCAN_END;
        arg = s->argv[s->next++];
    }
    if (s->options_ended || !looks_like_option(arg)) {
        *value = arg;
        return ARGSCAN_POSITIONAL;
    }

    size_t len = 0;
    bool is_short = false;
    const char *name = name_of(arg, &len, &is_short);
    const char *equals = name[len] == '=' ? name + len + 1 : NULL;
    bool abbreviation = false;
    for (size_t i = 0; i < count; i++) {
        const argscan_option *o = &options[i];
        bool match = is_short
                         ? (o->short_name != 0 && len == 1 && name[0] == o->short_name)
                         : (o->name && strlen(o->name) == len && strncmp(o->name, name, len) == 0);
        if (!match) {
            if (!is_short && abbreviates(o, name, len)) abbreviation = true;
            continue;
        }
        if (!o->takes_value) {
            if (equals) return refuse(s, ARGSCAN_UNEXPECTED_VALUE, arg, (int)i);
            return (int)i;
        }
        if (equals) {
            *value = equals;
        } else if (s->next < s->argc) {
            *value = s->argv[s->next++];
        } else {
            return refuse(s, ARGSCAN_MISSING_VALUE, arg, (int)i);
        }
        return (int)i;
    }
    return refuse(s, abbreviation ? ARGSCAN_ABBREVIATED : ARGSCAN_UNKNOWN, arg, -1);
}

/* How a message names @p o: "--name", or "-c" for an option without a
 * long name. */
static void option_shown(const argscan_option *o, char *buf, size_t cap)
{
    if (o->name)
        snprintf(buf, cap, "--%.*s", ARGSCAN_QUOTED_MAX, o->name);
    else
        snprintf(buf, cap, "-%c", o->short_name);
}

/* "--seed, --size": the options whose names @p name (@p len bytes) starts,
 * in the table's order, as many as fit @p cap whole. */
static void suggestions(const argscan_option *options, size_t count, const char *name, size_t len,
                        char *buf, size_t cap)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < count; i++) {
        if (!abbreviates(&options[i], name, len)) continue;
        const char *sep = used ? ", " : "";
        int n = snprintf(buf + used, cap - used, "%s--%s", sep, options[i].name);
        if (n < 0 || (size_t)n >= cap - used) {
            buf[used] = '\0'; /* only whole names */
            break;
        }
        used += (size_t)n;
    }
}

char *argscan_message(const argscan *s, const argscan_option *options, size_t count, char *buf,
                      size_t cap)
{
    if (cap == 0) return buf;
    buf[0] = '\0';
    if (s->error == ARGSCAN_OK || !s->bad_arg) return buf;
    const char *arg = s->bad_arg;
    size_t len = 0;
    bool is_short = false;
    const char *name = name_of(arg, &len, &is_short);
    /* The option as typed, without its value: "--siz" of "--siz=4". */
    size_t typed_len = (size_t)(name - arg) + len;
    char shown[SHOWN_NAME_BYTES] = "";
    if (s->bad_option >= 0 && (size_t)s->bad_option < count)
        option_shown(&options[s->bad_option], shown, sizeof shown);

    switch (s->error) {
    case ARGSCAN_UNKNOWN:
        if (typed_len > ARGSCAN_QUOTED_MAX) {
            /* TRANSLATORS: an option too long to show whole: its first 40
               characters, then "...". */
            snprintf(buf, cap, _("unknown option '%.40s...'"), arg);
        } else {
            char typed[SHOWN_NAME_BYTES];
            snprintf(typed, sizeof typed, "%.*s", (int)typed_len, arg);
            snprintf(buf, cap, _("unknown option '%s'"), typed);
        }
        break;
    case ARGSCAN_ABBREVIATED: {
        char typed[SHOWN_NAME_BYTES], names[SUGGESTIONS_BYTES];
        snprintf(typed, sizeof typed, "%.*s", (int)typed_len, arg);
        suggestions(options, count, name, len, names, sizeof names);
        /* TRANSLATORS: the first %s is an option as typed (--siz), the
           second the options it is the start of (--size, or --seed, --size). */
        snprintf(buf, cap, _("unknown option '%s': options are not abbreviated (did you mean %s?)"),
                 typed, names);
        break;
    }
    case ARGSCAN_MISSING_VALUE: snprintf(buf, cap, _("option %s needs a value"), shown); break;
    case ARGSCAN_UNEXPECTED_VALUE: snprintf(buf, cap, _("option %s takes no value"), shown); break;
    case ARGSCAN_OK: break;
    }
    return buf;
}
