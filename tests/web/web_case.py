"""web_case.py - what the browser tests share (test_web.py,
test_web_access.py): the site under test and where screenshots go, the
settings the tests start from, and WebTestCase (the two local hosts for
the whole run, a fresh browser per test checked for console errors, and
helpers that play the page as a person would).
"""
import os
import unittest

import webgame as w

# The site under test: test_web.py's SITE_DIR argument sets it.
SITE = os.environ.get('TTT_WEB_SITE', os.path.join(w.ROOT, 'build-web', 'site'))
ARTIFACTS = os.environ.get('TTT_WEB_ARTIFACTS', os.path.join(w.ROOT, 'build-web', 'artifacts'))

# Settings written into the page's storage before a test loads it: the
# computer at its weakest and without its pause, so that a scripted player
# wins in a few games.
EASY_FAST = '[settings]\ndifficulty = easy\nthink_delay_ms = 0\n'
# Games a scripted player gets to win one against Easy (each is a fair
# game; Easy errs often enough that a win comes in a few).
MAX_GAMES_TO_WIN = 40


def artifact(name):
    return os.path.join(ARTIFACTS, name)


class WebTestCase(unittest.TestCase):
    """Servers for the whole run; one browser (a fresh profile) per test,
    checked for console errors at the end."""

    plain = None
    isolating = None

    @classmethod
    def setUpClass(cls):
        if not os.path.isfile(os.path.join(SITE, 'index.html')):
            raise unittest.SkipTest(f'no site in {SITE}: run scripts/build-web.sh first')
        # A plain static host (no headers: the page isolates itself with
        # its service worker), and one that sends COOP/COEP.
        WebTestCase.plain = WebTestCase.plain or w.Site(SITE, plain=True)
        WebTestCase.isolating = WebTestCase.isolating or w.Site(SITE, plain=False)

    def setUp(self):
        self.browsers = []

    def browser(self, **kwargs):
        b = w.Browser(**kwargs)
        self.browsers.append(b)
        return b

    def tearDown(self):
        try:
            for b in self.browsers:
                errors = b.console_errors()
                self.assertEqual(errors, [], 'errors in the browser console')
        finally:
            for b in self.browsers:
                b.close()

    # -- helpers -------------------------------------------------------------

    def store_settings(self, b, text):
        """Put a settings file into the page's storage (before a reload)."""
        b.js('localStorage.setItem(arguments[0], arguments[1])', w.settings_key(), text)

    def stored_settings(self, b):
        return b.js('return localStorage.getItem(arguments[0])', w.settings_key())

    def open_with_settings(self, b, url, text):
        """Open the page once (its origin, its service worker), store the
        settings, and load it again with them."""
        b.open_game(url)
        self.store_settings(b, text)
        return b.reload()

    def play_one_game(self, b, click=None):
        """Play the game on screen to its end as the scripted player
        (w.choose_move), with clicks (or taps); returns the final state."""
        click = click or b.click
        st = b.state()
        me = st['human']
        other = 'O' if me == 'X' else 'X'
        while True:
            st = b.wait_state(lambda s: s['gameOver'] or (s['turn'] == me and not s['thinking']),
                              'your turn or the end of the game')
            if st['gameOver']:
                return st
            move = w.choose_move(st['board'], me, other)
            self.assertIsNotNone(move, st)
            before = st['board']
            click(*w.square_center(st, *move))
            b.wait_state(lambda s, before=before: s['board'] != before, 'the mark on the board')

    def new_game(self, b):
        st = b.state()
        b.click(*w.rect_center(st['buttons'][w.BUTTON_NEW_GAME]))
        return b.wait_state(lambda s: not s['gameOver'] and s['board'].count('X') +
                            s['board'].count('O') <= 1, 'a new game')

    def finished_games(self, st):
        return st['scores']['wins'][0] + st['scores']['wins'][1] + st['scores']['draws']
