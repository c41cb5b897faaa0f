/*
 * platform_web.js - the page's side of platform_web.c, an Emscripten
 * JavaScript library (linked with --js-library): the game tells the page
 * (web/index.html) when its first frame is on screen and when it stopped,
 * and hands the screen-reader mirror (web/ttt-mirror.js) its model and what
 * to announce, and reads the page's address for the online game. All are
 * called on the page's main thread, where the game's loop runs.
 */
mergeInto(LibraryManager.library, {
  ttt_web_first_frame: function () {
    if (Module['onFirstFrame']) Module['onFirstFrame']();
  },

  ttt_web_stopped: function (status) {
    if (Module['onGameStopped']) Module['onGameStopped'](status);
  },

  /* model: the mirror's JSON, or 0 when it did not change; announce: what
   * the live region says (may be empty). */
  ttt_web_mirror_update: function (model, announce) {
    if (!Module['tttMirror']) return;
    Module['tttMirror'].update(model ? UTF8ToString(model) : null,
                               announce ? UTF8ToString(announce) : '');
  },

  /* The page's address's fragment ("#join=K7M2QX"), for the online game. */
  ttt_web_location_hash: function (buf, cap) {
    stringToUTF8(String(location.hash || ''), buf, cap);
  },

  /* The online seat of this tab (app_online_seat.c): its lines kept in
   * sessionStorage, which a reload of the tab keeps and another tab does
   * not see. "" when none (or storage is refused). */
  ttt_web_seat_load: function (buf, cap) {
    var text = '';
    try { text = sessionStorage.getItem('ttt-online-seat') || ''; } catch (e) { /* none */ }
    stringToUTF8(text, buf, cap);
  },

  ttt_web_seat_save: function (text) {
    try { sessionStorage.setItem('ttt-online-seat', UTF8ToString(text)); } catch (e) { /* kept for this page only */ }
  },

  /* A "#join=CODE" link is used once: its fragment goes from the address
   * (no new history entry), so a reload goes back to the tab's own seat. */
  ttt_web_forget_join_link: function () {
    if (!/join=/.test(location.hash)) return;
    try {
      history.replaceState(history.state, '', location.pathname + location.search);
    } catch (e) { /* the address keeps it */ }
  },

  /* The game server of the page's own origin (ttt-server --web serves
   * the page and the rooms on one port): ws:// beside http, wss:// beside
   * https. */
  ttt_web_page_server: function (buf, cap) {
    var scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    stringToUTF8(scheme + location.host + '/', buf, cap);
  }
});
