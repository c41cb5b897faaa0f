/*
 * ttt-sw.js - the page's service worker: cross-origin isolation on hosts
 * that cannot send headers, and the game offline after one visit.
 *
 *   - Every response of the site gets the headers that make the page
 *     cross-origin isolated (COOP same-origin, COEP require-corp, CORP), as
 *     coi-serviceworker 0.1.7 (MIT, Guido Zuidhof and contributors; its
 *     licence is in licenses/coi-serviceworker) adds them: the game's
 *     threads need SharedArrayBuffer, which browsers give only to such a
 *     page.
 *   - Network first, the cache when the network fails: every file the site
 *     serves (GET, same origin, a whole 200 response) is kept in the cache
 *     as it goes by, and the game's files are fetched into it when the
 *     worker installs, so that after one visit the game starts with no
 *     network at all, and online it is always the newest.
 *
 * ttt-page.js registers it and reloads the page once when the page is not
 * yet isolated (docs/web.md, "Threads, and hosts that cannot send headers").
 */
'use strict';

var CACHE = 'ttt-site-v1';
/* The site's files (cmake/TttWeb.cmake installs them), fetched into the
 * cache when the worker installs; relative to the worker's own URL. */
var SITE_FILES = ['./', 'index.html', 'ttt-page.js', 'ttt-page.css', 'ttt-mirror.js',
  'tictactoe.js', 'tictactoe.wasm', 'tictactoe.worker.js', 'tictactoe.data', 'icon.svg',
  'icon-128.png', 'icon-256.png', 'manifest.webmanifest'];

self.addEventListener('install', function (event) {
  self.skipWaiting();
  /* One file that cannot be fetched now leaves the others cached. */
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(SITE_FILES.map(function (file) {
      return fetch(file, { cache: 'no-cache' }).then(function (response) {
        if (response.ok) return cache.put(file === './' ? new URL('./', self.location).href : file, response);
        return null;
      }).catch(function () { return null; });
    }));
  }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf('ttt-site-') === 0 && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

/* The response with the isolation headers added. */
function isolated(response) {
  if (response.status === 0) return response;
  var headers = new Headers(response.headers);
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  return new Response(response.body, { status: response.status, statusText: response.statusText,
    headers: headers });
}

function cacheable(request, response) {
  return request.method === 'GET' && response.status === 200 && response.type === 'basic' &&
    new URL(request.url).origin === self.location.origin;
}

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  if (new URL(request.url).origin !== self.location.origin) {
    event.respondWith(fetch(request).then(isolated));
    return;
  }
  event.respondWith(fetch(request).then(function (response) {
    if (cacheable(request, response)) {
      var copy = response.clone();
      event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(request, copy); }));
    }
    return isolated(response);
  }, function (error) {
    /* No network: the cached copy (a page's address with or without its
     * query, index.html for the site's folder). */
    return caches.open(CACHE).then(function (cache) {
      return cache.match(request, { ignoreSearch: true }).then(function (hit) {
        if (hit) return hit;
        if (request.mode === 'navigate') return cache.match(new URL('./', self.location).href);
        return undefined;
      });
    }).then(function (hit) {
      if (hit) return isolated(hit);
      throw error;
    });
  }));
});
