/*
 * app_testhook.c - the test-only standard input/output hook (see
 * app_testhook.h): commands in on a reader thread, the game's state out
 * each pass it changed.
 */
#include "app_testhook.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_online.h"
#include "layout.h"

/* Longest command line, and how many may wait for the loop. */
#define HOOK_LINE_MAX 512
#define HOOK_QUEUE 16
/* Room for the state's line: the board, the status, the fields. */
#define HOOK_STATE_MAX (TTT_MAX_SQUARES + VIEW_STATUS_MAX + 128)

/* The hook: one per process (only the game's own run turns it on). The
 * reader thread and the loop share the queue under the lock. */
static struct {
    bool on;
    SDL_mutex *lock;
    Uint32 wake_event; /* pushed after each line, so the loop's wait ends */
    char lines[HOOK_QUEUE][HOOK_LINE_MAX];
    int head, count;
    bool eof;
    char printed[HOOK_STATE_MAX];
} hook;

/* The reader: blocks on standard input, never on the loop. Detached; it
 * ends at end of input (at exit it is left blocked, and the lock with it). */
static int reader(void *data)
{
    (void)data;
    char line[HOOK_LINE_MAX];
    for (;;) {
        bool got = fgets(line, sizeof line, stdin) != NULL;
        SDL_LockMutex(hook.lock);
        if (!got) {
            hook.eof = true;
        } else if (hook.count < HOOK_QUEUE) {
            line[strcspn(line, "\r\n")] = '\0';
            snprintf(hook.lines[(hook.head + hook.count) % HOOK_QUEUE], HOOK_LINE_MAX, "%s", line);
            hook.count++;
        } else {
            fprintf(stdout, "error too many commands waiting: %s", line);
            fflush(stdout);
        }
        SDL_UnlockMutex(hook.lock);
        SDL_Event ev;
        SDL_zero(ev);
        ev.type = hook.wake_event;
        SDL_PushEvent(&ev);
        if (!got) return 0;
    }
}

void app_testhook_init(app_state *app)
{
    (void)app;
    const char *env = getenv("TTT_TEST_STDIO");
    if (hook.on || !env || strcmp(env, "1") != 0) return;
    hook.lock = SDL_CreateMutex();
    hook.wake_event = SDL_RegisterEvents(1);
    if (!hook.lock || hook.wake_event == (Uint32)-1) {
        SDL_Log("TTT_TEST_STDIO: cannot start the hook: %s", SDL_GetError());
        return;
    }
    SDL_Thread *t = SDL_CreateThread(reader, "ttt-test-stdio", NULL);
    if (!t) {
        SDL_Log("TTT_TEST_STDIO: cannot start the reader: %s", SDL_GetError());
        return;
    }
    SDL_DetachThread(t);
    hook.on = true;
}

/* A left click at the middle of square (@p row, @p col), as the mouse's
 * events (window points), taken by the next pass's input. */
static bool click_square(app_state *app, int row, int col)
{
    int size = app->view.game.size;
    if (row < 0 || col < 0 || row >= size || col >= size) return false;
    float cx, cy;
    layout_square_center(&app->layout, row, col, &cx, &cy);
    int x = app->out_w ? (int)cx * app->win_w / app->out_w : (int)cx;
    int y = app->out_h ? (int)cy * app->win_h / app->out_h : (int)cy;
    Uint32 id = SDL_GetWindowID(app->window);
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_MOUSEMOTION;
    ev.motion.windowID = id;
    ev.motion.x = x;
    ev.motion.y = y;
    bool ok = SDL_PushEvent(&ev) == 1;
    SDL_zero(ev);
    ev.type = SDL_MOUSEBUTTONDOWN;
    ev.button.windowID = id;
    ev.button.button = SDL_BUTTON_LEFT;
    ev.button.state = SDL_PRESSED;
    ev.button.clicks = 1;
    ev.button.x = x;
    ev.button.y = y;
    ok = SDL_PushEvent(&ev) == 1 && ok;
    ev.type = SDL_MOUSEBUTTONUP;
    ev.button.state = SDL_RELEASED;
    return SDL_PushEvent(&ev) == 1 && ok;
}

static void run_command(app_state *app, const char *line)
{
    int row, col;
    char end;
    if (strcmp(line, "online create") == 0) {
        app_online_create(app);
    } else if (strncmp(line, "online join ", 12) == 0) {
        app_online_join(app, line + 12);
    } else if (strcmp(line, "online rematch") == 0) {
        app_online_rematch(app);
    } else if (sscanf(line, "square %d %d %c", &row, &col, &end) == 2) {
        if (!click_square(app, row, col)) printf("error no square %d %d\n", row, col);
    } else if (strcmp(line, "quit") == 0) {
        app->quit = true;
    } else {
        printf("error unknown command: %s\n", line);
    }
    app->redraw = true;
}

/* The state's line, into @p buf. */
static void state_line(const app_state *app, char *buf, size_t cap)
{
    const view_game *v = &app->view.game;
    char board[TTT_MAX_SQUARES + 1];
    int n = v->size * v->size;
    if (n < 0 || n > TTT_MAX_SQUARES) n = 0;
    for (int i = 0; i < n; i++)
        board[i] = v->owner[i] == TTT_PLAYER_X ? 'X' : v->owner[i] == TTT_PLAYER_O ? 'O' : '.';
    board[n] = '\0';
    const char *code = app_online_code(app);
    snprintf(buf, cap, "state board=%s over=%d online=%d seat=%d code=%s status=%s\n", board,
             v->game_over ? 1 : 0, app->play.online ? 1 : 0, app_online_seat(app),
             code[0] ? code : "-", v->status);
}

void app_testhook_step(app_state *app)
{
    if (!hook.on) return;
    for (;;) {
        char line[HOOK_LINE_MAX];
        bool have = false, eof = false;
        SDL_LockMutex(hook.lock);
        if (hook.count > 0) {
            snprintf(line, sizeof line, "%s", hook.lines[hook.head]);
            hook.head = (hook.head + 1) % HOOK_QUEUE;
            hook.count--;
            have = true;
        }
        eof = hook.eof;
        SDL_UnlockMutex(hook.lock);
        if (have) {
            run_command(app, line);
            continue;
        }
        if (eof) app->quit = true;
        break;
    }
    char now[HOOK_STATE_MAX];
    state_line(app, now, sizeof now);
    if (strcmp(now, hook.printed) != 0) {
        snprintf(hook.printed, sizeof hook.printed, "%s", now);
        fputs(now, stdout);
    }
    fflush(stdout);
}
