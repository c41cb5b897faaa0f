/*
 * test_prefs_merge.c (was test_prefs_save.c) - saving the settings file (prefs_merge.c and
 * atomic_file_posix.c): unwritable directories and targets refused with one
 * warning and nothing left behind, symlinks kept, permission bits kept,
 * read-only files left alone, and several instances sharing the file under
 * the lock (counters add, changed settings win, three processes lose no
 * game). No SDL: files go to a fresh directory under /tmp.
 */
/* mkdtemp, lstat, fork: POSIX, which the C11 mode does not expose by itself. */
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "prefs_fixture.h"

/* Can this process create files in a directory whose mode forbids it?
 * (root can, so the read-only directory is then no test.) */
static bool permissions_enforced(const char *dir)
{
    char probe[1024];
    snprintf(probe, sizeof probe, "%s/probe", dir);
    FILE *p = fopen(probe, "w");
    if (!p) return true;
    fclose(p);
    remove(probe);
    return false;
}

static void test_unwritable_directory_warns_and_goes_on(void **state)
{
    fixture *f = *state;
    prefs p;
    prefs_defaults(&p);
    p.wins_x = 1;
    /* Works as root too: the parent of the file is a regular file. */
    char file_parent[600];
    snprintf(file_parent, sizeof file_parent, "%s/plain", f->dir);
    write_file(file_parent, "not a directory\n");
    char bad[700];
    snprintf(bad, sizeof bad, "%s/settings.ini", file_parent);
    assert_false(prefs_save(bad, &p, f->warn));
    char *warn = read_all(f->warn);
    assert_int_equal(count_lines(warn), 1);
    assert_non_null(strstr(warn, bad));
    assert_non_null(strstr(warn, "not saved"));

    /* A read-only directory, where permissions apply (not as root). */
    char ro[600];
    snprintf(ro, sizeof ro, "%s/ro", f->dir);
    assert_int_equal(mkdir(ro, 0700), 0);
    char ro_file[700];
    snprintf(ro_file, sizeof ro_file, "%s/settings.ini", ro);
    write_file(ro_file, "[settings]\ntheme = dark\n");
    assert_int_equal(chmod(ro, 0500), 0);
    if (permissions_enforced(ro)) {
        assert_false(prefs_save(ro_file, &p, NULL));
        /* The old file is untouched and nothing else appeared. */
        prefs q;
        prefs_load(ro_file, &q, NULL);
        assert_int_equal(q.settings.theme, 1);
        assert_int_equal(q.wins_x, 0);
        assert_no_temp_file(ro);
    } else {
        print_message("running as root: read-only directory not enforced, "
                      "the parent-is-a-file case stands in for it\n");
    }
    chmod(ro, 0700);
}

static void test_a_directory_is_not_replaced(void **state)
{
    fixture *f = *state;
    /* The target is a directory: refused before anything is written. */
    char target[600];
    snprintf(target, sizeof target, "%s/taken", f->dir);
    assert_int_equal(mkdir(target, 0700), 0);
    char inside[700];
    snprintf(inside, sizeof inside, "%s/x", target);
    write_file(inside, "keep\n");
    prefs p;
    prefs_defaults(&p);
    assert_false(prefs_save(target, &p, f->warn));
    assert_non_null(strstr(read_all(f->warn), "not a regular file"));
    assert_no_temp_file(f->dir);
}

/* A symlinked settings file (dotfiles) keeps its link: the target gets the
 * new text. Relative links, chains and a dangling link too. */
