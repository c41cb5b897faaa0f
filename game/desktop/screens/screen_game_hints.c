/*
 * screen_game_hints.c - the hints on the game screen's board (see
 * screen_game_internal.h): over each free square its outcome for the
 * player to move, "Win", "Draw" or "Loss" in N moves on a tint of that
 * colour; on a board too big to solve, the search's estimates as a heat
 * map and its best guess outlined. High contrast draws outlines and
 * blocks instead of tints. Drawn into the scene once faded in, over it
 * while fading in (screen_game.c).
 */
#include "screen_game_internal.h"

#include <math.h>
#include <stdio.h>

#include "i18n.h"
#include "numparse.h"

/* Hints: text heights as fractions of a square, and the tint behind them. */
#define HINT_WORD_FRACTION 0.24f
#define HINT_COUNT_FRACTION 0.20f
#define HINT_TINT_ALPHA 0.12f
#define HINT_INSET_FRACTION 0.08f
#define HINT_WORD_PAD_FRACTION 0.04f    /* Between the tint's edge and its words. */
#define HINT_BEST_STROKE_FRACTION 0.05f /* The best guess's outline, of a square. */
/* High contrast: each hint's outline, of the best guess's, and at least. */
#define HINT_OUTLINE_OF_BEST 0.6f
#define HINT_OUTLINE_MIN_PX 2.0f
/* The heat map's blocks (high contrast): their side, of a square, for the
 * weakest shade and the deepest. */
#define HEAT_BLOCK_MIN_FRACTION 0.14f
#define HEAT_BLOCK_MAX_FRACTION 0.58f
#define HEAT_BLOCK_CORNER_FACTOR 0.5f /* Their corners, in layout corner radii. */

/* How the hints' words are set this frame: one size for all the words, the
 * largest at which the longest fits. */
typedef struct hint_type {
    const char *words[4]; /* Win, Draw, Loss, Best (translated) */
    int word_px, count_px;
    int words_inset; /* Between a square's side and its words. */
    bool bold;       /* The best moves' words in bold. */
} hint_type;

/* Inside the tint, the best moves' words bold; where that would be
 * unreadably small (8x8 in a small window, in a language with long words),
 * all regular, then across the square's whole width but its grid line. */
static hint_type hint_type_for(draw_ctx *d, const layout *l)
{
    hint_type h = {{/* TRANSLATORS: hints, written on the squares (an 8×8 board's are small:
                       at most about five letters each). Playing here wins. */
                    _("Win"),
                    /* TRANSLATORS: a hint on a square: playing here draws. */
                    _("Draw"),
                    /* TRANSLATORS: a hint on a square: playing here loses. */
                    _("Loss"),
                    /* TRANSLATORS: a hint on a square, on a board too big to solve: the
                       square the search likes best (a guess). */
                    _("Best")},
                   0,
                   0,
                   0,
                   true};
    int word_px = (int)fmaxf((float)LAYOUT_MIN_READABLE_PX, (float)l->cell * HINT_WORD_FRACTION);
    int tint_inset = (int)((float)l->cell * HINT_INSET_FRACTION) +
                     (int)((float)l->cell * HINT_WORD_PAD_FRACTION);
    int narrow_inset = (int)ceilf(l->grid_thickness * 0.5f);
    int fitted = word_px;
    for (int attempt = 0; attempt < 3; attempt++) {
        h.words_inset = attempt < 2 ? tint_inset : narrow_inset;
        h.bold = attempt == 0;
        layout_rect room = {0, 0, l->cell - 2 * h.words_inset, l->cell};
        fitted = word_px;
        for (size_t i = 0; i < sizeof h.words / sizeof h.words[0]; i++) {
            int fit = text_fit(d->text, h.bold ? TEXT_BOLD : TEXT_REGULAR, word_px, h.words[i],
                               room, false);
            if (fit < fitted) fitted = fit;
        }
        if (fitted >= LAYOUT_MIN_READABLE_PX) break;
    }
    h.word_px = fitted;
    layout_rect words_box = {0, 0, l->cell - 2 * h.words_inset, l->cell};
    char widest_count[NUMPARSE_TEXT_MAX];
    /* Two digits: the most moves a game has left. */
    snprintf(widest_count, sizeof widest_count, P_("in %d", "in %d", 88), 88);
    h.count_px =
        text_fit(d->text, TEXT_REGULAR,
                 (int)fmaxf((float)LAYOUT_MIN_READABLE_PX, (float)l->cell * HINT_COUNT_FRACTION),
                 widest_count, words_box, false);
    return h;
}

/* A square's hint that proves nothing: its shade of the heat map (the
 * search's estimate among the unproven squares), and on the search's best
 * guess an outline and "Best". In the tinted themes the shade is a tint
 * of the heat colour, deeper for a better estimate; in high contrast a
 * solid block, larger for a better estimate (shades of a tint on black
 * are too close to tell apart), and the best guess shows its outline and
 * word on the board's black instead of a block. */
