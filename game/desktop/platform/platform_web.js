/*
 * platform_web.js - the page's side of platform_web.c, an Emscripten
 * JavaScript library (linked with --js-library): the game tells the page
 * (web/index.html) when its first frame is on screen and when it stopped,
 * and reads the page's address for the online game. All are called on the
 * page's main thread, where the game's loop runs.
 */
mergeInto(LibraryManager.library, {
  ttt_web_first_frame: function () {
    if (Module['onFirstFrame']) Module['onFirstFrame']();
  },

  ttt_web_stopped: function (status) {
    if (Module['onGameStopped']) Module['onGameStopped'](status);
  },

  /* The page's address's fragment ("#join=K7M2QX"), for the online game. */
  ttt_web_location_hash: function (buf, cap) {
    stringToUTF8(String(location.hash || ''), buf, cap);
  },

  /* The game server of the page's own origin (ttt-server --web serves
   * the page and the rooms on one port): ws:// beside http, wss:// beside
   * https. */
  ttt_web_page_server: function (buf, cap) {
    var scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    stringToUTF8(scheme + location.host + '/', buf, cap);
  }
});