static void test_symlink_is_kept_and_its_target_written(void **state)
{
    fixture *f = *state;
    char real[700], sub[600];
    snprintf(sub, sizeof sub, "%s/dotfiles", f->dir);
    assert_int_equal(mkdir(sub, 0700), 0);
    snprintf(real, sizeof real, "%s/settings.ini", sub);
    write_file(real, "[settings]\ntheme = dark\n");
    assert_int_equal(symlink("dotfiles/settings.ini", f->path), 0);
    prefs p;
    assert_int_equal(prefs_load(f->path, &p, NULL), PREFS_LOADED);
    assert_int_equal(p.settings.theme, 1);
    p.wins_o = 7;
    assert_true(prefs_save(f->path, &p, f->warn));
    struct stat st;
    assert_int_equal(lstat(f->path, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    prefs q;
    assert_int_equal(prefs_load(real, &q, NULL), PREFS_LOADED);
    assert_int_equal(q.wins_o, 7);
    assert_int_equal(q.settings.theme, 1);

    /* A chain of two links, the second absolute. */
    char chain[600];
    snprintf(chain, sizeof chain, "%s/chain.ini", f->dir);
    assert_int_equal(symlink(f->path, chain), 0);
    p.wins_o = 8;
    assert_true(prefs_save(chain, &p, NULL));
    assert_int_equal(lstat(chain, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    prefs_load(real, &q, NULL);
    assert_int_equal(q.wins_o, 8);

    /* A dangling link: the file it names is created. */
    char dangling[600], later[700];
    snprintf(dangling, sizeof dangling, "%s/dangling.ini", f->dir);
    snprintf(later, sizeof later, "%s/later.ini", sub);
    assert_int_equal(symlink(later, dangling), 0);
    assert_true(prefs_save(dangling, &p, NULL));
    assert_int_equal(lstat(dangling, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_int_equal(prefs_load(later, &q, NULL), PREFS_LOADED);
    assert_int_equal(q.wins_o, 8);
    assert_no_temp_file(f->dir);
    assert_no_temp_file(sub);
}

/* The permission bits survive a save; a new file gets 0666 less the umask. */
static void test_permissions_are_kept(void **state)
{
    fixture *f = *state;
    prefs p;
    prefs_defaults(&p);
    mode_t old = umask(022);
    assert_true(prefs_save(f->path, &p, NULL));
    struct stat st;
    assert_int_equal(stat(f->path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0644);
    assert_int_equal(chmod(f->path, 0600), 0);
    p.draws = 1;
    assert_true(prefs_save(f->path, &p, NULL));
    assert_int_equal(stat(f->path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0600);
    assert_int_equal(chmod(f->path, 0640), 0);
    assert_true(prefs_save(f->path, &p, NULL));
    assert_int_equal(stat(f->path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);
    umask(old);
}

/* A read-only file (no write bit, even for root) is not replaced: one
 * warning, the text unchanged. */
static void test_read_only_file_is_not_overwritten(void **state)
{
    fixture *f = *state;
    write_file(f->path, "[settings]\ntheme = dark\n");
    assert_int_equal(chmod(f->path, 0444), 0);
    prefs p;
    prefs_defaults(&p);
    assert_false(prefs_save(f->path, &p, f->warn));
    char *warn = read_all(f->warn);
    assert_int_equal(count_lines(warn), 1);
    assert_non_null(strstr(warn, "read-only"));
    assert_string_equal(read_path(f->path), "[settings]\ntheme = dark\n");
    struct stat st;
    assert_int_equal(stat(f->path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0444);
    assert_no_temp_file(f->dir);
}

/* Two instances: each saves what it changed. Counters add, settings changed
 * by one win for those keys only, unknown keys from the file stay. */
static void test_two_instances_merge(void **state)
{
    fixture *f = *state;
    write_file(f->path, "[settings]\ntheme = light\nsize = 3\n[scores]\nx_wins = 10\ndraws = 1\n"
                        "future_counter = 4\n[future]\nsound = loud\n");
    prefs a_base, a, b_base, b;
    assert_int_equal(prefs_load(f->path, &a_base, NULL), PREFS_LOADED);
    b_base = a_base;
    a = a_base;
    b = b_base;
    /* A: three X wins and a dark theme. B: two draws and a 4x4 board. */
    a.wins_x += 3;
    a.settings.theme = 1;
    b.draws += 2;
    assert_true(settings_set(&b.settings, "size", "4", NULL, 0));
    assert_true(prefs_save_merged(f->path, &a_base, &a, f->warn));
    a_base = a;
    assert_true(prefs_save_merged(f->path, &b_base, &b, f->warn));
    b_base = b;
    /* A again: one more X win; its old size 3 is not a change of its own. */
    a.wins_x += 1;
    assert_true(prefs_save_merged(f->path, &a_base, &a, f->warn));
    a_base = a;
    assert_string_equal(read_all(f->warn), "");

    prefs q;
    assert_int_equal(prefs_load(f->path, &q, f->warn), PREFS_LOADED);
    assert_int_equal(q.wins_x, 14);
    assert_int_equal(q.draws, 3);
    assert_int_equal(q.settings.theme, 1);
    assert_int_equal(q.settings.board_size, 4);
    const char *text = read_path(f->path);
    assert_non_null(strstr(text, "future_counter=4"));
    assert_non_null(strstr(text, "[future]\nsound=loud\n"));

    /* B resets its scores: what it saw goes (10 X wins), A's four stay. */
    b.wins_x = b.draws = 0;
    assert_true(prefs_save_merged(f->path, &b_base, &b, NULL));
    prefs_load(f->path, &q, NULL);
    assert_int_equal(q.wins_x, 4);
    assert_int_equal(q.draws, 0);

    /* A file that cannot be read under the lock is left alone. */
    write_file(f->path, "");
    assert_int_equal(truncate(f->path, PREFS_MAX_FILE_BYTES + 1), 0);
    a.wins_x += 1;
    assert_false(prefs_save_merged(f->path, &a_base, &a, f->warn));
    struct stat st;
    assert_int_equal(stat(f->path, &st), 0);
    assert_int_equal(st.st_size, PREFS_MAX_FILE_BYTES + 1);
}

/* An entry before any section (one this instance has and the file has
 * not) is written before the first section, where it reads back. */
static void test_merge_keeps_entries_before_any_section(void **state)
{
    fixture *f = *state;
    write_file(f->path, "[settings]\ntheme = light\n[scores]\nx_wins = 1\n");
    prefs base, mine, q;
    prefs_load(f->path, &base, NULL);
    assert_int_equal(prefs_parse_ini("top = 1\n[settings]\ntheme = light\n[scores]\nx_wins = 1\n",
                                     &mine, NULL, NULL),
                     0);
    mine.wins_x = 2;
    assert_true(prefs_save_merged(f->path, &base, &mine, NULL));
    prefs_load(f->path, &q, NULL);
    assert_int_equal(q.extra_count, 1);
    assert_string_equal(q.extra[0].section, "");
    assert_string_equal(q.extra[0].key, "top");
    assert_int_equal(q.settings.theme, 0);
    assert_int_equal(q.wins_x, 2);
}

/* A file with entries straight from another version: a counter in [scores]
 * the game does not know is merged as a counter too. */
static void test_unknown_counters_are_merged_as_counters(void **state)
{
    fixture *f = *state;
    write_file(f->path, "[scores]\nx_wins = 1\n");
    prefs base, mine;
    prefs_load(f->path, &base, NULL);
    mine = base;
    mine.wins_x = 2;
    /* Meanwhile a newer version added its own counter and a win. */
    write_file(f->path, "[scores]\nx_wins = 5\nhvc_3x3_wins = 9\n");
    assert_true(prefs_save_merged(f->path, &base, &mine, NULL));
    prefs q;
    prefs_load(f->path, &q, NULL);
    assert_int_equal(q.wins_x, 6);
    assert_non_null(strstr(read_path(f->path), "hvc_3x3_wins=9"));
}

#define INSTANCES 3
#define GAMES_EACH 20

/* Three processes, each "playing" GAMES_EACH games and saving after each,
 * as the game does, while a fourth reads the file in a loop: the counts add
 * up to the games played, and the reader never finds the file missing,
 * empty or unreadable. Deterministic: the lock orders the saves, the
 * rename makes each version appear whole; no timing is involved. */
static void test_three_instances_lose_nothing(void **state)
{
    fixture *f = *state;
    write_file(f->path, "[scores]\nx_wins = 0\no_wins = 0\ndraws = 0\n");
    pid_t reader = fork();
    assert_true(reader >= 0);
    if (reader == 0) {
        /* Until killed: every read must see a whole file. */
        for (;;) {
            prefs p;
            FILE *in = fopen(f->path, "r");
            if (!in) _exit(3);
            int c = fgetc(in);
            fclose(in);
            if (c == EOF) _exit(4);
            if (prefs_load(f->path, &p, NULL) != PREFS_LOADED) _exit(5);
        }
    }
    pid_t kids[INSTANCES];
    for (int i = 0; i < INSTANCES; i++) {
        kids[i] = fork();
        assert_true(kids[i] >= 0);
        if (kids[i] == 0) {
            prefs base, mine;
            if (prefs_load(f->path, &base, NULL) != PREFS_LOADED) _exit(6);
            mine = base;
            for (int g = 0; g < GAMES_EACH; g++) {
                int *slot = g % 3 == 0 ? &mine.wins_x : (g % 3 == 1 ? &mine.wins_o : &mine.draws);
                (*slot)++;
                if (!prefs_save_merged(f->path, &base, &mine, stderr)) _exit(7);
                base = mine;
            }
            _exit(0);
        }
    }
    for (int i = 0; i < INSTANCES; i++) {
        int status = 0;
        assert_int_equal(waitpid(kids[i], &status, 0), kids[i]);
        assert_true(WIFEXITED(status));
        assert_int_equal(WEXITSTATUS(status), 0);
    }
    int status = 0;
    assert_int_equal(waitpid(reader, &status, WNOHANG), 0); /* still reading, no failure */
    kill(reader, SIGKILL);
    assert_int_equal(waitpid(reader, &status, 0), reader);
    assert_true(WIFSIGNALED(status));
    prefs q;
    assert_int_equal(prefs_load(f->path, &q, NULL), PREFS_LOADED);
    assert_int_equal(q.wins_x + q.wins_o + q.draws, INSTANCES * GAMES_EACH);
    assert_int_equal(q.wins_x, INSTANCES * 7);
    assert_int_equal(q.wins_o, INSTANCES * 7);
    assert_int_equal(q.draws, INSTANCES * 6);
    assert_no_temp_file(f->dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_unwritable_directory_warns_and_goes_on, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_a_directory_is_not_replaced, setup, teardown),
        cmocka_unit_test_setup_teardown(test_symlink_is_kept_and_its_target_written, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_permissions_are_kept, setup, teardown),
        cmocka_unit_test_setup_teardown(test_read_only_file_is_not_overwritten, setup, teardown),
        cmocka_unit_test_setup_teardown(test_two_instances_merge, setup, teardown),
        cmocka_unit_test_setup_teardown(test_merge_keeps_entries_before_any_section, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_unknown_counters_are_merged_as_counters, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_three_instances_lose_nothing, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
