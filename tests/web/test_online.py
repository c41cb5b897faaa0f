"""test_online.py - the browser plays online: a real ttt-server serving the
site and the rooms on one loopback port (--web), a browser tab (headless
Chromium, the page's WebSocket client: game/net/net_client_web.c) and a
terminal client (`ttt online`) play a game through it.

    /usr/bin/python3 tests/web/test_online.py [-v] [TEST...] [SITE_DIR]

Needs the site (scripts/build-web.sh, default build-web/site or
$TTT_WEB_SITE) and the native ttt-server and ttt ($TTT_SERVER_BIN,
$TTT_CLI_BIN, default build/server/ttt-server and build/game/cli/ttt); the
desktop game's test ($TTT_DESKTOP_BIN, default build/game/desktop/tictactoe)
is skipped without it.

- the terminal creates a room; the tab opened with "#join=CODE" joins it by
  itself (the page reads its address at start), on the server of its own
  origin (ws:// from the page's http://);
- they play in turns, each seeing the other's moves;
- the server is killed with SIGKILL mid-game and started again on the same
  port and database: the tab reconnects and resumes its seat by itself,
  the terminal too, and the game goes on to X's win, the same in both;
- a reload of the tab mid-game goes back into the same seat (kept in the
  tab's sessionStorage), and a move still works;
- a tab plays the desktop game (tictactoe without a display, driven over
  its test hook) through the server: a whole game, the result on both;
- two tabs meet through the online lobby of the screen-reader mirror only
  (web/ttt-mirror.js): one with the keyboard, as a screen reader user does,
  one as a phone with taps and the phone's keyboard in the room code's
  field; a move through the mirror's grid, and a resignation that asks
  before it gives the game up.

No step looks at a clock: each waits for what it needs, with a limit that
only catches a hang. The page drives the protocol through its test hook
(window.tttTest.net, platform/online_web_hook.c), over the same client
library the game's online screen uses.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import unittest
import urllib.request

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import webgame as w  # noqa: E402

SITE = os.environ.get('TTT_WEB_SITE', os.path.join(w.ROOT, 'build-web', 'site'))
ARTIFACTS = os.environ.get('TTT_WEB_ARTIFACTS', os.path.join(w.ROOT, 'build-web', 'artifacts'))
SERVER = os.environ.get('TTT_SERVER_BIN', os.path.join(w.ROOT, 'build', 'server', 'ttt-server'))
CLI = os.environ.get('TTT_CLI_BIN', os.path.join(w.ROOT, 'build', 'game', 'cli', 'ttt'))
DESKTOP = os.environ.get('TTT_DESKTOP_BIN',
                         os.path.join(w.ROOT, 'build', 'game', 'desktop', 'tictactoe'))

# What a browser logs by itself while the server is down (the page's own
# code logs no error): its failed WebSocket handshakes.
EXPECTED_CONSOLE = re.compile(r'WebSocket connection to .* failed')


def read(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        return f.read()


class Server:
    """ttt-server --web SITE on the loopback interface."""

    def __init__(self, work, port=0, log_name='server.log'):
        self.log = os.path.join(work, log_name)
        with open(self.log, 'w') as log:
            self.proc = subprocess.Popen(
                [SERVER, '--port', str(port), '--bind', '127.0.0.1',
                 '--db', os.path.join(work, 'rooms.db'), '--web', SITE],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log)
        m = w.wait_for(lambda: re.search(r'listening on port (\d+)', read(self.log)),
                       'ttt-server listening')
        self.port = int(m.group(1))

    def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Terminal:
    """`ttt online ARGS`, fed lines on its standard input."""

    def __init__(self, work, name, args):
        self.out = os.path.join(work, name + '.out')
        env = dict(os.environ, TTT_ONLINE_STATE=os.path.join(work, name + '.state'))
        with open(self.out, 'w') as out:
            self.proc = subprocess.Popen([CLI, 'online'] + args, stdin=subprocess.PIPE,
                                         stdout=out, stderr=subprocess.STDOUT, env=env,
                                         text=True)

    def text(self):
        return read(self.out)

    def wait(self, text, count=1):
        w.wait_for(lambda: self.text().count(text) >= count, f'"{text}" from ttt online')

    def send(self, line):
        self.proc.stdin.write(line + '\n')
        self.proc.stdin.flush()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass


class Desktop:
    """The desktop game (tictactoe) without a display: SDL's dummy video
    driver and software renderer, driven through its test hook
    (TTT_TEST_STDIO=1, game/desktop/app/app_testhook.h): commands on its
    standard input, a "state ..." line on its standard output each pass
    the game changed."""

    STATE = re.compile(r'^state board=(\S*) over=(\d) online=(\d) seat=(-?\d+) code=(\S+) '
                       r'status=(.*)$', re.M)

    def __init__(self, work, server_url, name='desktop'):
        self.out = os.path.join(work, name + '.out')
        env = dict(os.environ, SDL_VIDEODRIVER='dummy', SDL_RENDER_DRIVER='software',
                   SDL_AUDIODRIVER='dummy', TTT_TEST_STDIO='1', LANGUAGE='en', LC_ALL='C.UTF-8',
                   TICTACTOE_SETTINGS=os.path.join(work, 'desktop', 'settings.ini'))
        env.pop('TTT_SERVER', None)
        os.makedirs(os.path.join(work, 'desktop'), exist_ok=True)
        with open(self.out, 'w') as out:
            self.proc = subprocess.Popen([DESKTOP, '--server', server_url], stdin=subprocess.PIPE,
                                         stdout=out, stderr=subprocess.STDOUT, env=env, text=True)

    def states(self):
        return [dict(zip(('board', 'over', 'online', 'seat', 'code', 'status'), m.groups()))
                for m in self.STATE.finditer(read(self.out))]

    def wait(self, predicate, what):
        """The first state from now on (or the last one) that satisfies
        predicate."""
        def check():
            st = self.states()
            return st[-1] if st and predicate(st[-1]) else None
        return w.wait_for(check, f'{what} (the desktop game)')

    def send(self, line):
        self.proc.stdin.write(line + '\n')
        self.proc.stdin.flush()

    def stop(self):
        if self.proc.poll() is None:
            try:
                self.send('quit')
                self.proc.wait(30)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass


class OnlineTestCase(unittest.TestCase):

    def setUp(self):
        for path, what in ((os.path.join(SITE, 'index.html'), 'the site (scripts/build-web.sh)'),
                           (SERVER, 'ttt-server'), (CLI, 'ttt')):
            if not os.path.exists(path):
                self.skipTest(f'no {what}: {path}')
        self.work = tempfile.mkdtemp(prefix='ttt-online-web-')
        self.cleanups = [lambda: shutil.rmtree(self.work, ignore_errors=True)]

    def tearDown(self):
        for stop in reversed(self.cleanups):
            try:
                stop()
            except Exception:  # noqa: BLE001 - every one is tried
                pass

    def net(self, b):
        return b.js('return window.tttTest && window.tttTest.net.state()')

    def wait_net(self, b, predicate, what):
        def check():
            st = self.net(b)
            return st if st and predicate(st) else None
        return w.wait_for(check, what)

    def test_page_client_plays_a_terminal_and_survives_a_server_kill(self):
        """The client library itself, driven through the page's test hook
        (online_web_hook.c), on the server of the page's origin."""
        server = Server(self.work)
        self.cleanups.append(lambda: server.stop())
        url = f'ws://127.0.0.1:{server.port}/'
        # Every file of the site comes from the server, with the isolation
        # headers the game's threads need.
        for name in ('', 'tictactoe.js', 'tictactoe.wasm', 'tictactoe.data', 'tictactoe.worker.js',
                     'ttt-page.js', 'ttt-page.css', 'icon.svg', 'licenses/cJSON/LICENSE'):
            with urllib.request.urlopen(f'http://127.0.0.1:{server.port}/{name}') as r:
                self.assertEqual(r.status, 200, name)
                self.assertEqual(r.headers['Cross-Origin-Embedder-Policy'], 'require-corp', name)
                if name == 'tictactoe.wasm':
                    self.assertEqual(r.headers['Content-Type'], 'application/wasm')
        term = Terminal(self.work, 'x', ['create', '--size', '3', '--server', url])
        self.cleanups.append(term.stop)
        term.wait('Room ')
        code = re.search(r'^Room ([A-Z0-9]+):', term.text(), re.M).group(1)

        # The tab: the page and its server are one origin; the link's
        # fragment names the room.
        b = w.Browser()
        self.cleanups.append(b.close)
        b.open_game(f'http://127.0.0.1:{server.port}/')
        self.assertEqual(b.js('return window.tttTest.net.join(arguments[0])', code), 0)
        st = self.wait_net(b, lambda s: s['seat'] == 1 and s.get('room', {}).get('status') == 'playing',
                           'the tab in seat 2 of the room')
        self.assertEqual(st['code'], code)
        self.assertEqual(st['server'], url)
        self.assertEqual((st['connects'], st['joins']), (1, 1))
        term.wait('Your friend is here.')

        # X (the terminal) takes the top row, O (the tab) the middle one.
        term.wait('X, your move')
        term.send('1 1')
        self.wait_net(b, lambda s: len(s['room']['moves']) == 1, 'X\'s first move in the tab')
        self.assertEqual(b.js('return window.tttTest.net.move(1, 0)'), 0)
        term.wait('O plays row 2, column 1.')
        term.wait('X, your move', 2)
        term.send('1 2')
        self.wait_net(b, lambda s: len(s['room']['moves']) == 3, 'X\'s second move in the tab')

        # The server dies mid-game and comes back on the same port and
        # database: both clients reconnect and resume by themselves.
        server.kill9()
        self.wait_net(b, lambda s: not s['connected'] and s['disconnects'] >= 1,
                      'the tab noticing the server gone')
        term.wait('reconnecting')
        server = Server(self.work, server.port, 'server2.log')
        self.cleanups.append(lambda: server.stop())
        self.assertIn('1 open rooms', read(server.log))
        st = self.wait_net(b, lambda s: s['connected'] and s['joins'] >= 2,
                           'the tab back in its seat (resumed)')
        self.assertEqual(st['seat'], 1)
        self.assertEqual(st['room']['moves'], [[0, 0], [1, 0], [0, 1]])
        term.wait('Connected again.')

        # The game goes on: O in the middle, X completes the top row.
        self.assertEqual(b.js('return window.tttTest.net.move(1, 1)'), 0)
        term.wait('O plays row 2, column 2.')
        term.send('1 3')
        term.wait('X wins!')
        st = self.wait_net(b, lambda s: s['room']['status'] == 'x-won', 'the end of the game in the tab')
        self.assertEqual(st['room']['moves'], [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]])
        self.assertEqual(st['errors'], 0, st)
        self.assertIn('You win!', term.text())

        # No error on the page but the browser's own notes of the refused
        # connections while the server was down.
        errors = [e for e in b.console_errors() if not EXPECTED_CONSOLE.search(e['message'])]
        self.assertEqual(errors, [], 'errors in the browser console')

    def test_game_opened_by_a_link_plays_through_its_board(self):
        """The game itself (app_online.c, the desktop's online play): the
        link's room is joined at start, the friend's moves appear on the
        board, clicks on it are the tab's moves, and after the server's
        kill -9 and restart the tab reconnects by itself and the game is
        finished from the board."""
        server = Server(self.work)
        self.cleanups.append(lambda: server.stop())
        url = f'ws://127.0.0.1:{server.port}/'
        term = Terminal(self.work, 'x', ['create', '--size', '3', '--server', url])
        self.cleanups.append(term.stop)
        term.wait('Room ')
        code = re.search(r'^Room ([A-Z0-9]+):', term.text(), re.M).group(1)

        b = w.Browser(languages=['en-US'])
        self.cleanups.append(b.close)
        b.open_game(f'http://127.0.0.1:{server.port}/#join={code}')
        term.wait('Your friend is here.')
        term.wait('X, your move')
        term.send('1 1')
        st = b.wait_state(lambda s: s['board'][0] == 'X' and s['status'].startswith('Your move'),
                          'X\'s move on the tab\'s board, and its turn')
        self.assertIn('you are O', st['status'])
        b.click(*w.square_center(st, 1, 0))
        term.wait('O plays row 2, column 1.')
        b.wait_state(lambda s: s['board'][3] == 'O', 'the tab\'s own mark')
        term.wait('X, your move', 2)
        term.send('1 2')
        b.wait_state(lambda s: s['board'][1] == 'X' and s['status'].startswith('Your move'),
                     'X\'s second move on the tab\'s board')
        b.screenshot(os.path.join(ARTIFACTS, 'online-before-kill.png'))

        server.kill9()
        b.wait_state(lambda s: 'reconnecting' in s['status'], 'the tab saying it reconnects')
        term.wait('reconnecting')
        server = Server(self.work, server.port, 'server2.log')
        self.cleanups.append(lambda: server.stop())
        st = b.wait_state(lambda s: s['status'].startswith('Your move'), 'the tab back in its seat')
        self.assertEqual(st['board'], 'XX.O.....')
        term.wait('Connected again.')

        b.click(*w.square_center(st, 1, 1))
        term.wait('O plays row 2, column 2.')
        term.send('1 3')
        term.wait('X wins!')
        st = b.wait_state(lambda s: s['gameOver'], 'the end of the game on the tab')
        self.assertEqual((st['winner'], st['board']), ('X', 'XXXOO....'))
        self.assertEqual(st['strikes'], [[0, 0, 0, 2]])
        self.assertIn('Your friend wins', st['status'])
        b.screenshot(os.path.join(ARTIFACTS, 'online-finished.png'))
        errors = [e for e in b.console_errors() if not EXPECTED_CONSOLE.search(e['message'])]
        self.assertEqual(errors, [], 'errors in the browser console')

    def scores(self, b):
        """The score line as the screen-reader mirror has it (web/ttt-mirror.js)."""
        return b.js('return Array.from(document.querySelectorAll("#m-scores li"))'
                    '.map(function (e) { return e.textContent; })')

    def test_reloaded_tab_goes_back_into_its_seat(self):
        """A reload of the tab mid-game goes back into the same seat (its
        room code and token kept in the tab's sessionStorage): the board
        comes back and a move still works. The link's fragment is used
        once (gone from the address), and another tab of the same browser
        is not in the room. The friend is named as a person."""
        server = Server(self.work)
        self.cleanups.append(lambda: server.stop())
        url = f'ws://127.0.0.1:{server.port}/'
        term = Terminal(self.work, 'x', ['create', '--size', '3', '--server', url])
        self.cleanups.append(term.stop)
        term.wait('Room ')
        code = re.search(r'^Room ([A-Z0-9]+):', term.text(), re.M).group(1)

        b = w.Browser(languages=['en-US'])
        self.cleanups.append(b.close)
        b.open_game(f'http://127.0.0.1:{server.port}/#join={code}')
        term.wait('Your friend is here.')
        term.wait('X, your move')
        term.send('1 1')
        st = b.wait_state(lambda s: s['board'][0] == 'X' and s['status'].startswith('Your move'),
                          'X\'s move on the tab\'s board')
        self.assertTrue(st['online'])
        self.assertEqual(b.js('return location.hash'), '', 'the link used once')
        w.wait_for(lambda: self.scores(b) == ['Friend (X): 0', 'Draws: 0', 'You (O): 0'],
                   'the friend named in the scores')
        b.click(*w.square_center(st, 1, 0))
        term.wait('O plays row 2, column 1.')
        term.wait('X, your move', 2)
        term.send('1 2')
        b.wait_state(lambda s: s['board'][1] == 'X' and s['status'].startswith('Your move'),
                     'X\'s second move on the tab\'s board')

        # The reload: back in seat 2 of the same room, the friend sees the
        # seat come back.
        b.reload()
        st = b.wait_state(lambda s: s['online'] and s['status'].startswith('Your move'),
                          'the reloaded tab back in its seat')
        self.assertEqual(st['board'], 'XX.O.....')
        self.assertEqual(st['human'], 'O')
        b.click(*w.square_center(st, 1, 1))
        term.wait('O plays row 2, column 2.')
        b.wait_state(lambda s: s['board'][4] == 'O', 'the reloaded tab\'s move')

        # A second tab of the same browser keeps no seat of its own.
        first = b.driver.current_window_handle
        b.driver.switch_to.new_window('tab')
        st = b.open_game(f'http://127.0.0.1:{server.port}/')
        self.assertFalse(st['online'], st['status'])
        b.driver.close()
        b.driver.switch_to.window(first)

        term.send('1 3')
        term.wait('X wins!')
        st = b.wait_state(lambda s: s['gameOver'], 'the end of the game on the reloaded tab')
        self.assertEqual((st['winner'], st['board']), ('X', 'XXXOO....'))
        self.assertIn('Your friend wins', st['status'])
        w.wait_for(lambda: self.scores(b) == ['Friend (X): 1', 'Draws: 0', 'You (O): 0'],
                   'the friend\'s win in the scores')
        self.assertIn('You win!', term.text())
        errors = [e for e in b.console_errors() if not EXPECTED_CONSOLE.search(e['message'])]
        self.assertEqual(errors, [], 'errors in the browser console')

    def mirror_model(self, b):
        return b.js('return window.tttMirror && window.tttMirror.model()')

    def keyboard_press(self, b, key):
        """Focus the mirror's element data-key=key and press Enter on it,
        as a screen reader user does."""
        w.wait_for(lambda: b.js("var e = document.querySelector('[data-key=\"' + arguments[0] + '\"]');"
                                "if (!e || e.disabled) return false; e.focus();"
                                "return document.activeElement === e;", key),
                   f'the mirror\'s {key} focused')
        b.key(Keys.ENTER)

    def open_lobby(self, b, by_touch):
        """The game menu, then its online entry, through the mirror."""
        if by_touch:
            st = b.state()
            b.tap(*w.rect_center(st['buttons'][w.BUTTON_MENU]))
            w.wait_for(lambda: (self.mirror_model(b) or {}).get('panel') == 'menu', 'the game menu')
            b.tap(*w.mirror_center(b, f'menu-{w.GAMEMENU_ONLINE}'))
        else:
            self.keyboard_press(b, f'btn-{w.BUTTON_MENU}')
            w.wait_for(lambda: (self.mirror_model(b) or {}).get('panel') == 'menu', 'the game menu')
            self.keyboard_press(b, f'menu-{w.GAMEMENU_ONLINE}')
        w.wait_for(lambda: (self.mirror_model(b) or {}).get('panel') == 'online', 'the online lobby')

    def test_lobby_through_the_mirror_by_keyboard_and_by_phone(self):
        """The online lobby in the screen-reader mirror: a dialog with the
        room code as a real text field (which also brings up a phone's
        keyboard), its entries as buttons, the room's code and link as
        text. A keyboard-only tab creates a room, a phone tab types its
        code and joins, a move goes through the mirror's grid, and the
        phone resigns: the first tap only asks."""
        server = Server(self.work)
        self.cleanups.append(lambda: server.stop())
        site = f'http://127.0.0.1:{server.port}/'
        a = w.Browser(languages=['en-US'])
        self.cleanups.append(a.close)
        a.open_game(site)
        self.open_lobby(a, by_touch=False)
        nodes = w.ax_nodes(a)
        dialogs = [name for role, name, _ in nodes if role == 'dialog']
        self.assertIn('Play a friend online', dialogs)
        self.assertIn(('textbox', 'Room code'), [(r, n) for r, n, _ in nodes])
        names = [n for r, n, _ in nodes if r == 'button']
        self.assertIn('Create a room: 3 \u00d7 3, 3 in a row, you start', names)
        self.assertIn('Join the room', names)
        self.keyboard_press(a, 'online-0')
        info = w.wait_for(lambda: re.search(r'Room ([A-Z0-9]+) ',
                                            a.js('return document.getElementById("m-online-info").textContent')),
                          'the room\'s code in the mirror')
        code = info.group(1)
        self.assertIn(code, ' '.join(n for _, n, _ in w.ax_nodes(a)), 'the code read out')

        # The phone: the lobby is the mirror's own page of full-width rows;
        # the code typed on its keyboard into the field, Enter joins.
        p = w.Browser(width=390, height=844, scale=3, mobile=True, languages=['en-US'])
        self.cleanups.append(p.close)
        p.open_game(site)
        self.open_lobby(p, by_touch=True)
        box = p.js('var r = document.getElementById("m-code").getBoundingClientRect();'
                   'return [r.width, r.height, parseFloat(getComputedStyle('
                   'document.getElementById("m-code")).fontSize)];')
        self.assertGreaterEqual(box[1], 44, 'the field\'s height on a phone')
        self.assertGreaterEqual(box[2], 16, 'the field\'s text size on a phone')
        self.assertGreater(box[0], 300, 'the field\'s width on a phone')
        field = p.driver.find_element(By.ID, 'm-code')
        p.tap(*w.mirror_center(p, 'code'))
        field.send_keys(code)
        p.screenshot(os.path.join(ARTIFACTS, 'online-lobby-phone.png'))
        w.wait_for(lambda: p.js('return window.tttMirror.model().online.code') == code,
                   'the code in the game\'s lobby')
        field.send_keys(Keys.ENTER)
        st = p.wait_state(lambda s: s['online'] and s['human'] == 'O', 'the phone in seat 2')
        a.wait_state(lambda s: s['status'].startswith('Your move'), 'the room full, X to move')

        # X's move through the mirror's grid, from the keyboard.
        if (self.mirror_model(a) or {}).get('panel') == 'online':
            self.keyboard_press(a, 'close')
        w.wait_for(lambda: (self.mirror_model(a) or {}).get('panel') == '', 'the lobby closed')
        self.keyboard_press(a, 'cell-0-0')
        p.wait_state(lambda s: s['board'][0] == 'X' and s['status'].startswith('Your move'),
                     'X\'s move on the phone')

        # The phone resigns from its lobby: the first tap asks.
        if (self.mirror_model(p) or {}).get('panel') != 'online':
            self.open_lobby(p, by_touch=True)
        resign = 'online-4'  # screen_online.h's ONLINE_RESIGN
        p.tap(*w.mirror_center(p, resign))
        w.wait_for(lambda: p.js('return document.querySelector(\'[data-key="online-4"]\').textContent')
                   == 'Resign? Press again to give up', 'the question')
        self.assertFalse(p.state()['gameOver'])
        p.tap(*w.mirror_center(p, resign))
        st = p.wait_state(lambda s: s['gameOver'], 'the phone\'s game given up')
        self.assertEqual(st['status'], 'You resigned')
        st = a.wait_state(lambda s: s['gameOver'], 'the resignation on the keyboard tab')
        self.assertIn('resigned', st['status'])
        for b in (a, p):
            errors = [e for e in b.console_errors() if not EXPECTED_CONSOLE.search(e['message'])]
            self.assertEqual(errors, [], 'errors in the browser console')

    def test_tab_plays_the_desktop_game(self):
        """A browser tab plays the desktop game (tictactoe on SDL's dummy
        driver, driven by its test hook) through a real ttt-server: the
        desktop creates the room, the tab joins it by its link, a whole
        game by clicks on both boards (the desktop game quit and started
        again mid-game, back in its seat), and both show the result and
        name the other player as a person."""
        if not os.path.exists(DESKTOP):
            self.skipTest(f'no desktop game: {DESKTOP}')
        server = Server(self.work)
        self.cleanups.append(lambda: server.stop())
        desk = Desktop(self.work, f'ws://127.0.0.1:{server.port}/')
        self.cleanups.append(desk.stop)
        desk.wait(lambda s: s['online'] == '0', 'the game started')
        desk.send('online create')
        st = desk.wait(lambda s: s['seat'] == '0' and s['code'] != '-' and 'Waiting' in s['status'],
                       'the room created')
        code = st['code']

        b = w.Browser(languages=['en-US'])
        self.cleanups.append(b.close)
        b.open_game(f'http://127.0.0.1:{server.port}/#join={code}')
        desk.wait(lambda s: s['status'].startswith('Your move'), 'the friend come, X to move')
        tab = b.wait_state(lambda s: s['online'] and s['status'].startswith('Your friend'),
                           'the tab in seat 2, waiting for X')
        self.assertEqual(tab['human'], 'O')
        # X (the desktop) takes the top row; O (the tab) the middle one.
        # After O's first move the desktop game quits and starts again: it
        # goes back into its seat by itself (the token beside its settings).
        moves = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]
        for i, (row, col) in enumerate(moves):
            if i == 2:
                desk.stop()
                self.assertEqual(desk.proc.returncode, 0, read(desk.out))
                b.wait_state(lambda s: 'left' in s['status'], 'the tab told its friend left')
                desk = Desktop(self.work, f'ws://127.0.0.1:{server.port}/', 'desktop2')
                self.cleanups.append(desk.stop)
                st = desk.wait(lambda s: s['seat'] == '0' and s['board'] == 'X..O.....',
                               'the restarted game back in its seat')
                self.assertEqual(st['code'], code)
            if i % 2 == 0:
                desk.wait(lambda s: s['status'].startswith('Your move'), f'move {i + 1} its turn')
                desk.send(f'square {row} {col}')
            else:
                tab = b.wait_state(lambda s: s['status'].startswith('Your move'),
                                   f'move {i + 1} the tab\'s turn')
                b.click(*w.square_center(tab, row, col))
            square = row * 3 + col
            mark = 'XO'[i % 2]
            desk.wait(lambda s: s['board'][square] == mark, f'move {i + 1} on the desktop')
            b.wait_state(lambda s: s['board'][square] == mark, f'move {i + 1} on the tab')

        st = desk.wait(lambda s: s['over'] == '1', 'the end of the game on the desktop')
        self.assertEqual((st['board'], st['status']), ('XXXOO....', 'You win!'))
        tab = b.wait_state(lambda s: s['gameOver'], 'the end of the game on the tab')
        self.assertEqual((tab['winner'], tab['board']), ('X', 'XXXOO....'))
        self.assertIn('Your friend wins', tab['status'])
        w.wait_for(lambda: self.scores(b) == ['Friend (X): 1', 'Draws: 0', 'You (O): 0'],
                   'the desktop named as a friend in the tab\'s scores')
        desk.stop()
        self.assertEqual(desk.proc.returncode, 0, read(desk.out))
        errors = [e for e in b.console_errors() if not EXPECTED_CONSOLE.search(e['message'])]
        self.assertEqual(errors, [], 'errors in the browser console')


if __name__ == '__main__':
    if len(sys.argv) > 1 and os.path.isdir(sys.argv[-1]):
        SITE = sys.argv.pop()
    unittest.main()
