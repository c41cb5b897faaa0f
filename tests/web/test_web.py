"""test_web.py - the game in a real browser: headless Chromium, driven
through chromium-driver and python3-selenium, loading the site that
scripts/build-web.sh builds from a local static server (web/serve.py).

    /usr/bin/python3 tests/web/test_web.py [-v] [TEST...] [SITE_DIR]

The accessibility and edge tests are in test_web_access.py and run from
here too; what both share is in web_case.py. SITE_DIR defaults to
$TTT_WEB_SITE, else build-web/site. Screenshots go to $TTT_WEB_ARTIFACTS
(default build-web/artifacts). scripts/test.sh runs this
after building the site. Every test checks the browser's console too: no
errors (warnings such as Chromium's note on its software WebGL are fine).

The page is driven as a person would (clicks, taps and keys at the places
the game's layout reports through the page's test hook, window.tttTest),
and what happened is read back through the same hook (platform_web.c), the
page's storage, and a screenshot's pixels.
"""
import os
import sys
import time
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import webgame as w  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
import web_case as wc  # noqa: E402
from web_case import EASY_FAST, MAX_GAMES_TO_WIN, WebTestCase, artifact  # noqa: E402,F401
# The accessibility and edge tests live beside these; importing them here
# runs them too (unittest finds the classes in this module).
from test_web_access import Fonts, Language, NoGame, ScreenReader, Sound  # noqa: E402,F401


