/*
 * ttt-page.js - starts the game on the page (index.html), or says why it
 * cannot: checks for WebAssembly and for the cross-origin isolation that
 * the game's threads need, shows the loading indicator until the game's
 * first frame, keeps the browser from zooming, scrolling or opening menus
 * over the board, and gives the tests a window into the game
 * (window.tttTest). docs/web.md explains the choices.
 *
 * The page's own few messages come in the game's languages (the game's
 * messages come from its gettext catalogues), chosen the same way: the
 * first of navigator.languages that the game has, else English.
 */
(function () {
  'use strict';

  var TEXT = {
    en: {
      loading: 'Loading…',
      preparing: 'Preparing the page…',
      noWasmTitle: 'This browser cannot run the game',
      noWasm: 'The game needs WebAssembly, which this browser does not have or has switched off. ' +
        'A current Firefox, Chrome, Edge or Safari has it.',
      noThreadsTitle: 'The game cannot start here',
      noThreads: 'The game runs its computer player on a thread of its own, which browsers allow only ' +
        'on a page that is cross-origin isolated. This page could not be: open it over HTTPS (or from ' +
        'localhost) in a current browser that lets it use a service worker (not a private window in ' +
        'some browsers), or host it where the COOP and COEP headers are sent.',
      noFileTitle: 'The game could not be loaded',
      noFile: 'A file of the game did not arrive: ',
      stoppedTitle: 'The game stopped',
      stopped: 'Something went wrong: ',
      reload: 'Reload the page to play again.'
    },
    de: {
      loading: 'Wird geladen …',
      preparing: 'Die Seite wird vorbereitet …',
      noWasmTitle: 'Dieser Browser kann das Spiel nicht ausführen',
      noWasm: 'Das Spiel braucht WebAssembly, das dieser Browser nicht hat oder abgeschaltet hat. ' +
        'Ein aktueller Firefox, Chrome, Edge oder Safari hat es.',
      noThreadsTitle: 'Das Spiel kann hier nicht starten',
      noThreads: 'Das Spiel lässt seinen Computergegner in einem eigenen Thread rechnen, und das erlauben ' +
        'Browser nur einer Seite, die ursprungsübergreifend isoliert ist. Diese Seite konnte es nicht ' +
        'werden: Öffnen Sie sie über HTTPS (oder von localhost) in einem aktuellen Browser, der ihr einen ' +
        'Service Worker erlaubt (in manchen Browsern nicht im privaten Fenster), oder stellen Sie sie ' +
        'auf einen Server, der die Header COOP und COEP sendet.',
      noFileTitle: 'Das Spiel konnte nicht geladen werden',
      noFile: 'Eine Datei des Spiels ist nicht angekommen: ',
      stoppedTitle: 'Das Spiel wurde beendet',
      stopped: 'Etwas ist schiefgegangen: ',
      reload: 'Laden Sie die Seite neu, um wieder zu spielen.'
    },
    es: {
      loading: 'Cargando…',
      preparing: 'Preparando la página…',
      noWasmTitle: 'Este navegador no puede ejecutar el juego',
      noWasm: 'El juego necesita WebAssembly, que este navegador no tiene o tiene desactivado. ' +
        'Un Firefox, Chrome, Edge o Safari actual lo tiene.',
      noThreadsTitle: 'El juego no puede empezar aquí',
      noThreads: 'El juego calcula las jugadas del ordenador en un hilo propio, y los navegadores solo ' +
        'lo permiten en una página aislada entre orígenes. Esta página no ha podido estarlo: ábrala por ' +
        'HTTPS (o desde localhost) en un navegador actual que le permita usar un service worker (en ' +
        'algunos navegadores, no en una ventana privada), o publíquela en un servidor que envíe las ' +
        'cabeceras COOP y COEP.',
      noFileTitle: 'No se ha podido cargar el juego',
      noFile: 'Un archivo del juego no ha llegado: ',
      stoppedTitle: 'El juego se ha detenido',
      stopped: 'Algo ha fallado: ',
      reload: 'Recargue la página para volver a jugar.'
    },
    fr: {
      loading: 'Chargement…',
      preparing: 'Préparation de la page…',
      noWasmTitle: 'Ce navigateur ne peut pas faire tourner le jeu',
      noWasm: 'Le jeu a besoin de WebAssembly, que ce navigateur n’a pas ou a désactivé. ' +
        'Un Firefox, Chrome, Edge ou Safari récent l’a.',
      noThreadsTitle: 'Le jeu ne peut pas démarrer ici',
      noThreads: 'Le jeu fait calculer l’ordinateur dans un fil d’exécution à part, ce que les ' +
        'navigateurs ne permettent qu’à une page isolée des autres origines. Cette page n’a pas pu ' +
        'l’être : ouvrez-la en HTTPS (ou depuis localhost) dans un navigateur récent qui lui permet un ' +
        'service worker (pas en navigation privée dans certains navigateurs), ou publiez-la sur un ' +
        'serveur qui envoie les en-têtes COOP et COEP.',
      noFileTitle: 'Le jeu n’a pas pu être chargé',
      noFile: 'Un fichier du jeu n’est pas arrivé : ',
      stoppedTitle: 'Le jeu s’est arrêté',
      stopped: 'Quelque chose s’est mal passé : ',
      reload: 'Rechargez la page pour rejouer.'
    }
  };

  /* Waiting longer than this for the service worker (ttt-sw.js) means it
   * will not come (it could not be registered). */
  var ISOLATION_WAIT_MS = 20000;
  /* Reloads through the service worker before the page gives up on
   * isolation (each one normally isolates it: one is the rule). */
  var ISOLATION_RELOADS = 3;
  /* Keys the game uses that the browser would otherwise act on too
   * (F1: help, F3: find, F11: fullscreen, Tab: focus, Space and the arrows:
   * scrolling, Backspace: back). */
  /* With Ctrl (or Cmd): S saves the game, Z and Y undo and redo. */
  var GAME_CTRL_KEYS = ['s', 'z', 'y'];
  var GAME_KEYS = ['F1', 'F3', 'F10', 'F11', 'Tab', ' ', 'Backspace',
    'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

  function pickLanguage() {
    var list = navigator.languages && navigator.languages.length ? navigator.languages
      : [navigator.language || 'en'];
    for (var i = 0; i < list.length; i++) {
      var code = String(list[i]).toLowerCase().split(/[-_]/)[0];
      if (TEXT[code]) return code;
    }
    return 'en';
  }
  var lang = pickLanguage();
  var T = TEXT[lang];
  document.documentElement.lang = lang;

  var canvas = document.getElementById('canvas');
  var loading = document.getElementById('loading');
  var loadingText = document.getElementById('loading-text');
  var progress = document.getElementById('loading-progress');
  var lastErrors = [];
  var runtimeReady = false;

  /* What the page measured, for docs/web.md's figures (bench/web_startup.py)
   * and the tests: times in ms since this page's navigation began, and
   * since the first navigation when the service worker's reload isolated
   * the page. */
  var timing = window.tttTiming = {
    isolated: !!window.crossOriginIsolated,
    reloadedForIsolation: false,
    firstFrameMs: null,
    firstFrameSinceFirstLoadMs: null
  };
  try {
    var firstOrigin = sessionStorage.getItem('ttt-first-navigation');
    if (firstOrigin && window.crossOriginIsolated) {
      timing.reloadedForIsolation = true;
      timing.firstOrigin = Number(firstOrigin);
      sessionStorage.removeItem('ttt-first-navigation');
    }
  } catch (e) { /* no sessionStorage: no figure */ }

  function showMessage(title, text) {
    loading.hidden = true;
    canvas.hidden = true;
    document.getElementById('message-title').textContent = title;
    document.getElementById('message-text').textContent = text;
    document.getElementById('message').hidden = false;
    document.title = title;
  }

  /* Nothing on the page zooms, scrolls or opens a menu under a finger. */
  document.addEventListener('contextmenu', function (e) { e.preventDefault(); });
  document.addEventListener('gesturestart', function (e) { e.preventDefault(); });
  document.addEventListener('dblclick', function (e) { e.preventDefault(); });
  window.addEventListener('keydown', function (e) {
    /* Tab on the game's own screen goes into the screen-reader mirror's
     * board (ttt-mirror.js; the game does nothing with Tab there). */
    if (e.key === 'Tab' && !e.shiftKey && window.tttMirror && window.tttMirror.onGameScreen() &&
        window.tttMirror.focusBoard()) {
      e.preventDefault();
      e.stopImmediatePropagation();
      return;
    }
    if (GAME_KEYS.indexOf(e.key) >= 0 && !e.ctrlKey && !e.metaKey && !e.altKey) e.preventDefault();
    /* The game's Ctrl keys (save the game, undo, redo) are the game's,
     * not the browser's "Save page" and the like. */
    if ((e.ctrlKey || e.metaKey) && !e.altKey && GAME_CTRL_KEYS.indexOf(e.key.toLowerCase()) >= 0)
      e.preventDefault();
  });

  /* The downloads the loading bar shows: name -> [bytes done, bytes in
   * all]; the bar is their sum. */
  var downloads = timing.downloads = {};

  function downloaded(name, done, total) {
    downloads[name] = [done, total];
    var sumDone = 0, sumTotal = 0;
    for (var k in downloads) {
      if (downloads[k][1] > 0) {
        sumDone += Math.min(downloads[k][0], downloads[k][1]);
        sumTotal += downloads[k][1];
      }
    }
    if (sumTotal > 0) {
      progress.hidden = false;
      progress.value = sumDone / sumTotal;
    }
  }

  /* fetch(url) with a body that reports its progress as it is read
   * (onProgress(bytes so far, Content-Length or 0)). */
  function fetchCounted(url, onProgress) {
    return fetch(url, { credentials: 'same-origin' }).then(function (response) {
      if (!response.ok) throw new Error(response.status + ' ' + response.statusText);
      var total = Number(response.headers.get('Content-Length')) || 0;
      if (!response.body || typeof ReadableStream !== 'function') return response;
      var reader = response.body.getReader(), done = 0;
      onProgress(0, total);
      var counted = new ReadableStream({
        pull: function (controller) {
          return reader.read().then(function (chunk) {
            if (chunk.done) {
              controller.close();
              return;
            }
            done += chunk.value.byteLength;
            onProgress(done, total);
            controller.enqueue(chunk.value);
          });
        }
      });
      return new Response(counted, { headers: { 'Content-Type': 'application/wasm' } });
    });
  }

  /* The WebGL context the game's renderer (SDL's, through Emscripten's
   * EGL) will ask for, made now in a task of its own while the game
   * downloads, with the extensions Emscripten turns on: a canvas keeps the
   * first context made on it, and the game's getContext() then gets this
   * one at once. Making it is a good part of the game's start on the
   * main thread (docs/web.md, "Lighthouse"). The attributes must be the
   * game's own (Emscripten's EGL: no alpha, no stencil, no antialiasing,
   * a depth buffer; tested). Without WebGL nothing is made, and the game
   * finds out for itself. */
  var WEBGL_ATTRIBUTES = { alpha: false, depth: true, stencil: false, antialias: false };
  timing.webglWarmedUp = false;

  function warmUpWebGL() {
    try {
      var gl = canvas.getContext('webgl', WEBGL_ATTRIBUTES);
      if (!gl) return;
      timing.webglWarmedUp = true;
      /* Each extension in a task of its own: turning one on waits for the
       * GPU process, and no task of the page's should be long. */
      var extensions = (gl.getSupportedExtensions() || []).filter(function (ext) {
        return ext.indexOf('lose_context') < 0 && ext.indexOf('debug') < 0;
      });
      var next = function () {
        if (!extensions.length) return;
        try { gl.getExtension(extensions.shift()); } catch (e) { /* the game asks again */ }
        setTimeout(next, 0);
      };
      setTimeout(next, 0);
    } catch (e) { /* the game tries again, and says what failed */ }
  }

  function startGame() {
    loadingText.textContent = T.loading;
    setTimeout(warmUpWebGL, 0);
    var Module = window.Module = {
      canvas: canvas,
      /* The screen-reader mirror of the canvas (ttt-mirror.js). */
      tttMirror: window.tttMirror,
      print: function (text) { console.log(text); },
      /* The game's warnings (stderr, SDL_Log): kept for an error message. */
      printErr: function (text) {
        console.warn(text);
        lastErrors.push(text);
        if (lastErrors.length > 5) lastErrors.shift();
      },
      /* Emscripten reports the download of tictactoe.data as
       * "Downloading data... (done/total)". */
      setStatus: function (status) {
        var m = /\((\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)\)/.exec(status || '');
        if (m && Number(m[2]) > 0) downloaded('data', Number(m[1]), Number(m[2]));
      },
      /* The .wasm, fetched here so that the loading bar counts it too (it
       * is most of the page), still compiled while it downloads. */
      instantiateWasm: function (imports, receive) {
        fetchCounted('tictactoe.wasm', function (done, total) { downloaded('wasm', done, total); })
          .then(function (response) {
            if (WebAssembly.instantiateStreaming) return WebAssembly.instantiateStreaming(response, imports);
            return response.arrayBuffer().then(function (bytes) { return WebAssembly.instantiate(bytes, imports); });
          })
          .then(function (result) { receive(result.instance, result.module); },
            function (err) { showMessage(T.noFileTitle, T.noFile + 'tictactoe.wasm (' + err + ')'); });
        return {};
      },
      onFirstFrame: function () {
        timing.firstFrameMs = performance.now();
        if (timing.firstOrigin)
          timing.firstFrameSinceFirstLoadMs = performance.timeOrigin + timing.firstFrameMs - timing.firstOrigin;
        loading.hidden = true;
        /* The keys go to the game from the page itself: the canvas takes
         * no focus (a focused canvas would be in the accessibility tree,
         * which the mirror stands in for). */
        if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
      },
      onGameStopped: function (status) {
        if (status !== 0) showMessage(T.stoppedTitle, T.stopped + lastErrors.join(' ') + ' ' + T.reload);
      },
      onExit: function (status) {
        if (status !== 0) showMessage(T.stoppedTitle, T.stopped + lastErrors.join(' ') + ' ' + T.reload);
      },
      onRuntimeInitialized: function () { runtimeReady = true; },
      onAbort: function (what) {
        showMessage(T.stoppedTitle, T.stopped + String(what) + ' ' + T.reload);
      }
    };
    window.tttTest = {
      /* The game as the C side sees it (platform_web.c's ttt_web_state_json). */
      state: function () {
        if (!runtimeReady) return { running: false };
        return JSON.parse(Module.UTF8ToString(Module._ttt_web_state_json()));
      },
      timing: timing,
      /* The online game's client (online_web_hook.c), in a build with it:
       * start(url: '' for the page's own server), create(size, k),
       * join(code), move(row, col), state(). */
      net: {
        start: function (url) { return Module.ccall('ttt_web_net_start', 'number', ['string'], [url || '']); },
        create: function (size, k) { return Module._ttt_web_net_create(size, k); },
        join: function (code) { return Module.ccall('ttt_web_net_join', 'number', ['string'], [code]); },
        move: function (row, col) { return Module._ttt_web_net_move(row, col); },
        state: function () {
          if (!runtimeReady || !Module._ttt_web_net_json) return null;
          return JSON.parse(Module.UTF8ToString(Module._ttt_web_net_json()));
        }
      }
    };
    var script = document.createElement('script');
    script.src = 'tictactoe.js';
    script.onerror = function () { showMessage(T.noFileTitle, T.noFile + script.src); };
    document.body.appendChild(script);
  }

  function counter(name) {
    try { return Number(sessionStorage.getItem(name) || 0); } catch (e) { return ISOLATION_RELOADS; }
  }

  /* The service worker (ttt-sw.js): it isolates the page on hosts that send
   * no headers and keeps the site for offline visits. Registered on every
   * visit (a registered one is only checked for an update). */
  function registerWorker() {
    return navigator.serviceWorker.register('ttt-sw.js');
  }

  function waitForIsolation() {
    /* The page came without isolation: the first visit (no worker yet), a
     * hard reload (Shift+Reload goes around the worker), or a worker that
     * was updated. Once the worker is active, a plain reload goes through
     * it and comes back isolated; a few tries, then a message rather than
     * reloading for ever. */
    loadingText.textContent = T.preparing;
    try {
      if (!sessionStorage.getItem('ttt-first-navigation'))
        sessionStorage.setItem('ttt-first-navigation', String(performance.timeOrigin));
    } catch (e) { /* no figure then */ }
    var tries = counter('ttt-isolation-reloads');
    if (tries >= ISOLATION_RELOADS) {
      try { sessionStorage.removeItem('ttt-isolation-reloads'); } catch (e) { /* next time anew */ }
      showMessage(T.noThreadsTitle, T.noThreads);
      return;
    }
    var timer = setTimeout(function () { showMessage(T.noThreadsTitle, T.noThreads); }, ISOLATION_WAIT_MS);
    registerWorker().then(function () {
      return navigator.serviceWorker.ready;
    }).then(function () {
      try { sessionStorage.setItem('ttt-isolation-reloads', String(tries + 1)); } catch (e) { /* once */ }
      /* A new navigation to the same address, not location.reload():
       * after a hard reload Chromium dropped the page's own reload in most
       * tries (the page stayed on "Preparing"), never this. */
      location.replace(location.href);
    }, function (err) {
      clearTimeout(timer);
      console.warn('The service worker could not be registered: ' + err);
      showMessage(T.noThreadsTitle, T.noThreads);
    });
  }

  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    showMessage(T.noWasmTitle, T.noWasm);
  } else if (window.crossOriginIsolated && typeof SharedArrayBuffer === 'function') {
    try { sessionStorage.removeItem('ttt-isolation-reloads'); } catch (e) { /* nothing kept */ }
    startGame();
    /* Offline after this visit, also on hosts that isolate the page
     * themselves. */
    if ('serviceWorker' in navigator && window.isSecureContext)
      registerWorker().catch(function (err) { console.warn('No offline copy: ' + err); });
  } else if (window.isSecureContext && 'serviceWorker' in navigator) {
    waitForIsolation();
  } else {
    showMessage(T.noThreadsTitle, T.noThreads);
  }
})();
