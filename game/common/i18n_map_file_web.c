/*
 * i18n_map_file_web.c - what gettext needs in a web browser (Emscripten).
 *
 * Emscripten's C library is musl, whose gettext maps each catalogue into
 * memory with the internal __map_file(). Emscripten 3.1.6 (Debian 12) does
 * not build musl's __map_file.c into its libc and supplies a JavaScript
 * stand-in that returns -1 instead of NULL, which musl takes for a
 * mapping: the first translated message then reads out of bounds. This is
 * musl's own __map_file() (src/time/__map_file.c) over the public calls,
 * which Emscripten does have (a catalogue in the in-memory file system is
 * mapped by copying it); a definition in the program takes the place of
 * the stand-in. Built only for Emscripten.
 *
 * It also remembers the paths it could not open. musl's gettext keeps the
 * catalogues it found, not the ones it did not: in English, which has no
 * catalogue (the messages are the sources' own), every translated message
 * looked for the catalogue again, each try a failed open() through the
 * file system's JavaScript, which was a third of the game's start-up on
 * the page's main thread (docs/web.md, "Lighthouse"). The catalogues come
 * with the page (tictactoe.data, unpacked before main()) and nothing
 * writes one later, so a catalogue missing once is missing for good.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* musl's internal name and signature (src/internal/libc.h). */
const unsigned char *__map_file(const char *pathname, size_t *size);

/* The paths found missing: gettext tries a few per language (with and
 * without the territory and the codeset); longer ones are not kept, only
 * looked for again. */
#define MISSING_MAX 32
#define MISSING_PATH_MAX 192

static pthread_mutex_t missing_lock = PTHREAD_MUTEX_INITIALIZER;
static char missing[MISSING_MAX][MISSING_PATH_MAX];
static int missing_count;

static bool known_missing(const char *pathname)
{
    bool found = false;
    pthread_mutex_lock(&missing_lock);
    for (int i = 0; i < missing_count && !found; i++)
        found = strcmp(missing[i], pathname) == 0;
    pthread_mutex_unlock(&missing_lock);
    return found;
}

static void remember_missing(const char *pathname)
{
    size_t len = strlen(pathname);
    if (len >= MISSING_PATH_MAX) return;
    pthread_mutex_lock(&missing_lock);
    if (missing_count < MISSING_MAX) memcpy(missing[missing_count++], pathname, len + 1);
    pthread_mutex_unlock(&missing_lock);
}

const unsigned char *__map_file(const char *pathname, size_t *size)
{
    struct stat st;
    const unsigned char *map = MAP_FAILED;
    if (known_missing(pathname)) return NULL;
    int fd = open(pathname, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        remember_missing(pathname);
        return NULL;
    }
    if (fstat(fd, &st) == 0 && st.st_size > 0) {
        map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
        *size = (size_t)st.st_size;
    }
    close(fd);
    return map == MAP_FAILED ? NULL : map;
}