class PageLoads(WebTestCase):

    def test_plain_host_isolates_with_its_service_worker(self):
        b = self.browser()
        st = b.open_game(self.plain.url)
        timing = b.js('return window.tttTiming')
        # First visit to a host without headers: the service worker made the
        # page cross-origin isolated, at the cost of one reload.
        self.assertTrue(b.js('return self.crossOriginIsolated'))
        self.assertTrue(timing['reloadedForIsolation'], timing)
        self.assertEqual(st['board'], '.' * 9)
        self.assertEqual(st['size'], 3)
        self.assertTrue(st['status'])
        self.assertFalse(b.js('return document.getElementById("canvas").hidden'))
        self.assertTrue(b.js('return document.getElementById("loading").hidden'))
        # A second visit needs no reload: the worker is there.
        b.reload()
        self.assertFalse(b.js('return window.tttTiming.reloadedForIsolation'))

    def test_offline_after_one_visit(self):
        """After one visit the game starts with no network at all: its own
        server stopped. The page is installable: a manifest with icons."""
        site = w.Site(wc.SITE, plain=True)
        try:
            b = self.browser()
            b.open_game(site.url)
            manifest = b.js("return fetch('manifest.webmanifest').then(function (r) { return r.json(); })")
            self.assertEqual(manifest['display'], 'standalone')
            sizes = {i['sizes'] for i in manifest['icons']}
            self.assertIn('256x256', sizes)
            for icon in manifest['icons']:
                self.assertEqual(b.js("return fetch(arguments[0]).then(function (r) { return r.status; })",
                                      icon['src']), 200, icon)
            # The worker has the site's files (it fetched them as it installed).
            w.wait_for(lambda: b.js(
                "return caches.open('ttt-site-v1').then(function (c) { return c.keys(); })"
                ".then(function (k) { return k.map(function (r) { return r.url.split('/').pop(); }); })"
                ".then(function (names) { return ['tictactoe.wasm', 'tictactoe.data', 'tictactoe.js',"
                " 'tictactoe.worker.js', 'ttt-page.js', 'index.html'].every(function (n) {"
                " return names.indexOf(n) >= 0; }); })"), 'the site in the cache')
        finally:
            site.stop()
        # No server: a new visit, and a reload of it, both end in the game.
        b.js('window.tttOldPage = true;')
        b.driver.get(site.url)
        st = b.wait_first_frame()
        self.assertTrue(b.js('return self.crossOriginIsolated'))
        self.assertEqual(st['board'], '.' * 9)
        b.click(*w.square_center(st, 1, 1))
        b.wait_state(lambda s: s['board'].count('O') == 1, "the computer's answer, offline")
        st = b.reload()
        self.assertEqual(st['board'].count('X'), 1)  # the game in progress, kept
        b.screenshot(artifact('laptop-1280x800-offline.png'))
        # The failed requests of the offline visit are the browser's console
        # errors of a page with no network, not the game's.
        b.console_entries()
        b.console = [e for e in b.console if 'ERR_CONNECTION_REFUSED' not in e['message'] and
                     'Failed to fetch' not in e['message']]

    def test_hard_reloads_all_reach_the_game(self):
        """Shift+Reload goes around the service worker: the page comes
        without isolation, and must come back to the game every time."""
        b = self.browser()
        b.open_game(self.plain.url)
        for i in range(10):
            b.js('window.tttOldPage = true;')
            b.driver.execute_cdp_cmd('Page.reload', {'ignoreCache': True})
            w.wait_for(lambda: b.js('return !window.tttOldPage && document.readyState === "complete"'),
                       f'hard reload {i + 1}')
            st = b.wait_first_frame()
            self.assertTrue(st and st['running'], i)
            self.assertTrue(b.js('return self.crossOriginIsolated'), i)
            self.assertTrue(b.js('return document.getElementById("message").hidden'), i)

    def test_isolating_host_needs_no_reload(self):
        b = self.browser()
        st = b.open_game(self.isolating.url)
        self.assertTrue(b.js('return self.crossOriginIsolated'))
        self.assertFalse(b.js('return window.tttTiming.reloadedForIsolation'))
        self.assertEqual(st['board'], '.' * 9)
        b.screenshot(artifact('laptop-1280x800-start.png'))
        # The loading bar counted the .wasm (most of the page) and the .data
        # to their last byte.
        downloads = b.js('return window.tttTiming.downloads')
        wasm = os.path.getsize(os.path.join(wc.SITE, 'tictactoe.wasm'))
        self.assertEqual(downloads['wasm'], [wasm, wasm], downloads)
        self.assertEqual(downloads['data'][0], downloads['data'][1], downloads)
        self.assertEqual(b.js("return document.getElementById('loading-progress').value"), 1)

    def test_the_game_gets_the_webgl_context_the_page_made(self):
        # The page makes the canvas's WebGL context while the game downloads
        # (ttt-page.js, warmUpWebGL); a canvas keeps its first context, so
        # the game's renderer gets that one only if the page asked with the
        # game's own attributes. Every getContext() on a canvas is recorded.
        b = self.browser()
        b.before_every_page("""
            window.tttContextCalls = [];
            var getContext = HTMLCanvasElement.prototype.getContext;
            HTMLCanvasElement.prototype.getContext = function (type, attrs) {
              var a = attrs || {};
              window.tttContextCalls.push([type, !!a.alpha, !!a.depth, !!a.stencil, !!a.antialias]);
              return getContext.apply(this, arguments);
            };""")
        st = b.open_game(self.isolating.url)
        calls = b.js('return window.tttContextCalls')
        if not b.js('return window.tttTiming.webglWarmedUp'):
            self.skipTest('no WebGL in this browser: nothing made early')
        self.assertGreaterEqual(len(calls), 2, calls)
        self.assertEqual(calls[0], ['webgl', False, True, False, False], calls)
        for call in calls[1:]:
            self.assertEqual(call, calls[0], calls)
        self.assertEqual(st['renderer'], 'opengles2', st['renderer'])
        self.assertEqual(st['board'], '.' * 9)

    def test_site_has_its_files_and_licences(self):
        for name in ['index.html', 'ttt-page.js', 'ttt-page.css', 'ttt-mirror.js', 'ttt-sw.js',
                     'manifest.webmanifest', 'icon.svg', 'icon-128.png', 'icon-256.png',
                     'tictactoe.js', 'tictactoe.wasm', 'tictactoe.worker.js', 'tictactoe.data',
                     'licenses/README.txt', 'licenses/ttt/LICENSE', 'licenses/SDL2/LICENSE.txt',
                     'licenses/SDL2_ttf/LICENSE.txt', 'licenses/FreeType/FTL.TXT',
'licenses/DejaVu/LICENSE-DejaVu.txt',
                     'licenses/coi-serviceworker/LICENSE',
                     'licenses/Emscripten/debian-copyright']:
            self.assertTrue(os.path.isfile(os.path.join(wc.SITE, name)), name)


