/*
 * app_online_seat.c - the online seat kept beside the settings (see
 * app_online_internal.h): the server set, and the room's server, code and
 * token, so that a game quit in the middle goes on at the next start. The
 * file is written on a thread of its own (the loop never waits on a disk).
 *
 * In the browser the seat is the tab's: kept in its sessionStorage (which
 * outlives a reload of that tab, not the tab), so a reload goes back into
 * the same seat while two tabs of one browser can still be the two players.
 */
#include "app_online.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_online_internal.h"

#ifdef TTT_HAVE_NET

#ifdef __EMSCRIPTEN__
#include "platform_web.h"
#else
#include "atomic_file.h"
#endif

#ifndef __EMSCRIPTEN__
typedef struct file_job {
    struct app_online *o;
    unsigned generation;
    online_file file;
} file_job;

/* The writer thread: a temporary file moved over the old one
 * (atomic_file_replace), unless a newer job has been made meanwhile. */
static int write_file_thread(void *data)
{
    file_job *job = data;
    struct app_online *o = job->o;
    /* Writers take turns on the disk (io_lock); the loop only ever takes
     * file_lock, briefly, never while a file is written. */
    SDL_LockMutex(o->io_lock);
    SDL_LockMutex(o->file_lock);
    bool newest = job->generation == o->file_generation;
    SDL_UnlockMutex(o->file_lock);
    if (newest) {
        /* atomic_file_replace(): rename() does not replace a file on
         * Windows, MoveFileEx does. */
        atomic_file_error e = {NULL, 0, false};
        if (!atomic_file_replace(job->file.path, job->file.text, strlen(job->file.text), ".tmp",
                                 &e))
            SDL_Log("Couldn't save the online seat to %s", job->file.path);
    }
    SDL_UnlockMutex(o->io_lock);
    free(job);
    SDL_LockMutex(o->file_lock);
    o->writers--;
    SDL_CondSignal(o->file_done);
    SDL_UnlockMutex(o->file_lock);
    return 0;
}

#endif /* !__EMSCRIPTEN__ */

/* The seat's text: the server set, then (when @p keep and a seat is
 * held) the room's server, code, token and hosted port. */
static void seat_text(const struct app_online *o, bool keep, char *text, size_t cap)
{
    int n = snprintf(text, cap, "[online]\nserver=%s\n", o->saved_server);
    if (keep && o->model.joined && o->model.token[0] && n > 0 && (size_t)n < cap)
        snprintf(text + n, cap - (size_t)n, "room_server=%s\ncode=%s\ntoken=%s\nhost_port=%d\n",
                 o->url, o->model.code, o->model.token, o->server ? o->host_port : 0);
}

/* Hands the seat (or its absence, when @p keep is false) to a writer
 * thread; in the browser to the tab's sessionStorage, at once (a
 * page's storage belongs to its main thread, the loop's). */
void online_seat_save(struct app_online *o, bool keep)
{
#ifdef __EMSCRIPTEN__
    char text[APP_ONLINE_TEXT_MAX + APP_ONLINE_URL_MAX];
    seat_text(o, keep, text, sizeof text);
    platform_web_seat_save(text);
#else
    if (!o->file_path[0] || !o->file_lock || !o->io_lock || !o->file_done) return;
    file_job *job = calloc(1, sizeof *job);
    if (!job) return;
    job->o = o;
    snprintf(job->file.path, sizeof job->file.path, "%s", o->file_path);
    seat_text(o, keep, job->file.text, sizeof job->file.text);
    SDL_LockMutex(o->file_lock);
    job->generation = ++o->file_generation;
    o->writers++;
    SDL_Thread *t = SDL_CreateThread(write_file_thread, "ttt-online-save", job);
    if (!t) {
        SDL_Log("Couldn't start the online seat's writer: %s", SDL_GetError());
        o->writers--;
        free(job);
    } else {
        SDL_DetachThread(t);
    }
    SDL_UnlockMutex(o->file_lock);
#endif
}

/* One key=value line of the seat into @p out (other lines are skipped). */
static void read_line(char *line, seat_file *out)
{
    line[strcspn(line, "\r\n")] = '\0';
    char *eq = strchr(line, '=');
    if (!eq) return;
    *eq = '\0';
    const char *v = eq + 1;
    if (strcmp(line, "server") == 0)
        snprintf(out->server, sizeof out->server, "%s", v);
    else if (strcmp(line, "room_server") == 0)
        snprintf(out->room_server, sizeof out->room_server, "%s", v);
    else if (strcmp(line, "code") == 0 && proto_code_valid(v))
        snprintf(out->code, sizeof out->code, "%s", v);
    else if (strcmp(line, "token") == 0 && proto_token_valid(v))
        snprintf(out->token, sizeof out->token, "%s", v);
    else if (strcmp(line, "host_port") == 0)
        out->host_port = atoi(v);
}

#ifdef __EMSCRIPTEN__
/* Reads the tab's seat at start: the same lines, from sessionStorage. */
static void read_kept(const struct app_online *o, seat_file *out)
{
    (void)o;
    char text[APP_ONLINE_TEXT_MAX + APP_ONLINE_URL_MAX];
    platform_web_seat_load(text, sizeof text);
    char *line = text;
    while (*line) {
        char *end = line + strcspn(line, "\n");
        bool last = *end == '\0';
        *end = '\0';
        read_line(line, out);
        if (last) break;
        line = end + 1;
    }
}
#else
/* Reads the token file at start. */
static void read_kept(const struct app_online *o, seat_file *out)
{
    if (!o->file_path[0]) return;
    FILE *f = fopen(o->file_path, "r");
    if (!f) return;
    char line[APP_ONLINE_URL_MAX + 32];
    while (fgets(line, sizeof line, f))
        read_line(line, out);
    fclose(f);
}
#endif

/* The settings file's directory + @p name, or "" without a settings file. */
void online_beside_settings(const app_state *app, const char *name, char *out, size_t cap)
{
    out[0] = '\0';
    const char *s = app->cfg.settings_path;
    if (!s) return;
    const char *slash = strrchr(s, '/');
#ifdef _WIN32
    const char *back = strrchr(s, '\\');
    if (back && (!slash || back > slash)) slash = back;
#endif
    int dir = slash ? (int)(slash - s + 1) : 0;
    snprintf(out, cap, "%.*s%s", dir, s, name);
}

void online_seat_open(app_state *app, seat_file *kept)
{
    struct app_online *o = app->online;
    o->file_lock = SDL_CreateMutex();
    o->file_done = SDL_CreateCond();
    o->io_lock = SDL_CreateMutex();
    online_beside_settings(app, ONLINE_FILE_NAME, o->file_path, sizeof o->file_path);
    memset(kept, 0, sizeof *kept);
    read_kept(o, kept);
}

void online_seat_close(struct app_online *o)
{
    /* The writers still running finish first (the seat is on disk). */
    if (o->file_lock) {
        SDL_LockMutex(o->file_lock);
        while (o->writers > 0 && o->file_done)
            SDL_CondWait(o->file_done, o->file_lock);
        SDL_UnlockMutex(o->file_lock);
        SDL_DestroyMutex(o->file_lock);
    }
    if (o->file_done) SDL_DestroyCond(o->file_done);
    if (o->io_lock) SDL_DestroyMutex(o->io_lock);
}

#else
/* Nothing to keep without online play (ISO C wants a declaration). */
typedef int app_online_seat_unused;
#endif /* TTT_HAVE_NET */
