#!/usr/bin/env python3
"""serve.py - a small static file server for the game's site (the folder
scripts/build-web.sh makes), for playing and testing on this machine.

    python3 web/serve.py SITE_DIR [--port N] [--host ADDR] [--plain]

By default it sends the cross-origin isolation headers (COOP same-origin,
COEP require-corp), as a host that can set headers would: the page is then
isolated from its first load. --plain sends no special header at all, as a
plain static host (GitHub Pages) does: the page then isolates itself with
its service worker (docs/web.md). Port 0 (the default) takes a free one.
The first line printed is the page's URL; every request is logged after it
on stderr unless --quiet. Stops on Ctrl+C or SIGTERM.
"""
import argparse
import functools
import http.server
import signal
import sys

# MIME types the page needs whatever the system's mime.types says (a .wasm
# served as anything else cannot be compiled while it downloads).
TYPES = {
    '.wasm': 'application/wasm',
    '.js': 'text/javascript',
    '.data': 'application/octet-stream',
    '.svg': 'image/svg+xml',
    '.css': 'text/css',
    '.html': 'text/html; charset=utf-8',
    '.txt': 'text/plain; charset=utf-8',
    '.png': 'image/png',
    '.webmanifest': 'application/manifest+json',
}


class Handler(http.server.SimpleHTTPRequestHandler):
    isolate = True
    quiet = False
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self):
        if self.isolate:
            self.send_header('Cross-Origin-Opener-Policy', 'same-origin')
            self.send_header('Cross-Origin-Embedder-Policy', 'require-corp')
            self.send_header('Cross-Origin-Resource-Policy', 'same-origin')
        # Always the files as built (a rebuilt page is seen at once).
        self.send_header('Cache-Control', 'no-cache')
        super().end_headers()

    def log_message(self, fmt, *args):
        if not self.quiet:
            super().log_message(fmt, *args)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('site', help='the folder to serve (index.html and the game)')
    ap.add_argument('--port', type=int, default=0, help='port (0: a free one)')
    ap.add_argument('--host', default='127.0.0.1', help='address to listen on')
    ap.add_argument('--plain', action='store_true',
                    help='send no isolation headers, as a plain static host')
    ap.add_argument('--quiet', action='store_true', help='do not log requests')
    args = ap.parse_args()

    handler = type('SiteHandler', (Handler,), {'isolate': not args.plain, 'quiet': args.quiet})
    server = http.server.ThreadingHTTPServer((args.host, args.port),
                                             functools.partial(handler, directory=args.site))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    host, port = server.server_address[:2]
    shown = f'[{host}]' if ':' in host else host
    print(f'http://{shown}:{port}/', flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == '__main__':
    main()
