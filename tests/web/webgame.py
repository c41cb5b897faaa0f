"""webgame.py - what the browser tests (test_web.py) and the start-up
measurement (bench/web_startup.py) share: a local static server for the
site (web/serve.py), headless Chromium driven through chromium-driver and
python3-selenium, and the game's state through the page's test hook
(window.tttTest.state(), platform_web.c).

Needs Debian's chromium, chromium-driver and python3-selenium (which
belongs to /usr/bin/python3).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.common.exceptions import JavascriptException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
SERVE = os.path.join(ROOT, 'web', 'serve.py')
CHROMIUM = os.environ.get('TTT_CHROMIUM', '/usr/bin/chromium')
CHROMEDRIVER = os.environ.get('TTT_CHROMEDRIVER', '/usr/bin/chromedriver')

# Long enough for a loaded 2-core machine; a limit catches a hang, it does
# not time anything.
LOAD_TIMEOUT_S = 60
STEP_TIMEOUT_S = 30

# The light theme's colours (game/desktop/theme.c), RGB.
STRIKE_RGB = (0x2B, 0x2D, 0x42)
BOARD_RGB = (0xFF, 0xFD, 0xF8)


class Site:
    """web/serve.py over a site folder, on a free port, until stop()."""

    def __init__(self, site_dir, plain=True):
        self.proc = subprocess.Popen(
            [sys.executable, SERVE, site_dir, '--port', '0', '--quiet'] + (['--plain'] if plain else []),
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.url = self.proc.stdout.readline().strip()
        if not self.url.startswith('http://'):
            self.stop()
            raise RuntimeError('web/serve.py did not start')

    def stop(self):
        if self.proc.stdout:
            self.proc.stdout.close()
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def wait_for(predicate, what, timeout=STEP_TIMEOUT_S, interval=0.05):
    """Call predicate until it returns something true, and return that;
    AssertionError naming what was awaited after timeout seconds."""
    end = time.monotonic() + timeout
    last_error = None
    while True:
        try:
            value = predicate()
            if value:
                return value
        except (JavascriptException, WebDriverException) as e:
            last_error = e
        if time.monotonic() > end:
            raise AssertionError(f'timed out waiting for {what}' +
                                 (f' (last error: {last_error})' if last_error else ''))
        time.sleep(interval)


class Browser:
    """Headless Chromium with a profile of its own (its storage, service
    workers and Web Locks), removed on close() unless kept for another
    Browser (profile=...)."""

    def __init__(self, width=1280, height=800, scale=1.0, mobile=False, languages=None,
                 profile=None, extra_args=()):
        self.own_profile = profile is None
        self.profile = profile or tempfile.mkdtemp(prefix='ttt-chromium-')
        opts = webdriver.ChromeOptions()
        opts.binary_location = CHROMIUM
        for a in ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run',
                  '--disable-background-networking', '--disable-component-update',
                  '--disable-sync', '--user-data-dir=' + self.profile,
                  # Sound is heard at once in a test (autoplay): the
                  # autoplay rule's own test lifts it (test_web.py).
                  f'--window-size={width},{height}'] + list(extra_args):
            opts.add_argument(a)
        if languages:
            opts.add_argument('--lang=' + languages[0])
            opts.add_experimental_option('prefs', {'intl.accept_languages': ','.join(languages)})
        if mobile:
            opts.add_experimental_option('mobileEmulation', {
                'deviceMetrics': {'width': width, 'height': height, 'pixelRatio': scale, 'touch': True},
                'userAgent': ('Mozilla/5.0 (Linux; Android 14; Pixel) AppleWebKit/537.36 '
                              '(KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36')})
        opts.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
        self.console = []
        if not mobile:
            # The page's own viewport, whatever the window's frame takes.
            self.driver.execute_cdp_cmd('Emulation.setDeviceMetricsOverride', {
                'width': width, 'height': height, 'deviceScaleFactor': scale, 'mobile': False})

    def close(self):
        try:
            self.driver.quit()
        finally:
            if self.own_profile:
                shutil.rmtree(self.profile, ignore_errors=True)

    # -- the page ----------------------------------------------------------

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def state(self):
        """The game through the page's test hook, or None before it runs."""
        st = self.js('return window.tttTest ? JSON.stringify(window.tttTest.state()) : null')
        st = json.loads(st) if st else None
        return st if st and st.get('running') else None

    def open_game(self, url, timeout=LOAD_TIMEOUT_S):
        """Load url and wait for the game's first frame on screen; returns
        the state then."""
        self.driver.get(url)
        return self.wait_first_frame(timeout)

    def reload(self, timeout=LOAD_TIMEOUT_S):
        """Reload the page as its reload button does, and wait for the
        game's first frame. (chromedriver's own refresh sometimes loads the
        page around its service worker, which no person's reload does.)"""
        self.js('window.tttOldPage = true; location.reload();')
        wait_for(lambda: self.js('return !window.tttOldPage && document.readyState === "complete"'),
                 'the page reloaded', timeout)
        return self.wait_first_frame(timeout)

    def before_every_page(self, script):
        """Run script in every page before the page's own scripts."""
        self.driver.execute_cdp_cmd('Page.addScriptToEvaluateOnNewDocument', {'source': script})

    def wait_first_frame(self, timeout=LOAD_TIMEOUT_S):
        wait_for(lambda: self.js('return !!(window.tttTiming && window.tttTiming.firstFrameMs)'),
                 'the first frame', timeout)
        return self.state()

    def wait_state(self, predicate, what, timeout=STEP_TIMEOUT_S):
        def check():
            st = self.state()
            return st if st and predicate(st) else None
        return wait_for(check, what, timeout)

    def console_entries(self):
        """Everything the page wrote to the console since the last call
        (chromedriver hands each entry out once), and kept in .console."""
        entries = self.driver.get_log('browser')
        self.console.extend(entries)
        return entries

    def console_errors(self):
        self.console_entries()
        return [e for e in self.console if e['level'] == 'SEVERE']

    def screenshot(self, path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        self.driver.save_screenshot(path)
        return path

    # -- input -------------------------------------------------------------

    def click(self, x, y):
        """A left click at page point (x, y), in CSS pixels."""
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(int(round(x)), int(round(y)))
        actions.pointer_action.click()
        actions.perform()

    def tap(self, x, y):
        """A finger's tap at page point (x, y)."""
        finger = PointerInput(interaction.POINTER_TOUCH, 'finger')
        actions = ActionBuilder(self.driver, mouse=finger)
        actions.pointer_action.move_to_location(int(round(x)), int(round(y)))
        actions.pointer_action.pointer_down()
        actions.pointer_action.pause(0.05)
        actions.pointer_action.pointer_up()
        actions.perform()

    def key(self, key):
        ActionChains(self.driver).send_keys(key).perform()


def ax_nodes(b):
    """Chromium's accessibility tree of the page (the DevTools protocol's
    Accessibility.getFullAXTree): the nodes a screen reader can reach
    (ignored ones left out), each as (role, name, node)."""
    tree = b.driver.execute_cdp_cmd('Accessibility.getFullAXTree', {})
    out = []
    for n in tree['nodes']:
        if n.get('ignored'):
            continue
        role = n.get('role', {}).get('value', '')
        name = n.get('name', {}).get('value', '')
        out.append((role, name, n))
    return out


def ax_property(node, name):
    """A property of an accessibility node (live, focusable ...), or None."""
    for p in node.get('properties', []):
        if p['name'] == name:
            return p['value'].get('value')
    return None


def focused_key(b):
    """The data-key of the screen-reader mirror's element that has the
    focus (web/ttt-mirror.js), or None."""
    return b.js('var e = document.activeElement; return e && e.dataset ? e.dataset.key || null : null')


def mirror_center(b, key):
    """The centre, in CSS pixels, of the screen-reader mirror's element
    data-key=key (scrolled into view first)."""
    return b.js("var e = document.querySelector('[data-key=\"' + arguments[0] + '\"]');"
                "e.scrollIntoView({block: 'nearest'}); var r = e.getBoundingClientRect();"
                "return [r.left + r.width / 2, r.top + r.height / 2];", key)


def square_center(st, row, col):
    """The centre of a square in CSS pixels, from the state's layout."""
    r = st['boardRect']
    cell = r['w'] / st['size']
    return r['x'] + (col + 0.5) * cell, r['y'] + (row + 0.5) * cell


def rect_center(r):
    return r['x'] + r['w'] / 2, r['y'] + r['h'] / 2


# The buttons in the state's order (layout.h's layout_button).
BUTTON_NEW_GAME, BUTTON_UNDO, BUTTON_REDO, BUTTON_HINT, BUTTON_MENU = range(5)
# The game menu's entries, top to bottom (game/desktop/screens/screen_gamemenu.h).
(GAMEMENU_REVIEW, GAMEMENU_REPLAY, GAMEMENU_STATS, GAMEMENU_PUZZLES, GAMEMENU_SAVE, GAMEMENU_ONLINE,
 GAMEMENU_SETTINGS, GAMEMENU_HELP) = range(8)

LINES_3X3 = [[(r, c) for c in range(3)] for r in range(3)] + \
            [[(r, c) for r in range(3)] for c in range(3)] + \
            [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]


def choose_move(board, me, other):
    """A fair 3x3 player: win if it can, else block, else the centre, a
    corner, a side. board is the state's 'board' string, row by row."""
    def at(rc):
        return board[rc[0] * 3 + rc[1]]
    for who in (me, other):
        for line in LINES_3X3:
            marks = [at(rc) for rc in line]
            if marks.count(who) == 2 and marks.count('.') == 1:
                return line[marks.index('.')]
    for rc in [(1, 1), (0, 0), (0, 2), (2, 0), (2, 2), (0, 1), (1, 0), (1, 2), (2, 1)]:
        if at(rc) == '.':
            return rc
    return None


def settings_key(st=None):
    """The localStorage key of the settings file (atomic_file_web.c)."""
    return 'ttt-file:/libsdl/ttt/tictactoe/settings.ini'


def pixel(png_path, x, y):
    """The RGB of pixel (x, y) of a PNG (device pixels), read without any
    library beyond the standard one."""
    import struct
    import zlib
    with open(png_path, 'rb') as f:
        data = f.read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n'
    pos, idat, width, height, bpp = 8, b'', 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            width, height, depth, color = struct.unpack('>IIBB', body[:10])
            assert depth == 8 and color in (2, 6), 'an 8-bit RGB or RGBA PNG'
            bpp = 3 if color == 2 else 4
        elif kind == b'IDAT':
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows = []
    prev = bytearray(stride)
    for r in range(y + 1):
        start = r * (stride + 1)
        ftype, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 0xff
            elif ftype == 2:
                line[i] = (line[i] + b) & 0xff
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xff
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xff
        prev = line
        rows.append(line)
    px = rows[y][x * bpp:x * bpp + 3]
    return tuple(px)


def near(rgb, want, tolerance=40):
    return all(abs(a - b) <= tolerance for a, b in zip(rgb, want))
