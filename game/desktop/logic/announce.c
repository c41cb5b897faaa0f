/*
 * announce.c - what a screen reader should hear, pass by pass (see
 * announce.h).
 */
#include "announce.h"

#include <stdio.h>
#include <string.h>

void announce_init(announcer *a)
{
    memset(a, 0, sizeof *a);
    a->cursor_row = a->cursor_col = -1;
}

/* Append @p text to @p buf, a space between sentences. */
static void append(char *buf, size_t cap, const char *text)
{
    if (!text[0]) return;
    size_t used = strlen(buf);
    if (used >= cap) return;
    snprintf(buf + used, cap - used, "%s%s", used ? " " : "", text);
}

void announce_view(announcer *a, const view_game *v, char *buf, size_t cap)
{
    char text[2 * SPEECH_TEXT_MAX];
    if (cap == 0) return;
    buf[0] = '\0';
    int squares = v->size * v->size;
    if (a->started && a->size == v->size) {
        int added[TTT_MAX_SQUARES], n = 0;
        for (int i = 0; i < squares; i++)
            if (a->owner[i] == TTT_PLAYER_NONE && v->owner[i] != TTT_PLAYER_NONE) added[n++] = i;
        /* A game resumed or a review's jump places many at once: the
         * status says where the game is. */
        if (n <= 2) {
            if (n == 2 && v->placed_ms[added[1]] < v->placed_ms[added[0]]) {
                int t = added[0];
                added[0] = added[1];
                added[1] = t;
            }
            for (int i = 0; i < n; i++) {
                speech_move(v->owner[added[i]], added[i] / v->size, added[i] % v->size, text,
                            sizeof text);
                append(buf, cap, text);
            }
        }
    }
    if (v->refused && v->refused_ms != a->refused_ms) append(buf, cap, speech_refused());
    if (strcmp(v->status, a->status) != 0) append(buf, cap, v->status);
    speech_hint(v, text, sizeof text);
    if (strcmp(text, a->hint) != 0) append(buf, cap, text);
    snprintf(a->hint, sizeof a->hint, "%s", text);
    snprintf(a->status, sizeof a->status, "%s", v->status);
    a->refused_ms = v->refused ? v->refused_ms : a->refused_ms;
    /* A new board (another size, or a new game) says the cursor again. */
    if (a->size != v->size) a->cursor_row = a->cursor_col = -1;
    a->size = v->size;
    memcpy(a->owner, v->owner, sizeof a->owner);
    a->started = true;
}

void announce_cursor(announcer *a, const view_game *v, bool shown, int row, int col, char *buf,
                     size_t cap)
{
    if (cap == 0) return;
    buf[0] = '\0';
    if (!shown || row < 0 || col < 0 || row >= v->size || col >= v->size) {
        a->cursor_row = a->cursor_col = -1;
        return;
    }
    if (row == a->cursor_row && col == a->cursor_col) return;
    a->cursor_row = row;
    a->cursor_col = col;
    speech_square_name(v, row, col, buf, cap);
}
