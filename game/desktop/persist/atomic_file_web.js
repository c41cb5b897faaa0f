/*
 * atomic_file_web.js - the browser's side of atomic_file_web.c, an
 * Emscripten JavaScript library (linked with --js-library): the settings
 * "file" as a localStorage entry and its lock as a Web Lock.
 *
 * Every function is proxied ('sync'): called from a worker (the settings
 * saver's thread), it runs on the page's main thread, where localStorage
 * and the Web Locks of the page are, while the worker waits for its result.
 * They return at once: the lock is asked for here and granted later by the
 * page's event loop, which then sets a state word in the wasm memory and
 * wakes the worker waiting on it (Atomics.notify).
 */
mergeInto(LibraryManager.library, {
  /* Locks asked for and held, by id (1, 2, ...): {state, release, abort}. */
  $tttWebLocks: { next: 1, map: {} },

  /* The entry @key (a C string), at most @maxBytes bytes, into a malloc'd
   * C string at *@textOut (its length at *@lenOut). Returns 0 (read),
   * 1 (missing), 2 (too large), 3 (storage unavailable), 5 (no memory). */
  ttt_web_storage_read__proxy: 'sync',
  ttt_web_storage_read__sig: 'iiiii',
  ttt_web_storage_read: function (key, maxBytes, textOut, lenOut) {
    var value;
    try {
      value = window.localStorage.getItem(UTF8ToString(key));
    } catch (e) {
      return 3;
    }
    if (value === null) return 1;
    if (value.length > maxBytes) return 2;
    var p = _malloc(value.length + 1);
    if (!p) return 5;
    /* One byte per UTF-16 unit: the text is stored byte for byte. */
    for (var i = 0; i < value.length; i++) HEAPU8[p + i] = value.charCodeAt(i) & 0xff;
    HEAPU8[p + value.length] = 0;
    HEAP32[textOut >> 2] = p;
    HEAP32[lenOut >> 2] = value.length;
    return 0;
  },

  /* Replace the entry @key with the @len bytes at @text. Returns 0 (done),
   * 3 (storage unavailable), 4 (quota used up), 5 (no memory). */
  ttt_web_storage_write__proxy: 'sync',
  ttt_web_storage_write__sig: 'iiii',
  ttt_web_storage_write: function (key, text, len) {
    var parts = [];
    /* String.fromCharCode takes a bounded number of arguments. */
    var CHUNK = 8192;
    try {
      for (var i = 0; i < len; i += CHUNK)
        parts.push(String.fromCharCode.apply(null, HEAPU8.slice(text + i, text + Math.min(len, i + CHUNK))));
    } catch (e) {
      return 5;
    }
    try {
      window.localStorage.setItem(UTF8ToString(key), parts.join(''));
    } catch (e) {
      return e && (e.name === 'QuotaExceededError' || e.code === 22) ? 4 : 3;
    }
    return 0;
  },

  /* Ask for the Web Lock @name (a C string). Its state word at @statePtr
   * becomes 1 (held) or 2 (refused), and a waiter on it is woken. Returns
   * the request's id, 0 when the browser has no Web Locks (nothing to wait
   * for), or -1. */
  ttt_web_lock_request__proxy: 'sync',
  ttt_web_lock_request__sig: 'iii',
  ttt_web_lock_request__deps: ['$tttWebLocks'],
  ttt_web_lock_request: function (name, statePtr) {
    if (typeof navigator === 'undefined' || !navigator.locks || typeof AbortController === 'undefined')
      return 0;
    var id = tttWebLocks.next++;
    var entry = { state: 'waiting', release: null, abort: new AbortController() };
    tttWebLocks.map[id] = entry;
    var idx = statePtr >> 2;
    function tell(value) {
      Atomics.store(HEAP32, idx, value);
      Atomics.notify(HEAP32, idx);
    }
    try {
      navigator.locks.request(UTF8ToString(name), { signal: entry.abort.signal }, function () {
        if (entry.state !== 'waiting') return undefined; /* cancelled meanwhile */
        entry.state = 'held';
        tell(1);
        /* Held until ttt_web_lock_release() resolves it (or the page goes). */
        return new Promise(function (resolve) { entry.release = resolve; });
      }).catch(function () {
        /* Aborted by ttt_web_lock_cancel() (nobody waits any more), or
         * refused (an opaque origin): tell a waiter, if there still is one. */
        if (entry.state === 'waiting') {
          entry.state = 'failed';
          tell(2);
        }
      });
    } catch (e) {
      delete tttWebLocks.map[id];
      return -1;
    }
    return id;
  },

  /* The waiter gave up on request @id. Returns 1 when the lock had been
   * granted all the same (the caller holds it now), else 0: the request is
   * withdrawn and its state word is never written again. */
  ttt_web_lock_cancel__proxy: 'sync',
  ttt_web_lock_cancel__sig: 'ii',
  ttt_web_lock_cancel__deps: ['$tttWebLocks'],
  ttt_web_lock_cancel: function (id) {
    var entry = tttWebLocks.map[id];
    if (!entry) return 0;
    if (entry.state === 'held') return 1;
    entry.state = 'cancelled';
    delete tttWebLocks.map[id];
    entry.abort.abort();
    return 0;
  },

  /* Let the lock of request @id go. */
  ttt_web_lock_release__proxy: 'sync',
  ttt_web_lock_release__sig: 'vi',
  ttt_web_lock_release__deps: ['$tttWebLocks'],
  ttt_web_lock_release: function (id) {
    var entry = tttWebLocks.map[id];
    if (!entry) return;
    delete tttWebLocks.map[id];
    entry.state = 'released';
    if (entry.release) entry.release();
  }
});
