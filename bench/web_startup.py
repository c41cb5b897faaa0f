"""web_startup.py - the web page's figures (docs/web.md): its size, raw and
gzip-compressed, the time to the game's first frame in headless Chromium,
and the frame and AI times the game measures in the browser.

    /usr/bin/python3 bench/web_startup.py [--runs N] [--json] [SITE_DIR]

SITE_DIR is what scripts/build-web.sh made (default build-web/site). Like
the other benchmarks it is run by hand, never by the tests: its figures
depend on the machine. Each run of the start-up starts Chromium with a
fresh profile (no cache, no service worker) and serves the site from this
machine (web/serve.py), so the figures are the page's own work: download
over the loopback, compiling the wasm, starting the game's threads, the
first frame. Times are medians over the runs, with the fastest and
slowest.
  isolating host   a server that sends COOP/COEP: navigation to first frame
  plain, 1st visit a server without them: navigation to first frame,
                   including the service worker's registration and reload
  plain, again     the same host with the service worker installed
"""
import argparse
import gzip
import json
import os
import statistics
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'web'))
import webgame as w  # noqa: E402

# What the page loads, in the order it does.
PAGE_FILES = ['index.html', 'ttt-page.css', 'manifest.webmanifest', 'ttt-mirror.js', 'ttt-page.js',
              'icon.svg', 'ttt-sw.js', 'tictactoe.js', 'tictactoe.wasm', 'tictactoe.worker.js',
              'tictactoe.data']


def sizes(site):
    rows = []
    for name in PAGE_FILES:
        with open(os.path.join(site, name), 'rb') as f:
            data = f.read()
        rows.append({'file': name, 'bytes': len(data), 'gzip': len(gzip.compress(data, 9))})
    return rows


def startup(site, runs):
    plain = w.Site(site, plain=True)
    isolating = w.Site(site, plain=False)
    times = {'isolating': [], 'plain_first': [], 'plain_again': []}
    try:
        for _ in range(runs):
            b = w.Browser()
            try:
                b.open_game(isolating.url)
                times['isolating'].append(b.js('return window.tttTiming.firstFrameMs'))
            finally:
                b.close()
            b = w.Browser()
            try:
                b.open_game(plain.url)
                times['plain_first'].append(b.js('return window.tttTiming.firstFrameSinceFirstLoadMs'))
                b.reload()
                times['plain_again'].append(b.js('return window.tttTiming.firstFrameMs'))
            finally:
                b.close()
    finally:
        plain.stop()
        isolating.stop()
    return {k: {'median_ms': statistics.median(v), 'min_ms': min(v), 'max_ms': max(v), 'runs': len(v)}
            for k, v in times.items()}


def in_game(site):
    """Frame and AI times as the game measures them in the browser (what the
    F3 overlay shows): the first moves of a 3x3 game against Unbeatable and
    of a 7x7 game (5 in a row) against Hard."""
    out = {}
    host = w.Site(site, plain=False)
    try:
        for name, settings, moves in (
                ('3x3 unbeatable', '[settings]\ndifficulty = unbeatable\nthink_delay_ms = 0\n', 4),
                ('7x7 k=5 hard', '[settings]\ndifficulty = hard\nsize = 7\nk = 5\nthink_delay_ms = 0\n', 4)):
            b = w.Browser()
            try:
                b.open_game(host.url)
                b.js('localStorage.setItem(arguments[0], arguments[1])', w.settings_key(), settings)
                st = b.reload()
                for _ in range(moves):
                    st = b.wait_state(lambda s: s['gameOver'] or (s['turn'] == s['human'] and not s['thinking']),
                                      'your turn', timeout=60)
                    if st['gameOver']:
                        break
                    free = [i for i, c in enumerate(st['board']) if c == '.']
                    # The free square nearest the centre.
                    n = st['size']
                    i = min(free, key=lambda i: abs(i // n - n // 2) + abs(i % n - n // 2))
                    before = st['board']
                    b.click(*w.square_center(st, i // n, i % n))
                    b.wait_state(lambda s, before=before: s['board'] != before, 'the move')
                st = b.wait_state(lambda s: not s['thinking'], 'the last answer', timeout=60)
                out[name] = {k: st[k] for k in ('aiMoves', 'aiMaxMs', 'frameWorkMaxMs', 'loopMaxMs',
                                                 'frameBudgetMs', 'frames', 'renderer')}
            finally:
                b.close()
    finally:
        host.stop()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('site', nargs='?', default=os.path.join(w.ROOT, 'build-web', 'site'))
    ap.add_argument('--runs', type=int, default=7)
    ap.add_argument('--json', action='store_true')
    args = ap.parse_args()
    result = {'sizes': sizes(args.site), 'startup': startup(args.site, args.runs),
              'in_game': in_game(args.site)}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    total = sum(r['bytes'] for r in result['sizes'])
    total_gz = sum(r['gzip'] for r in result['sizes'])
    print('file                      bytes       gzip')
    for r in result['sizes']:
        print(f"{r['file']:22} {r['bytes']:9,} {r['gzip']:10,}")
    print(f"{'total':22} {total:9,} {total_gz:10,}")
    print()
    print('first frame (ms)          median    min    max  runs')
    for k, v in result['startup'].items():
        print(f"{k:22} {v['median_ms']:9.0f} {v['min_ms']:6.0f} {v['max_ms']:6.0f} {v['runs']:5}")
    print()
    for k, v in result['in_game'].items():
        print(f"{k}: " + ', '.join(f'{kk} {vv}' for kk, vv in v.items()))


if __name__ == '__main__':
    main()
