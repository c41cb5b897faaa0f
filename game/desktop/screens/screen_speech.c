/*
 * screen_speech.c - the panels in words for the desktop's voice (see
 * screen_speech.h).
 */
#include "screen_speech.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "menu.h"
#include "screen_gamemenu.h"
#include "screen_help.h"
#include "screen_online.h"
#include "screen_puzzle.h"
#include "screen_stats.h"
#include "speech.h"
#include "tally.h"

/* The mistakes slider's value is said in percent, as drawn. */
#define PERCENT 100.0

const char *screen_speech_title(screen_id id)
{
    switch (id) {
    case SCREEN_GAMEMENU: return _("Menu");
    case SCREEN_ONLINE: return _("Play a friend online");
    case SCREEN_PUZZLE_MENU: return _("Puzzles");
    case SCREEN_STATS: return _("Statistics");
    case SCREEN_SETTINGS: return _("Settings");
    case SCREEN_HELP: return screen_gamemenu_label(GAMEMENU_HELP);
    case SCREEN_GAME:
    case SCREEN_REVIEW:
    case SCREEN_PUZZLE:
    case SCREEN_COUNT:
    default: return "";
    }
}

/* Append @p text to @p buf after @p sep (none when @p buf is empty). */
static void append(char *buf, size_t cap, const char *sep, const char *text)
{
    size_t used = strlen(buf);
    if (used + 1 >= cap || !text[0]) return;
    snprintf(buf + used, cap - used, "%s%s", used ? sep : "", text);
}

/* A setting and its value, as the settings panel shows them. */
static void setting(const app_state *app, int row, char *buf, size_t cap)
{
    if (row == MENU_FOCUS_DONE) {
        snprintf(buf, cap, "%s", _("Done"));
        return;
    }
    if (row < 0 || row >= MENU_ROW_COUNT) return;
    char value[VIEW_STATUS_MAX];
    int selected = menu_selected_option(&app->settings, row);
    bool armed = app->settings_screen.reset_armed_ms != 0 &&
                 app->view.now_ms < app->settings_screen.reset_armed_ms + APP_RESET_CONFIRM_MS;
    if (row == MENU_ROW_MISTAKES)
        snprintf(value, sizeof value, "%d%%",
                 (int)lround(settings_effective_mistake_probability(&app->settings) * PERCENT));
    else if (row == MENU_ROW_SCORES)
        snprintf(value, sizeof value, "%s",
                 armed ? _("Press again to reset this mode's scores")
                       : menu_option_label(MENU_ROW_SCORES, 0));
    else
        snprintf(value, sizeof value, "%s", selected >= 0 ? menu_option_label(row, selected) : "");
    /* TRANSLATORS: a setting and its value, said aloud as the keyboard
       reaches it ("Difficulty: Hard"). */
    snprintf(buf, cap, _("%s: %s"), menu_row_label(row), value);
    if (row == MENU_ROW_SIZE && app->view.board_value[0])
        append(buf, cap, ", ", app->view.board_value);
}

/* The statistics' tab and its lines, as the panel shows them. */
static void statistics(const app_state *app, char *buf, size_t cap)
{
    int mode = app->stats_screen.mode;
    snprintf(buf, cap, "%s.", menu_option_label(MENU_ROW_MODE, mode));
    const tally_entry *shown[STATS_PANEL_ROWS - 1];
    int n = tally_of_mode(&app->prefs.tally, mode, shown, STATS_PANEL_ROWS - 1);
    if (n == 0) append(buf, cap, " ", _("No games finished in this mode yet."));
    for (int i = 0; i < n; i++) {
        char label[SCREEN_STATS_LABEL_MAX], line[2 * SCREEN_STATS_LABEL_MAX];
        screen_stats_entry_label(shown[i], label, sizeof label);
        speech_stats_line(shown[i], mode, label, line, sizeof line);
        append(buf, cap, " ", line);
        append(buf, cap, "", ".");
    }
}

void screen_speech_focus(const app_state *app, char *buf, size_t cap)
{
    if (cap == 0) return;
    buf[0] = '\0';
    switch (screen_stack_top(&app->screens)) {
    case SCREEN_GAMEMENU: {
        gamemenu_entry e = (gamemenu_entry)app->gamemenu_screen.focus;
        snprintf(buf, cap, "%s", screen_gamemenu_label(e));
        append(buf, cap, ", ", screen_gamemenu_key(e));
        return;
    }
    case SCREEN_PUZZLE_MENU:
        screen_puzzle_menu_label(app, app->puzzle_screen.focus, buf, cap);
        return;
    case SCREEN_ONLINE:
        if (app->online_screen.focus == ONLINE_JOIN) {
            /* Not the drawn label: it ends in the cursor's "_". */
            snprintf(buf, cap, "%s", screen_online_join_name());
            if (app->online_screen.typed[0]) {
                char code[VIEW_STATUS_MAX];
                snprintf(code, sizeof code, _("%s: %s"), screen_online_code_name(),
                         app->online_screen.typed);
                append(buf, cap, ", ", code);
            }
            return;
        }
        screen_online_label(app, (online_entry)app->online_screen.focus, buf, cap);
        return;
    case SCREEN_SETTINGS: setting(app, app->settings_screen.menu.focus, buf, cap); return;
    case SCREEN_STATS: statistics(app, buf, cap); return;
    case SCREEN_HELP:
        for (int i = 0; i < screen_help_line_count(app); i++) {
            const char *key = "", *what = "";
            char line[VIEW_STATUS_MAX];
            screen_help_line(app, i, &key, &what);
            snprintf(line, sizeof line, _("%s: %s"), key, what);
            append(buf, cap, ". ", line);
        }
        append(buf, cap, "", ".");
        return;
    case SCREEN_GAME:
    case SCREEN_REVIEW:
    case SCREEN_PUZZLE:
    case SCREEN_COUNT:
    default: return;
    }
}
