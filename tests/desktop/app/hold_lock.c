/*
 * hold_lock.c - hold the settings file's lock for a while, as another
 * instance of the game would while it saves: `hold_lock FILE.lock SECONDS
 * READY` takes an fcntl write lock on FILE.lock (creating it), creates
 * READY once it holds it, keeps it for SECONDS and exits, which releases
 * it. For the locked-settings test (locked_settings.sh): the game must go
 * on drawing while its saves wait for this lock, and count every game once
 * it is free.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: hold_lock FILE.lock SECONDS READY\n");
        return 2;
    }
    char *end = NULL;
    double seconds = strtod(argv[2], &end);
    if (!end || *end || seconds < 0.0 || seconds > 3600.0) {
        fprintf(stderr, "hold_lock: bad time '%s'\n", argv[2]);
        return 2;
    }
    int fd = open(argv[1], O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) {
        fprintf(stderr, "hold_lock: cannot open %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    /* The game polls with F_SETLK; waiting here is fine. */
    struct flock fl;
    memset(&fl, 0, sizeof fl);
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET;
    while (fcntl(fd, F_SETLKW, &fl) != 0) {
        if (errno != EINTR) {
            fprintf(stderr, "hold_lock: cannot lock %s: %s\n", argv[1], strerror(errno));
            return 1;
        }
    }
    FILE *ready = fopen(argv[3], "w");
    if (!ready || fclose(ready) != 0) {
        fprintf(stderr, "hold_lock: cannot create %s\n", argv[3]);
        return 1;
    }
    struct timespec left = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
    while (nanosleep(&left, &left) != 0 && errno == EINTR) {
    }
    close(fd); /* releases the lock */
    return 0;
}
