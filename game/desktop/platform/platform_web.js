/*
 * platform_web.js - the page's side of platform_web.c, an Emscripten
 * JavaScript library (linked with --js-library): the game tells the page
 * (web/index.html) when its first frame is on screen and when it stopped.
 * Both are called on the page's main thread, where the game's loop runs.
 */
mergeInto(LibraryManager.library, {
  ttt_web_first_frame: function () {
    if (Module['onFirstFrame']) Module['onFirstFrame']();
  },

  ttt_web_stopped: function (status) {
    if (Module['onGameStopped']) Module['onGameStopped'](status);
  }
});
