/*
 * platform_web_internal.h - what the browser build's two halves of the
 * page's view share: platform_web.c (the loop, the test hook) and
 * platform_web_mirror.c (the screen-reader mirror's model and presses).
 */
#ifndef GAME_PLATFORM_WEB_INTERNAL_H
#define GAME_PLATFORM_WEB_INTERNAL_H

#include "platform_web.h"

/** The page's one app, or NULL before it runs (and until its start's steps
 *  are done) and once it stopped. */
const app_state *platform_web_app(void);

/** After a pass: hand the page the mirror's model when it changed, and
 *  what to announce (ttt_web_mirror_update in platform_web.js). */
void platform_web_mirror_step(const app_state *app);

#endif /* GAME_PLATFORM_WEB_INTERNAL_H */
