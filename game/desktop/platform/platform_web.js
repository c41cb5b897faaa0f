/*
 * platform_web.js - the page's side of platform_web.c, an Emscripten
 * JavaScript library (linked with --js-library): the game tells the page
 * (web/index.html) when its first frame is on screen and when it stopped,
 * and hands the screen-reader mirror (web/ttt-mirror.js) its model and what
 * to announce. All are called on the page's main thread, where the game's
 * loop runs.
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
  }
});
