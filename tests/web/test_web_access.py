"""test_web_access.py - the browser tests of the page's accessibility and
its edges: the screen reader's mirror (Chromium's accessibility tree), the
fonts' glyphs, the page's language, sound, and a page that cannot run the
game. Run through test_web.py, which runs every browser test:

    /usr/bin/python3 tests/web/test_web.py [-v] [ScreenReader ...] [SITE_DIR]
"""
import os
import sys
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import webgame as w  # noqa: E402
import web_case as wc  # noqa: E402
from web_case import EASY_FAST, WebTestCase, artifact  # noqa: E402,F401
from selenium.webdriver.common.keys import Keys  # noqa: E402


class ScreenReader(WebTestCase):
    """The screen-reader mirror (web/ttt-mirror.js): what Chromium's
    accessibility tree holds, and a whole game, a setting and a hint
    through the mirror's elements and keys only."""

    def wait_mirror(self, b):
        return w.wait_for(lambda: b.js('return window.tttMirror && window.tttMirror.model()'),
                          'the mirror')

    def announced(self, b):
        return b.js('return window.tttMirror.announced()')

    def test_the_board_is_a_grid_and_the_canvas_is_hidden(self):
        b = self.browser()
        b.open_game(self.plain.url)
        self.wait_mirror(b)
        nodes = w.ax_nodes(b)
        roles = [r for r, _, _ in nodes]
        # The canvas is not in the tree; the board is a grid of 3 rows of
        # 3 cells, each holding a button named after its square.
        self.assertNotIn('Canvas', roles)
        grids = [n for r, n, _ in nodes if r == 'grid']
        self.assertEqual(len(grids), 1, grids)
        self.assertIn('3 in a row', grids[0])
        self.assertEqual(roles.count('row'), 3)
        self.assertEqual(roles.count('gridcell'), 9)
        names = [n for r, n, _ in nodes if r == 'button']
        for row in range(1, 4):
            for col in range(1, 4):
                self.assertIn(f'row {row}, column {col}, empty', names)
        for label in ('New game', 'Undo', 'Redo', 'Hint', 'Menu'):
            self.assertIn(label, names)
        # One polite live region; the status and the scores as text.
        live = [node for _, _, node in nodes if w.ax_property(node, 'live') == 'polite']
        self.assertEqual(len(live), 1, live)
        text = ' '.join(n for _, n, _ in nodes)
        self.assertIn('You (X): 0', text)
        self.assertIn('Your move', text)
        # A click on the canvas is a move the mirror names and announces.
        st = b.state()
        b.click(*w.square_center(st, 1, 1))
        b.wait_state(lambda s: s['board'].count('O') == 1, "the computer's answer")
        w.wait_for(lambda: any(n == 'row 2, column 2, X' for r, n, _ in w.ax_nodes(b) if r == 'button'),
                   'the square named after its mark')
        said = ' '.join(self.announced(b))
        self.assertIn('X: row 2, column 2', said)
        self.assertRegex(said, r'O: row \d, column \d')

    def go_to_square(self, b, row, col):
        """Move the grid's focus to (row, col) with the arrow keys."""
        key = w.focused_key(b)
        self.assertTrue(key and key.startswith('cell-'), key)
        r, c = (int(x) for x in key.split('-')[1:])
        for _ in range(abs(row - r)):
            b.key(Keys.ARROW_DOWN if row > r else Keys.ARROW_UP)
        for _ in range(abs(col - c)):
            b.key(Keys.ARROW_RIGHT if col > c else Keys.ARROW_LEFT)
        self.assertEqual(w.focused_key(b), f'cell-{row}-{col}')

    def tab_to(self, b, key, limit=40, back=False):
        for _ in range(limit):
            now = w.focused_key(b) or ''
            if now == key or (key.endswith('-') and now.startswith(key)):
                return
            if back:
                w.ActionChains(b.driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
            else:
                b.key(Keys.TAB)
        self.fail(f'Tab never reached {key} (at {w.focused_key(b)})')

    def test_a_whole_game_a_setting_and_a_hint_through_the_mirror(self):
        b = self.browser()
        self.open_with_settings(b, self.plain.url, EASY_FAST)
        self.wait_mirror(b)
        # Tab from the page goes into the board, on one square.
        b.key(Keys.TAB)
        self.assertTrue(w.focused_key(b).startswith('cell-'), w.focused_key(b))
        # A hint, asked for with the mirror's Hint button and read out.
        self.tab_to(b, 'btn-3')
        b.key(Keys.ENTER)
        w.wait_for(lambda: 'Hint: ' in ' '.join(self.announced(b)), 'the hint announced')
        self.assertRegex(' '.join(self.announced(b)), r'Hint: row \d, column \d, (Win|Draw|Loss)')
        # Back to the board, and a whole game with the arrows and Enter.
        self.tab_to(b, 'cell-', back=True)
        st = b.state()
        me, other = st['human'], 'O' if st['human'] == 'X' else 'X'
        moves = 0
        while True:
            st = b.wait_state(lambda s: s['gameOver'] or (s['turn'] == me and not s['thinking']),
                              'your turn or the end of the game')
            if st['gameOver']:
                break
            move = w.choose_move(st['board'], me, other)
            before = st['board']
            self.go_to_square(b, *move)
            b.key(Keys.ENTER)
            b.wait_state(lambda s, before=before: s['board'] != before, 'the mark on the board')
            moves += 1
        self.assertGreaterEqual(moves, 3)
        self.assertEqual(self.finished_games(st), 1)
        w.wait_for(lambda: st['status'] in ' '.join(self.announced(b)), 'the result announced')
        said = self.announced(b)
        text = ' '.join(said)
        # Every move of both players was announced, and the result.
        self.assertEqual(text.count(me + ': row'), st['board'].count(me), said)
        self.assertEqual(text.count(other + ': row'), st['board'].count(other), said)
        live = [node for _, _, node in w.ax_nodes(b) if w.ax_property(node, 'live') == 'polite']
        self.assertEqual(len(live), 1)
        b.screenshot(artifact('mirror-game-over.png'))
        # The finished game's review: the arrows drawn as glyphs have words.
        self.tab_to(b, 'btn-3')
        b.key(Keys.ENTER)
        w.wait_for(lambda: b.js('return window.tttMirror.model().panel') == 'review', 'the review')
        names = [n for r, n, _ in w.ax_nodes(b) if r == 'button']
        self.assertIn('Previous move', names)
        self.assertIn('Next move', names)
        self.tab_to(b, 'btn-0', back=True)
        b.key(Keys.ENTER)
        w.wait_for(lambda: b.js('return window.tttMirror.model().panel') == '', 'the review closed')
        # The statistics through the Menu: the finished game in words.
        self.tab_to(b, 'btn-4')
        b.key(Keys.ENTER)
        w.wait_for(lambda: (w.focused_key(b) or '').startswith('menu-'), 'the focus in the game menu')
        self.tab_to(b, 'menu-%d' % w.GAMEMENU_STATS)
        b.key(Keys.ENTER)
        w.wait_for(lambda: b.js('return window.tttMirror.model().panel') == 'stats', 'the statistics')
        texts = ' '.join(n for _, n, _ in w.ax_nodes(b))
        self.assertRegex(texts, r'Won \d+, Drawn \d+, Lost \d+, Best streak \d+')
        b.key(Keys.ESCAPE)
        w.wait_for(lambda: b.js('return window.tttMirror.model().panel') == '', 'the statistics closed')
        # A setting: Menu, its Settings entry, the difficulty Hard, Esc;
        # the focus comes back to the Menu button.
        self.tab_to(b, 'btn-4')
        b.key(Keys.ENTER)
        w.wait_for(lambda: (w.focused_key(b) or '').startswith('menu-'), 'the focus in the game menu')
        nodes = w.ax_nodes(b)
        self.assertIn(('dialog', 'Menu'), [(r, n) for r, n, _ in nodes])
        self.assertNotIn('grid', [r for r, _, _ in nodes])
        self.tab_to(b, 'menu-%d' % w.GAMEMENU_SETTINGS)
        b.key(Keys.ENTER)
        w.wait_for(lambda: (w.focused_key(b) or '').startswith('opt-'), 'the focus in the settings')
        hard = b.js(
            "var g = document.querySelectorAll('#m-dialog [role=group]');"
            "for (var i = 0; i < g.length; i++) {"
            "  if (g[i].getAttribute('aria-label') !== 'Difficulty') continue;"
            "  var bs = g[i].querySelectorAll('button');"
            "  for (var j = 0; j < bs.length; j++) if (bs[j].textContent === 'Hard') return bs[j].dataset.key;"
            "}"
            "return null;")
        self.assertTrue(hard, 'the Difficulty row')
        self.tab_to(b, hard)
        b.key(Keys.SPACE)
        w.wait_for(lambda: 'difficulty = hard' in (self.stored_settings(b) or ''), 'Hard saved')
        w.wait_for(lambda: b.js('return document.querySelector(\'[data-key="%s"]\').getAttribute("aria-pressed")'
                                % hard) == 'true', 'Hard pressed')
        b.screenshot(artifact('mirror-settings.png'))
        b.key(Keys.ESCAPE)
        b.wait_state(lambda s: not s['menuOpen'], 'the settings closed')
        w.wait_for(lambda: w.focused_key(b) == 'btn-4', 'the focus back on Menu')

    def test_the_mirror_speaks_the_game_language(self):
        b = self.browser(languages=['de-DE', 'de'])
        b.open_game(self.isolating.url)
        self.wait_mirror(b)
        self.assertEqual(b.js('return document.documentElement.lang'), 'de')
        names = [n for r, n, _ in w.ax_nodes(b) if r == 'button']
        self.assertIn('Zeile 1, Spalte 1, leer', names)
        self.assertIn('Neues Spiel', names)


class Fonts(unittest.TestCase):
    """The fonts in tictactoe.data have a glyph for every character the
    game can draw: every message of every catalogue and every string of the
    game's sources (the review's arrows are written as C escapes)."""

    def test_every_label_has_its_glyphs(self):
        import glob
        import io
        import re
        from fontTools.ttLib import TTFont
        sys.path.insert(0, os.path.join(w.ROOT, 'scripts'))
        import text_chars
        if not os.path.isfile(os.path.join(wc.SITE, 'tictactoe.data')):
            self.skipTest(f'no site in {wc.SITE}')
        with open(os.path.join(wc.SITE, 'tictactoe.js'), encoding='utf-8') as f:
            packed = re.findall(r'"filename":\s*"(/assets/fonts/[^"]+)",\s*"start":\s*(\d+),\s*"end":\s*(\d+)',
                                f.read())
        self.assertEqual(len(packed), 2, packed)
        with open(os.path.join(wc.SITE, 'tictactoe.data'), 'rb') as f:
            data = f.read()
        sources = sorted(glob.glob(os.path.join(w.ROOT, 'game', 'desktop', '**', '*.c'), recursive=True) +
                         glob.glob(os.path.join(w.ROOT, 'game', 'common', '*.c')) +
                         glob.glob(os.path.join(w.ROOT, 'po', 'tictactoe', '*.po')))
        wanted = set(text_chars.characters(sources)) - {' '}
        self.assertIn('\u25c0', wanted)  # the review's ◀, written "\xE2\x97\x80"
        self.assertIn('\u25b6', wanted)
        for name, start, end in packed:
            font = TTFont(io.BytesIO(data[int(start):int(end)]))
            cmap = font.getBestCmap()
            missing = sorted(c for c in wanted if ord(c) not in cmap)
            self.assertEqual(missing, [], f'{name} lacks {[hex(ord(c)) for c in missing]}')


class Language(WebTestCase):

    def test_language_follows_the_browser(self):
        for languages, code, title in ((['de-DE', 'de'], 'de', 'Tic-Tac-Toe'),
                                       (['fr-CA', 'en'], 'fr', 'Morpion'),
                                       (['ja', 'es-MX'], 'es', None),
                                       (['ja'], 'en', 'Tic-tac-toe')):
            with self.subTest(languages=languages):
                b = self.browser(languages=languages)
                st = b.open_game(self.isolating.url)
                self.assertEqual(st['language'], code)
                if title:
                    self.assertEqual(b.driver.title, title)
                self.assertEqual(b.js('return document.documentElement.lang'), code)
        self.assertIn('Ihr Zug', self.browsers[0].state()['status'])


class Sound(WebTestCase):

    def test_sound_starts_after_the_first_click(self):
        # The browser's own autoplay rule, as outside a test.
        b = self.browser(extra_args=['--autoplay-policy=document-user-activation-required'])
        st = b.open_game(self.plain.url)
        self.assertEqual(st['cuesPlayed'], 0)
        self.assertFalse(st['audioOpen'])
        b.click(*w.square_center(st, 0, 0))
        st = b.wait_state(lambda s: s['cuesPlayed'] >= 1 and s['audioOpen'], 'the first cue')
        state = w.wait_for(lambda: b.js(
            "return Module.SDL2 && Module.SDL2.audioContext && Module.SDL2.audioContext.state"),
            "the page's AudioContext")
        self.assertEqual(state, 'running')


class NoGame(WebTestCase):
    """A clear message instead of a blank page."""

    def assert_message(self, b):
        w.wait_for(lambda: b.js('return !document.getElementById("message").hidden'), 'the message')
        text = b.js('return document.getElementById("message").innerText')
        self.assertGreater(len(text), 40, text)
        self.assertTrue(b.js('return document.getElementById("canvas").hidden'))
        return text

    def test_without_webassembly(self):
        # A browser without WebAssembly (or with it switched off).
        b = self.browser()
        b.before_every_page('delete window.WebAssembly;')
        b.driver.get(self.isolating.url)
        self.assertIn('WebAssembly', self.assert_message(b))

    def test_without_isolation_on_an_insecure_origin(self):
        # A host name other than localhost over plain HTTP is no secure
        # context: no service worker, no isolation, no threads.
        b = self.browser(extra_args=['--host-resolver-rules=MAP ttt-plain.test 127.0.0.1'])
        port = self.plain.url.rsplit(':', 1)[1]
        b.driver.get('http://ttt-plain.test:' + port)
        self.assertIn('HTTPS', self.assert_message(b))
