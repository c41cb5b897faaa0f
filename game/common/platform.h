/*
 * platform.h - the little that differs between Windows and POSIX systems
 * for the programs, one implementation per platform (platform_posix.c,
 * platform_win32.c; CMake picks one), so the rest of the code has no
 * #ifdef _WIN32 for these:
 *
 *   platform_exe_dir()      where the running program is, to find the
 *                           translations (and the game's fonts) beside it;
 *   platform_console_init() a console that shows the programs' UTF-8 text.
 *
 * What the programs take from SDL or GNU gettext is not repeated here: the
 * settings file's folder is SDL_GetPrefPath() (%APPDATA%\ttt\tictactoe\ on
 * Windows, ~/.local/share/ttt/tictactoe/ on Linux), and the language
 * follows the user's Windows display language through GNU libintl (for
 * gettext) and SDL_GetPreferredLocales() (the game's Language "System"),
 * both of which ask Windows for GetUserPreferredUILanguages().
 */
#ifndef GAME_PLATFORM_H
#define GAME_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>

/**
 * The running executable's directory, ending in a separator ('/' or '\'),
 * in @p buf: /proc/self/exe on Linux, GetModuleFileName() on Windows (in
 * the ANSI code page, which is what bindtextdomain() takes there).
 * @return false where the system does not say, or when it does not fit in
 *         @p cap bytes (buf is then "").
 */
bool platform_exe_dir(char *buf, size_t cap);

/**
 * Makes the console show what the program prints. On Windows: the console's
 * output code page becomes UTF-8 (the catalogues and the board's text are
 * UTF-8; the console's default is a legacy code page), and a program built
 * for the GUI subsystem (the desktop game), started from a console with
 * nothing redirected, writes its --help, --version and errors to that
 * console. On POSIX systems it does nothing. Call once, first in main().
 */
void platform_console_init(void);

#endif /* GAME_PLATFORM_H */
