/*
 * assets.h - where the game's fonts are: the system's DejaVu fonts, or the
 * copies that come with the game (next to the executable in the build
 * tree, under share/tictactoe once installed).
 */
#ifndef GAME_ASSETS_H
#define GAME_ASSETS_H

#include <stdbool.h>
#include <stddef.h>

/** The regular and bold faces' file names. */
#define ASSETS_FONT_REGULAR "DejaVuSans.ttf"
#define ASSETS_FONT_BOLD "DejaVuSans-Bold.ttf"

/** Room for the fonts' directory, with its separator and NUL: a longer one
 *  is skipped (the places looked in are short installation paths). */
#define ASSETS_DIR_MAX 1024
/** Room for a font's path: the directory and the longer file name. */
#define ASSETS_FONT_PATH_MAX (ASSETS_DIR_MAX + sizeof ASSETS_FONT_BOLD)
/** Room for a message about the fonts: a sentence and one path for each
 *  of the places looked in. */
#define ASSETS_MESSAGE_MAX (ASSETS_DIR_MAX + 256)

/**
 * The directory holding both fonts, ending in a separator, into @p out:
 * @p override_dir's fonts/ (NULL: none), the system's, the game's own
 * copies beside the executable, bin/../share/tictactoe/fonts/, then the
 * configured install directory's. When none has them, says where it looked
 * on stderr and in a message box (a player who started the game from a
 * menu never sees stderr) and returns false.
 */
bool assets_find_fonts(const char *override_dir, char *out, size_t cap);

#endif /* GAME_ASSETS_H */
