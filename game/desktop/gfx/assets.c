/*
 * assets.c - finding the game's fonts (see assets.h).
 */
#include "assets.h"

#include <stdio.h>

#include <SDL.h>

#include "i18n.h"

#ifndef TTT_DATA_DIR
#define TTT_DATA_DIR ""
#endif
/* The system's DejaVu fonts (Debian's fonts-dejavu-core), used before the
 * copies that come with the game; "" for none. */
#ifndef TTT_SYSTEM_FONT_DIR
#define TTT_SYSTEM_FONT_DIR ""
#endif

static bool file_readable(const char *path)
{
    SDL_RWops *rw = SDL_RWFromFile(path, "rb");
    if (!rw) return false;
    SDL_RWclose(rw);
    return true;
}

bool assets_find_fonts(const char *override_dir, char *out, size_t cap)
{
    /* The places assets_find_fonts() looks in (assets.h). */
    enum { PLACES = 5 };
    char candidates[PLACES][ASSETS_DIR_MAX];
    int n = 0;
    if (override_dir) snprintf(candidates[n++], sizeof candidates[0], "%s/fonts/", override_dir);
    if (TTT_SYSTEM_FONT_DIR[0])
        snprintf(candidates[n++], sizeof candidates[0], "%s/", TTT_SYSTEM_FONT_DIR);
    char *base = SDL_GetBasePath();
    if (base) {
        snprintf(candidates[n++], sizeof candidates[0], "%sassets/fonts/", base);
        snprintf(candidates[n++], sizeof candidates[0], "%s../share/tictactoe/fonts/", base);
        SDL_free(base);
    } else {
        SDL_Log("Couldn't find the executable's directory: %s", SDL_GetError());
    }
    if (TTT_DATA_DIR[0]) snprintf(candidates[n++], sizeof candidates[0], "%s/fonts/", TTT_DATA_DIR);
    for (int i = 0; i < n; i++) {
        char probe[ASSETS_FONT_PATH_MAX], probe_bold[ASSETS_FONT_PATH_MAX];
        int len = snprintf(probe, sizeof probe, "%s%s", candidates[i], ASSETS_FONT_REGULAR);
        int len_bold =
            snprintf(probe_bold, sizeof probe_bold, "%s%s", candidates[i], ASSETS_FONT_BOLD);
        if (len < 0 || (size_t)len >= sizeof probe || len_bold < 0 ||
            (size_t)len_bold >= sizeof probe_bold)
            continue;
        if (file_readable(probe) && file_readable(probe_bold)) {
            len = snprintf(out, cap, "%s", candidates[i]);
            if (len >= 0 && (size_t)len < cap) return true;
        }
    }
    char msg[ASSETS_MESSAGE_MAX];
    /* TRANSLATORS: %s is the font's file name; a list of folders follows. */
    int len = snprintf(msg, sizeof msg, _("Couldn't find the game's font (%s). Looked in:"),
                       ASSETS_FONT_REGULAR);
    for (int i = 0; i < n && len > 0 && (size_t)len < sizeof msg; i++)
        len += snprintf(msg + len, sizeof msg - (size_t)len, "\n  %s", candidates[i]);
    fprintf(stderr, "tictactoe: %s\n%s\n", msg,
            _("Reinstall the game or run it from its build directory."));
    /* A player who launched from a desktop menu never sees stderr. */
    if (SDL_ShowSimpleMessageBox(SDL_MESSAGEBOX_ERROR, _("Tic-tac-toe: missing font"), msg, NULL) !=
        0)
        SDL_Log("Couldn't show a message box: %s", SDL_GetError());
    return false;
}