class Playing(WebTestCase):

    def test_click_places_a_mark_and_the_computer_answers(self):
        b = self.browser()
        st = b.open_game(self.plain.url)
        self.assertEqual(st['human'], 'X')
        self.assertEqual(st['turn'], 'X')
        b.click(*w.square_center(st, 1, 1))
        st = b.wait_state(lambda s: s['board'].count('O') == 1, "the computer's answer")
        self.assertEqual(st['board'][4], 'X')
        self.assertEqual(st['board'].count('X'), 1)
        self.assertEqual(st['turn'], 'X')
        # The computer moved from its own thread and said how long it took.
        self.assertEqual(st['aiMoves'], 1)
        self.assertGreater(st['aiLastMs'], 0)
        b.screenshot(artifact('laptop-1280x800-first-moves.png'))

    def test_a_scripted_player_beats_easy_and_the_line_is_struck_through(self):
        b = self.browser()
        self.open_with_settings(b, self.plain.url, EASY_FAST)
        for _ in range(MAX_GAMES_TO_WIN):
            st = self.play_one_game(b)
            if st['winner'] == st['human']:
                break
            self.new_game(b)
        else:
            self.fail(f'no win against Easy in {MAX_GAMES_TO_WIN} games')
        self.assertEqual(len(st['strikes']), 1, st)
        self.assertEqual(st['scores']['wins'][0], 1)
        r0, c0, r1, c1 = st['strikes'][0]
        # The strike-through on screen: the point halfway between the
        # line's first two squares (on the grid line between them) turns
        # the strike's colour once its animation has drawn it.
        x0, y0 = w.square_center(st, r0, c0)
        step_r, step_c = (r1 - r0) / 2, (c1 - c0) / 2
        x1, y1 = w.square_center(st, r0 + step_r, c0 + step_c)
        px, py = int((x0 + x1) / 2), int((y0 + y1) / 2)

        def struck():
            shot = b.screenshot(artifact('laptop-1280x800-won.png'))
            return w.near(w.pixel(shot, px, py), w.STRIKE_RGB)
        w.wait_for(struck, 'the strike-through on screen', interval=0.3)
        # The squares off the line are not struck (the colour is the
        # strike's, not everywhere on the board).
        shot = artifact('laptop-1280x800-won.png')
        line = {(r0 + i * (r1 - r0) // 2, c0 + i * (c1 - c0) // 2) for i in range(3)}
        for r in range(3):
            for c in range(3):
                if (r, c) not in line:
                    x, y = w.square_center(st, r, c)
                    self.assertFalse(w.near(w.pixel(shot, int(x), int(y)), w.STRIKE_RGB), (r, c))

    def test_keyboard_moves_overlay_and_mute(self):
        b = self.browser()
        st = b.open_game(self.plain.url)
        b.key('5')  # the centre on a numeric keypad's layout
        st = b.wait_state(lambda s: s['board'][4] == 'X', 'X in the centre from the 5 key')
        b.wait_state(lambda s: s['aiMoves'] == 1 and not s['thinking'], "the computer's answer")
        from selenium.webdriver.common.keys import Keys
        b.key(Keys.F3)
        st = b.wait_state(lambda s: s['overlay'][0] != '', 'the performance overlay')
        # The overlay measures in the browser: the frame budget and the AI.
        text = ' '.join(st['overlay'])
        self.assertIn('ms', text)
        self.assertGreater(st['frameBudgetMs'], 0)
        b.screenshot(artifact('laptop-1280x800-overlay.png'))
        self.assertTrue(st['sound'])
        b.key('m')
        b.wait_state(lambda s: not s['sound'], 'sound off with M')


    def test_the_games_ctrl_keys_stay_with_the_game(self):
        b = self.browser()
        b.open_game(self.plain.url)
        prevented = b.js(
            "return ['s', 'z', 'y'].map(function (k) {"
            "  var e = new KeyboardEvent('keydown', {key: k, ctrlKey: true, bubbles: true, cancelable: true});"
            "  document.body.dispatchEvent(e); return e.defaultPrevented; });")
        # Ctrl+S (the browser's "Save page"), Ctrl+Z, Ctrl+Y are the game's.
        self.assertEqual(prevented, [True, True, True])
        # So are F1 and F10 (the browser's menu bar), also from the mirror.
        prevented = b.js(
            "var m = document.getElementById('mirror');"
            "return ['F1', 'F10'].map(function (k) {"
            "  var e = new KeyboardEvent('keydown', {key: k, bubbles: true, cancelable: true});"
            "  m.dispatchEvent(e); return e.defaultPrevented; });")
        self.assertEqual(prevented, [True, True])

    def test_the_help_lists_only_keys_that_work_here(self):
        # Issue 28: saving a record is off in the browser, so the help (on
        # the canvas and in the mirror) lists no Ctrl+S, and F10's line
        # leaves saving out.
        b = self.browser()
        b.open_game(self.plain.url)
        b.key(Keys.F1)
        lines = w.wait_for(lambda: b.js(
            "var d = document.querySelector('#m-dialog ul');"
            "return d ? Array.prototype.map.call(d.querySelectorAll('li'),"
            " function (li) { return li.textContent; }) : null;"), 'the help in the mirror')
        self.assertTrue(any(line.startswith('F1, ?') for line in lines), lines)
        self.assertFalse(any(line.startswith('Ctrl+S:') for line in lines), lines)
        self.assertIn('F10: Menu: review, replay, statistics', lines)


class Persistence(WebTestCase):

    def wait_saved(self, b, what):
        """Until the saver has written every snapshot handed to it."""
        return b.wait_state(lambda s: s['saves'] >= s['saveJob'] > 0 and not s['saveFailed'], what)

    def test_reload_keeps_settings_and_scores(self):
        b = self.browser()
        self.open_with_settings(b, self.plain.url, EASY_FAST)
        st = self.play_one_game(b)
        scores = st['scores']
        job = b.state()['saveJob']
        b.key('m')  # a setting: sound off
        b.wait_state(lambda s: not s['sound'] and s['saveJob'] > job, 'sound off, to be saved')
        self.wait_saved(b, 'the settings and scores saved')
        text = self.stored_settings(b)
        self.assertIn('sound = off', text)
        st = b.reload()
        self.assertEqual(st['scores'], scores)
        self.assertEqual(self.finished_games(st), 1)
        self.assertFalse(st['sound'])
        self.assertEqual(st['board'], '.' * 9)

    def test_two_tabs_add_up_their_scores(self):
        a = self.browser()
        self.open_with_settings(a, self.plain.url, EASY_FAST)
        # A second window of the same browser (the same storage), opened
        # before either has played: each starts from the same scores.
        first = a.driver.current_window_handle
        a.driver.switch_to.new_window('window')
        second = a.driver.current_window_handle
        a.open_game(self.plain.url)
        played = 0
        for handle in (first, second, first):
            a.driver.switch_to.window(handle)
            # The tabs follow each other (issue 28: each tab's saver looks
            # at the storage every second): before this tab plays, it must
            # have taken the other's scores and followed the other's game
            # to its end (or kept its own empty board, where a finished game
            # is not taken); a move made on a game that is still being
            # followed would change a game the other tab has replaced.
            st = a.wait_state(lambda s: self.finished_games(s) == played and
                              (s['gameOver'] or s['board'].count('X') + s['board'].count('O') <= 1),
                              "the other tab's games in this tab")
            if st['gameOver']:
                self.new_game(a)
            self.play_one_game(a)
            played += 1
            self.wait_saved(a, 'a save from this tab')
            self.new_game(a)
            self.wait_saved(a, 'the new game saved')
        # Three games, two in the first tab, one in the second: the file
        # has all three, whichever tab saved last.
        a.driver.switch_to.window(second)
        st = a.reload()
        self.assertEqual(self.finished_games(st), 3, st['scores'])
        a.driver.switch_to.window(first)
        st = a.reload()
        self.assertEqual(self.finished_games(st), 3, st['scores'])

    def test_two_tabs_stay_in_step(self):
        # Issue 28: a move, a setting and the scores of one tab show in the
        # other (each tab's saver looks at the storage every second), and
        # a tab whose game went another way does not overwrite the other's
        # game in progress: it says so.
        a = self.browser()
        self.open_with_settings(a, self.plain.url, '[settings]\nmode = two-players\n')
        first = a.driver.current_window_handle
        a.driver.switch_to.new_window('window')
        second = a.driver.current_window_handle
        a.open_game(self.plain.url)
        a.driver.switch_to.window(first)
        a.click(*w.square_center(a.state(), 1, 1))
        a.wait_state(lambda s: s['board'][4] == 'X', 'X in the centre')
        a.driver.switch_to.window(second)
        a.wait_state(lambda s: s['board'] == '....X....', "the first tab's move in the second")
        # O answers in the second tab; the first follows.
        a.click(*w.square_center(a.state(), 0, 0))
        a.wait_state(lambda s: s['board'] == 'O...X....', 'O in the corner')
        # A setting, from the second tab: sound off shows in the first.
        a.key('m')
        a.wait_state(lambda s: not s['sound'], 'sound off')
        a.driver.switch_to.window(first)
        a.wait_state(lambda s: s['board'] == 'O...X....' and not s['sound'],
                     "the second tab's move and setting in the first")
        # The second tab's game goes another way before the first has seen
        # it (written into the storage as that tab's saver would); in the
        # same script the first tab plays: its save would overwrite the
        # other's game in progress, and is refused, with a notice.
        game_key = w.settings_key()[:-len('.ini')] + '.ttt'
        mine = a.js('return localStorage.getItem(arguments[0])', game_key)
        self.assertTrue(mine and mine.endswith('2 2\n1 1\n'), mine)
        theirs = mine + '3 3\n'
        a.js('localStorage.setItem(arguments[0], arguments[1]);'
             'Module._ttt_web_mirror_press(0, 0, 2); return true;', game_key, theirs)
        st = a.wait_state(lambda s: 'Another window' in s['status'], 'the refusal said')
        self.assertEqual(st['board'], 'O.X.X....')
        self.assertEqual(a.js('return localStorage.getItem(arguments[0])', game_key), theirs)
        # Scores: the second tab finishes a game; the first shows its score.
        a.driver.switch_to.window(second)
        st = a.wait_state(lambda s: s['board'] == 'O...X...X', "the other game's third move")
        for row, col in ((0, 1), (0, 2), (2, 0), (1, 0), (1, 2), (2, 1)):
            st = a.state()
            if st['gameOver']:
                break
            a.click(*w.square_center(st, row, col))
            a.wait_state(lambda s, n=st['board'].count('.'): s['board'].count('.') < n or s['gameOver'],
                         'the move placed')
        st = a.wait_state(lambda s: s['gameOver'], 'the game over')
        self.wait_saved(a, 'the second tab saved its score')
        scores = st['scores']
        a.driver.switch_to.window(first)
        a.wait_state(lambda s: s['scores'] == scores, "the second tab's score in the first")

    def test_reload_during_a_save_loses_nothing(self):
        a = self.browser()
        self.open_with_settings(a, self.plain.url, EASY_FAST)
        self.play_one_game(a)
        self.wait_saved(a, 'the first game saved')
        saved = self.stored_settings(a)
        first_tab = a.driver.current_window_handle
        # Another window of the site holds the settings' lock, as a tab in
        # the middle of its own save would: this tab's next save waits.
        a.driver.switch_to.new_window('window')
        holder = a.driver.current_window_handle
        a.open_game(self.plain.url)
        a.js("navigator.locks.request(arguments[0], () => new Promise(r => { window.releaseLock = r; }));"
             "return true;", w.settings_key() + '.lock')
        w.wait_for(lambda: a.js('return !!window.releaseLock'), 'the lock held')
        a.driver.switch_to.window(first_tab)
        self.new_game(a)
        st = self.play_one_game(a)
        w.wait_for(lambda: a.state()['saveJob'] > a.state()['saves'], 'a save waiting for the lock')
        # The game goes on while its save waits: frames are still drawn.
        frames = a.state()['frames']
        self.new_game(a)
        self.assertGreater(a.state()['frames'], frames)
        self.assertEqual(self.stored_settings(a), saved)
        # Reloaded in the middle of that save: the storage holds the last
        # complete version, and the page starts from it.
        st = a.reload()
        self.assertEqual(self.stored_settings(a), saved)
        # The held-up game's result is not in that version. The game in
        # progress comes back from its own entry (docs/game.md), which the
        # saver writes after the held-up save, so it may be a move or two
        # short of that game's end: when the computer then ends it, its
        # result counts, once.
        resumed_and_ended = 1 if st['gameOver'] else 0
        finished = self.finished_games(st)
        self.assertEqual(finished, 1 + resumed_and_ended)
        # The holder lets go; saves go through again, onto that version.
        a.driver.switch_to.window(holder)
        a.js('window.releaseLock()')
        a.driver.switch_to.window(first_tab)
        if st['gameOver']:
            self.new_game(a)
        self.play_one_game(a)
        self.wait_saved(a, 'a save after the lock was let go')
        st = a.reload()
        self.assertEqual(self.finished_games(st), finished + 1)


    def test_blocked_storage_plays_without_saving(self):
        b = self.browser()
        # A browser that does not let the page use its storage (the user
        # blocked it for the site, some private modes).
        b.before_every_page("Object.defineProperty(window, 'localStorage', {get: function () {"
                            "throw new DOMException('The user denied it', 'SecurityError'); }});")
        st = b.open_game(self.isolating.url)
        st = self.play_one_game(b)
        self.assertEqual(self.finished_games(st), 1)
        self.assertEqual(st['saves'], 0)
        # Said once, as a warning: the game is not broken.
        b.console_entries()
        warnings = [e['message'] for e in b.console if e['level'] == 'WARNING' and 'settings.ini' in e['message']]
        self.assertEqual(len(warnings), 1, warnings)


class PhoneAndLaptop(WebTestCase):

    def test_phone_portrait_fits_and_taps(self):
        b = self.browser(width=390, height=844, scale=3, mobile=True)
        st = b.open_game(self.plain.url)
        vw, vh, dpr = b.js('return [innerWidth, innerHeight, devicePixelRatio]')
        self.assertEqual((vw, vh, dpr), (390, 844, 3))
        # The canvas draws at the device's pixels.
        self.assertEqual((st['window']['outW'], st['window']['outH']), (390 * 3, 844 * 3))
        # Nothing scrolls: the page is exactly the viewport.
        self.assertLessEqual(b.js('return document.scrollingElement.scrollHeight'), vh)
        self.assertLessEqual(b.js('return document.scrollingElement.scrollWidth'), vw)
        rects = [st['boardRect']] + st['buttons']
        for r in rects:
            self.assertGreaterEqual(r['x'], 0, r)
            self.assertGreaterEqual(r['y'], 0, r)
            self.assertLessEqual(r['x'] + r['w'], vw, r)
            self.assertLessEqual(r['y'] + r['h'], vh, r)
        for i, r in enumerate(st['buttons']):
            for q in st['buttons'][i + 1:]:
                apart = (r['x'] + r['w'] <= q['x'] or q['x'] + q['w'] <= r['x'] or
                         r['y'] + r['h'] <= q['y'] or q['y'] + q['h'] <= r['y'])
                self.assertTrue(apart, (r, q))
        b.screenshot(artifact('phone-390x844-start.png'))
        # A tap on a square plays it; a tap on Menu opens the game menu, one
        # on its Settings entry the settings, one on their Done button
        # closes them.
        b.tap(*w.square_center(st, 0, 0))
        st = b.wait_state(lambda s: s['board'][0] == 'X' and s['board'].count('O') == 1,
                          'the tapped square and the answer')
        b.tap(*w.rect_center(st['buttons'][w.BUTTON_MENU]))
        st = b.wait_state(lambda s: s['gameMenuOpen'], 'the game menu open')
        b.screenshot(artifact('phone-390x844-menu.png'))
        for r in st['gameMenuRows']:
            self.assertGreaterEqual(r['y'], 0, r)
            self.assertLessEqual(r['y'] + r['h'], vh, r)
        # On a phone the panels are the mirror's rows of buttons over the
        # canvas (web/ttt-mirror.js).
        b.tap(*w.mirror_center(b, 'menu-%d' % w.GAMEMENU_SETTINGS))
        st = b.wait_state(lambda s: s['menuOpen'], 'the settings open')
        w.wait_for(lambda: b.js("return !!document.querySelector('[data-key=\"done\"]')"), 'the settings panel')
        b.screenshot(artifact('phone-390x844-settings.png'))
        b.tap(*w.mirror_center(b, 'done'))
        b.wait_state(lambda s: not s['menuOpen'], 'the settings closed')
        # Two quick taps do not zoom the page, a long press opens no menu.
        x, y = w.square_center(st, 2, 2)
        b.tap(x, y)
        b.tap(x, y)
        self.assertEqual(b.js('return visualViewport.scale'), 1)
        prevented = b.js("var e = new MouseEvent('contextmenu', {bubbles: true, cancelable: true});"
                         "document.getElementById('canvas').dispatchEvent(e); return e.defaultPrevented;")
        self.assertTrue(prevented)
        b.screenshot(artifact('phone-390x844-playing.png'))

    def check_touch_sizes(self, b, st, where):
        """Every drawn button, the mirror's controls and every text of the
        main screen at a phone's sizes: 44 CSS px both ways, 16 px text."""
        for i, r in enumerate(st['buttons']):
            self.assertGreaterEqual(min(r['w'], r['h']), 44, (where, i, r))
        for name, px in st['fonts'].items():
            if name != 'list':
                self.assertGreaterEqual(px, 16, (where, name, st['fonts']))
        rects = b.js(
            "return [].slice.call(document.querySelectorAll('#mirror button, #mirror [role=slider]'))"
            ".filter(function (e) { return e.offsetParent !== null && !e.classList.contains('m-sr'); })"
            ".map(function (e) { var r = e.getBoundingClientRect();"
            "  return [e.dataset.key, r.width, r.height, parseFloat(getComputedStyle(e).fontSize)]; })")
        self.assertTrue(rects, where)
        for key, width, height, font in rects:
            self.assertGreaterEqual(min(width, height), 44, (where, key, width, height))
            self.assertGreaterEqual(font, 16, (where, key, font))
        return rects

    def test_phone_controls_are_44_px_and_text_16_px(self):
        for width, height in ((390, 844), (844, 390)):
            with self.subTest(size=f'{width}x{height}'):
                b = self.browser(width=width, height=height, scale=3, mobile=True)
                st = b.open_game(self.plain.url)
                w.wait_for(lambda: b.js('return window.tttMirror.model()'), 'the mirror')
                rects = self.check_touch_sizes(b, st, 'game')
                sizes = {k: (round(x), round(y)) for k, x, y, _ in rects}
                print(f'\n{width}x{height} game: {sizes} fonts {st["fonts"]}', file=sys.stderr)
                model = b.js('return window.tttMirror.model()')
                if height > width:
                    # The phone layout: the status at the top, the board
                    # under it, the buttons at the bottom.
                    self.assertLessEqual(model['statusRect']['y'], 24, model['statusRect'])
                    self.assertLess(st['boardRect']['y'], st['buttons'][0]['y'])
                    self.assertGreaterEqual(st['buttons'][0]['y'] + st['buttons'][0]['h'], height - 120)
                    b.screenshot(artifact(f'phone-{width}x{height}-game.png'))
                # The game menu and the settings: the mirror's own panel,
                # rows of real buttons.
                b.tap(*w.rect_center(st['buttons'][w.BUTTON_MENU]))
                st = b.wait_state(lambda s: s['gameMenuOpen'], 'the game menu')
                w.wait_for(lambda: b.js("return !document.getElementById('m-dialog').hidden"), 'the menu panel')
                self.check_touch_sizes(b, st, 'menu')
                b.screenshot(artifact(f'phone-{width}x{height}-menu.png'))
                b.tap(*w.mirror_center(b, 'menu-%d' % w.GAMEMENU_SETTINGS))
                st = b.wait_state(lambda s: s['menuOpen'], 'the settings')
                w.wait_for(lambda: b.js("return !!document.querySelector('[data-key=\"done\"]')"), 'the settings panel')
                rects = self.check_touch_sizes(b, st, 'settings')
                print(f'{width}x{height} settings: {len(rects)} controls, smallest '
                      f'{min(min(x, y) for _, x, y, _ in rects):.0f} px', file=sys.stderr)
                b.screenshot(artifact(f'phone-{width}x{height}-settings.png'))
                # A tap on a choice changes the setting.
                key = b.js("var e = [].slice.call(document.querySelectorAll('#m-dialog [role=group] button'))"
                           ".filter(function (e) { return e.textContent === 'Hard'; })[0];"
                           "e.scrollIntoView(); return e.dataset.key;")
                b.tap(*w.mirror_center(b, key))
                w.wait_for(lambda: 'difficulty = hard' in (self.stored_settings(b) or ''), 'Hard saved')
                b.tap(*w.mirror_center(b, 'done'))
                b.wait_state(lambda s: not s['menuOpen'], 'the settings closed')

    def test_laptop_size_scales_with_the_device_pixel_ratio(self):
        b = self.browser(width=1280, height=800, scale=2)
        st = b.open_game(self.plain.url)
        self.assertEqual((st['window']['w'], st['window']['h']), (1280, 800))
        self.assertEqual((st['window']['outW'], st['window']['outH']), (2560, 1600))
        r = st['boardRect']
        self.assertLessEqual(r['y'] + r['h'], 800)


if __name__ == '__main__':
    args = sys.argv[1:]
    if args and os.path.isdir(args[-1]):
        wc.SITE = os.path.abspath(args.pop())
    os.makedirs(wc.ARTIFACTS, exist_ok=True)
    try:
        unittest.main(argv=[sys.argv[0]] + args)
    finally:
        for site in (WebTestCase.plain, WebTestCase.isolating):
            if site:
                site.stop()