static void draw_guess(draw_ctx *d, const app_state *app, const hint_type *h, const view_hint *cell,
                       layout_rect sq, layout_rect tint, layout_rect words, float fade)
{
    const layout *l = &app->layout;
    bool best = cell->kind == VIEW_HINT_BEST_GUESS;
    theme_color heat = draw_color(app, THEME_HINT_HEAT);
    if (!app->theme->strong_hints) {
        shape_round_rect(
            &d->shapes, tint, l->corner_radius,
            theme_fade(heat, theme_heat_alpha(cell->heat, VIEW_HINT_HEAT_LEVELS) * fade));
    } else if (!best && cell->heat > 0) {
        float t = (float)(cell->heat - 1) / (float)(VIEW_HINT_HEAT_LEVELS - 1);
        int side = (int)lroundf(
            (float)l->cell *
            (HEAT_BLOCK_MIN_FRACTION + (HEAT_BLOCK_MAX_FRACTION - HEAT_BLOCK_MIN_FRACTION) * t));
        layout_rect block = {sq.x + (sq.w - side) / 2, sq.y + (sq.h - side) / 2, side, side};
        shape_round_rect(&d->shapes, block, l->corner_radius * HEAT_BLOCK_CORNER_FACTOR,
                         theme_fade(heat, fade));
    }
    if (!best) return;
    theme_color ink = theme_fade(draw_color(app, THEME_HINT_GUESS), fade);
    shape_outline_rect(&d->shapes, tint, fmaxf(2.0f, (float)l->cell * HINT_BEST_STROKE_FRACTION),
                       ink);
    text_draw(d->text, h->bold ? TEXT_BOLD : TEXT_REGULAR, h->word_px, ink, h->words[3], words,
              TEXT_CENTER, NULL);
}

/* A proven square: "Win", "Draw" or "Loss" (with "in N" moves for a win or
 * a loss) on a tint of that colour. */
static void draw_proven(draw_ctx *d, const app_state *app, const hint_type *h,
                        const view_hint *cell, layout_rect tint, layout_rect words, float fade)
{
    theme_role role = THEME_HINT_DRAW;
    const char *word = h->words[1];
    if (cell->kind == VIEW_HINT_WIN) {
        role = THEME_HINT_WIN;
        word = h->words[0];
    } else if (cell->kind == VIEW_HINT_LOSS) {
        role = THEME_HINT_LOSS;
        word = h->words[2];
    }
    if (app->theme->strong_hints)
        /* High contrast: an outline in the colour, the words on the board. */
        shape_outline_rect(
            &d->shapes, tint,
            fmaxf(HINT_OUTLINE_MIN_PX,
                  (float)app->layout.cell * HINT_BEST_STROKE_FRACTION * HINT_OUTLINE_OF_BEST),
            theme_fade(draw_color(app, role), fade));
    else
        shape_round_rect(&d->shapes, tint, app->layout.corner_radius,
                         theme_fade(draw_color(app, role), HINT_TINT_ALPHA * fade));
    bool counted = cell->kind == VIEW_HINT_WIN || cell->kind == VIEW_HINT_LOSS;
    layout_rect top = words, bottom = words;
    if (cell->proven_best) {
        /* The best move among shades: outlined as a best guess is, and
         * "Best" under its word. */
        shape_outline_rect(&d->shapes, tint,
                           fmaxf(2.0f, (float)app->layout.cell * HINT_BEST_STROKE_FRACTION),
                           theme_fade(draw_color(app, THEME_HINT_GUESS), fade));
        counted = true;
    }
    if (counted) {
        top.h = words.h / 2;
        top.y += words.h / 10;
        bottom.y = top.y + top.h;
        bottom.h = words.h - top.h - words.h / 5;
    }
    bool bold = (cell->best || app->theme->strong_hints) && h->bold;
    text_draw(d->text, bold ? TEXT_BOLD : TEXT_REGULAR, h->word_px,
              theme_fade(draw_color(app, role), fade), word, top, TEXT_CENTER, NULL);
    if (cell->proven_best) {
        int px = text_fit(d->text, TEXT_BOLD, h->count_px, h->words[3], bottom, false);
        if (px >= LAYOUT_MIN_READABLE_PX)
            text_draw(d->text, TEXT_BOLD, px, theme_fade(draw_color(app, THEME_HINT_GUESS), fade),
                      h->words[3], bottom, TEXT_CENTER, NULL);
    } else if (counted) {
        char n[NUMPARSE_TEXT_MAX];
        /* TRANSLATORS: under Win or Loss on a square: the game ends
           in this many moves, both players' counted. Keep it short. */
        snprintf(n, sizeof n, P_("in %d", "in %d", cell->plies), cell->plies);
        text_draw(d->text, TEXT_REGULAR, h->count_px, theme_fade(draw_color(app, role), fade), n,
                  bottom, TEXT_CENTER, NULL);
    }
}

/* Hints: over each free square, its outcome for the player to move (the
 * view says which), faded in to @p fade. */
void screen_game_draw_hints(draw_ctx *d, const app_state *app, float fade)
{
    const layout *l = &app->layout;
    const view_game *v = &app->view.game;
    hint_type h = hint_type_for(d, l);
    for (int i = 0; i < v->size * v->size; i++) {
        const view_hint *cell = &v->hints[i];
        if (cell->kind == VIEW_HINT_NONE) continue;
        layout_rect sq = draw_square_rect(l, i / v->size, i % v->size);
        layout_rect tint = draw_inset_rect(sq, (int)((float)l->cell * HINT_INSET_FRACTION));
        layout_rect words = {sq.x + h.words_inset, tint.y, sq.w - 2 * h.words_inset, tint.h};
        if (cell->kind == VIEW_HINT_UNKNOWN || cell->kind == VIEW_HINT_BEST_GUESS)
            draw_guess(d, app, &h, cell, sq, tint, words, fade);
        else
            draw_proven(d, app, &h, cell, tint, words, fade);
    }
}
