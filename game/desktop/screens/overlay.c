/*
 * overlay.c - the performance overlay (see overlay.h).
 */
#include "overlay.h"

void overlay_toggle(app_state *app)
{
    app->settings.show_overlay = !app->settings.show_overlay;
    menu_copy_row(&app->prefs.settings, &app->settings, MENU_ROW_OVERLAY);
    app->prefs_dirty = true;
}

bool overlay_refresh(app_state *app)
{
    if (!app->settings.show_overlay) return false;
    if (app->overlay_updated_ms != 0 &&
        (!app->overlay_stale ||
         app->play.now_ms < app->overlay_updated_ms + APP_OVERLAY_REFRESH_MS))
        return false;
    app->overlay_updated_ms = app->play.now_ms;
    app->overlay_stale = false;
    view_overlay_compute(&app->view.overlay, &app->stats, &app->view.game, app->renderer_name,
                         app->vsync, app->out_w, app->out_h, app->overlay_scratch);
    return true;
}

void overlay_draw(draw_ctx *d, const app_state *app)
{
    if (!app->settings.show_overlay) return;
    const layout *l = &app->layout;
    int px = l->font_small_px;
    layout_rect panel = l->overlay;
    if (panel.h <= 0) return;
    int pad = px / 2;
    int line_h = (panel.h - 2 * pad) / LAYOUT_OVERLAY_LINES;
    shape_round_rect(&d->shapes, panel, (float)pad, draw_color(app, THEME_OVERLAY_BG));
    static const theme_role TONE_ROLES[] = {
        [VIEW_TONE_NEUTRAL] = THEME_OVERLAY_TEXT,
        [VIEW_TONE_GOOD] = THEME_GOOD,
        [VIEW_TONE_BAD] = THEME_BAD,
    };
    for (int i = 0; i < LAYOUT_OVERLAY_LINES; i++) {
        const view_overlay_line *line = &app->view.overlay.lines[i];
        layout_rect box = {panel.x + 2 * pad, panel.y + pad + i * line_h, panel.w - 4 * pad,
                           line_h};
        int fit = text_fit(d->text, TEXT_REGULAR, px, line->text, box, false);
        text_draw(d->text, TEXT_REGULAR, fit, draw_color(app, TONE_ROLES[line->tone]), line->text,
                  box, TEXT_LEFT, NULL);
    }
}
