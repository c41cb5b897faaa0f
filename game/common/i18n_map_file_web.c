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
 */
#include <fcntl.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* musl's internal name and signature (src/internal/libc.h). */
const unsigned char *__map_file(const char *pathname, size_t *size);

const unsigned char *__map_file(const char *pathname, size_t *size)
{
    struct stat st;
    const unsigned char *map = MAP_FAILED;
    int fd = open(pathname, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return NULL;
    if (fstat(fd, &st) == 0 && st.st_size > 0) {
        map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
        *size = (size_t)st.st_size;
    }
    close(fd);
    return map == MAP_FAILED ? NULL : map;
}
