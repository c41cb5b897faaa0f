/*
 * speech.c - the game in words for a screen reader (see speech.h).
 */
#include "speech.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"

static const char *mark_name(ttt_player p)
{
    return p == TTT_PLAYER_X ? "X" : p == TTT_PLAYER_O ? "O" : "";
}

/* A hint's words as the board writes them: "Win in 3", "Draw", "Best". */
static void hint_words(const view_hint *h, char *buf, size_t cap)
{
    buf[0] = '\0';
    char count[32] = "";
    switch (h->kind) {
    case VIEW_HINT_WIN:
    case VIEW_HINT_LOSS:
        snprintf(count, sizeof count, P_("in %d", "in %d", h->plies), h->plies);
        snprintf(buf, cap, "%s %s", h->kind == VIEW_HINT_WIN ? _("Win") : _("Loss"), count);
        break;
    case VIEW_HINT_DRAW:
        /* A proven draw the search likes best on a board it did not solve
         * is marked "Best" too, as the board shows it. */
        if (h->proven_best)
            snprintf(buf, cap, "%s, %s", _("Draw"), _("Best"));
        else
            snprintf(buf, cap, "%s", _("Draw"));
        break;
    case VIEW_HINT_BEST_GUESS: snprintf(buf, cap, "%s", _("Best")); break;
    case VIEW_HINT_UNKNOWN:
    case VIEW_HINT_NONE:
    default: break;
    }
}

void speech_square_name(const view_game *v, int row, int col, char *buf, size_t cap)
{
    int i = row * v->size + col;
    ttt_player owner = v->owner[i];
    /* TRANSLATORS: a screen reader's name of an empty square of the board. */
    const char *what = owner == TTT_PLAYER_NONE ? _("empty") : mark_name(owner);
    /* TRANSLATORS: a screen reader's name of a square: its row and column
       (counted from 1) and what is on it (X, O or "empty"). */
    int n = snprintf(buf, cap, _("row %d, column %d, %s"), row + 1, col + 1, what);
    if (n < 0 || (size_t)n >= cap || !v->hint_shown) return;
    char words[64];
    hint_words(&v->hints[i], words, sizeof words);
    if (words[0]) snprintf(buf + n, cap - (size_t)n, ", %s", words);
}

void speech_move(ttt_player mark, int row, int col, char *buf, size_t cap)
{
    /* TRANSLATORS: a screen reader announces a move: the mark (X or O),
       the row and the column (counted from 1). */
    snprintf(buf, cap, _("%s: row %d, column %d"), mark_name(mark), row + 1, col + 1);
}

void speech_hint(const view_game *v, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (!v->hint_shown) return;
    char list[SPEECH_TEXT_MAX * 2] = "";
    size_t used = 0;
    bool any_best = false;
    for (int i = 0; i < v->size * v->size; i++)
        if (v->owner[i] == TTT_PLAYER_NONE && v->hints[i].best) any_best = true;
    for (int i = 0; i < v->size * v->size && used < sizeof list; i++) {
        if (v->owner[i] != TTT_PLAYER_NONE || (any_best && !v->hints[i].best)) continue;
        char words[64];
        hint_words(&v->hints[i], words, sizeof words);
        if (!words[0]) continue;
        char square[SPEECH_TEXT_MAX];
        snprintf(square, sizeof square, _("row %d, column %d, %s"), i / v->size + 1,
                 i % v->size + 1, words);
        int n = snprintf(list + used, sizeof list - used, "%s%s", used ? "; " : "", square);
        if (n < 0) break;
        used += (size_t)n;
    }
    if (!list[0]) return;
    /* TRANSLATORS: a screen reader announces a hint; %s lists the squares
       and what playing each gives. */
    snprintf(buf, cap, _("Hint: %s"), list);
}

const char *speech_refused(void)
{
    /* TRANSLATORS: a screen reader's answer to a click on a square that
       cannot be played (taken, or not your turn). */
    return _("You cannot play there now.");
}

void speech_score(const view_game *v, int i, char *buf, size_t cap)
{
    /* As the score line: by role against the computer, else by mark; online
     * the players are you and your friend (watching: the marks). */
    bool hvc = !v->online && v->mode == SETTINGS_MODE_HUMAN_VS_COMPUTER;
    bool friends = v->online && v->human_side != TTT_PLAYER_NONE;
    ttt_player left = hvc ? v->human_side : TTT_PLAYER_X;
    ttt_player right = ttt_player_other(left);
    ttt_player side = i == 0 ? left : right;
    char label[64];
    int count;
    if (i == 0 || i == 2) {
        if ((hvc && i == 0) || (friends && side == v->human_side))
            snprintf(label, sizeof label, _("You (%s)"), mark_name(side));
        else if (hvc)
            snprintf(label, sizeof label, _("Computer (%s)"), mark_name(side));
        else if (friends)
            snprintf(label, sizeof label, _("Friend (%s)"), mark_name(side));
        else
            snprintf(label, sizeof label, "%s", mark_name(side));
        count = i == 0 ? v->score.wins[0] : v->score.wins[1];
    } else {
        snprintf(label, sizeof label, "%s", _("Draws"));
        count = v->score.draws;
    }
    snprintf(buf, cap, "%s: %d", label, count);
}

const char *speech_scores_label(void)
{
    /* TRANSLATORS: a screen reader's name of the score line. */
    return _("Scores");
}

const char *speech_board_keys(void)
{
    /* TRANSLATORS: read by a screen reader on entering the board. */
    return _("Arrow keys move between the squares; Enter or Space places a mark.");
}

const char *speech_review_step(bool later)
{
    /* TRANSLATORS: a screen reader's names of the review's buttons drawn
       as arrows: one move on, one move back. */
    return later ? _("Next move") : _("Previous move");
}

void speech_stats_line(const tally_entry *e, int mode, const char *label, char *buf, size_t cap)
{
    bool vs_computer = mode == SETTINGS_MODE_HUMAN_VS_COMPUTER;
    /* The statistics panel's headings, each before its number. */
    snprintf(buf, cap, "%s: %s %d, %s %d, %s %d, %s %d", label, vs_computer ? _("Won") : _("X won"),
             e->wins[0], _("Drawn"), e->draws, vs_computer ? _("Lost") : _("O won"), e->wins[1],
             _("Best streak"), e->best);
}
