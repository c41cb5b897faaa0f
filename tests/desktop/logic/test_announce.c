/*
 * test_announce.c - what a screen reader hears pass by pass (announce.h),
 * without SDL: moves in the order they went on, the status and a refusal
 * once each, many marks at once left to the status, the keyboard
 * cursor's square as it shows and moves.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "announce.h"

static view_game v;

static void test_announce(void **state)
{
    (void)state;
    announcer a;
    announce_init(&a);
    char buf[ANNOUNCE_TEXT_MAX];
    memset(&v, 0, sizeof v);
    v.size = 3;
    snprintf(v.status, sizeof v.status, "X to move");
    announce_view(&a, &v, buf, sizeof buf);
    assert_string_equal(buf, "X to move"); /* the first pass: the status, no moves */
    announce_view(&a, &v, buf, sizeof buf);
    assert_string_equal(buf, ""); /* nothing changed */
    /* Two marks in one pass: in the order they went on, not the squares'. */
    v.owner[8] = TTT_PLAYER_X;
    v.placed_ms[8] = 100;
    v.owner[0] = TTT_PLAYER_O;
    v.placed_ms[0] = 200;
    snprintf(v.status, sizeof v.status, "X to move");
    announce_view(&a, &v, buf, sizeof buf);
    assert_string_equal(buf, "X: row 3, column 3 O: row 1, column 1");
    /* A refusal once; many marks at once (a resumed game) leave it to the status. */
    v.refused = true;
    v.refused_ms = 300;
    for (int i = 1; i < 6; i++)
        v.owner[i] = i % 2 ? TTT_PLAYER_X : TTT_PLAYER_O;
    snprintf(v.status, sizeof v.status, "O to move");
    announce_view(&a, &v, buf, sizeof buf);
    assert_string_equal(buf, "You cannot play there now. O to move");
    announce_view(&a, &v, buf, sizeof buf);
    assert_string_equal(buf, "");
    /* The cursor: said as it shows and moves, not while it stays. */
    announce_cursor(&a, &v, true, 2, 2, buf, sizeof buf);
    assert_string_equal(buf, "row 3, column 3, X");
    announce_cursor(&a, &v, true, 2, 2, buf, sizeof buf);
    assert_string_equal(buf, "");
    announce_cursor(&a, &v, true, 2, 1, buf, sizeof buf);
    assert_string_equal(buf, "row 3, column 2, empty");
    announce_cursor(&a, &v, false, 2, 1, buf, sizeof buf);
    assert_string_equal(buf, "");
    announce_cursor(&a, &v, true, 2, 1, buf, sizeof buf);
    assert_string_equal(buf, "row 3, column 2, empty");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_announce),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
