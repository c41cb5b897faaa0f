/*
 * screen_game_status.c - the game screen's rows around the board (see
 * screen_game_internal.h): the status line (a muted speaker at its right
 * end when the sound is off, three pulsing dots while someone thinks), the
 * rule under it, and the score line (or a review's strip in its place).
 */
#include "screen_game_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "numparse.h"
#include "screen_review.h"

#define PI_F 3.14159265f

/* The thinking indicator: three dots after the status text. */
#define THINK_DOT_COUNT 3
#define THINK_DOT_RADIUS_FRACTION 0.11f /* Of the status font size. */
#define THINK_DOT_SPACING_FRACTION 0.38f
#define THINK_DOT_BASELINE_FRACTION 0.28f /* Dots sit this far above the text box bottom. */
#define THINK_DOT_MIN_SCALE 0.7f          /* Dot size at the quiet point of its pulse. */
#define THINK_DOT_MIN_ALPHA 0.35f

/* The muted speaker at the right end of the status line, as fractions of
 * its height (the status text's size). */
#define MUTED_BOX_HALF_HEIGHT 0.20f
#define MUTED_BOX_WIDTH 0.24f
#define MUTED_CONE_WIDTH 0.34f
#define MUTED_CONE_HALF_HEIGHT 0.46f
#define MUTED_SLASH_STROKE 0.08f
#define MUTED_SLASH_HALO 1.8f /* Background around the slash, in strokes. */
#define MUTED_GAP                                                                                  \
    0.35f                       /* Between the icon and the text's box (and at least               \
                                   SCREEN_GAME_SPEAKER_GAP_PX). */
#define MUTED_BODY_OVERLAP 1.4f /* The body's width into the cone, in body widths. */

/* Score line: underline under the side to move. */
#define TURN_BAR_HEIGHT_FRACTION 0.07f
#define TURN_BAR_WIDTH_FRACTION 0.55f
#define TURN_BAR_RAISE_FRACTION 0.06f /* Of the score row height, above its bottom. */
/* Room for a score's label ("Computer (O)", "You (X)"), in any language. */
#define SCORE_LABEL_MAX 64
/* The score line's entries: one side's wins, the draws, the other's wins. */
#define SCORE_ENTRIES 3

/* A speaker struck through, @p size tall, its left edge at @p x, centred on @p y. */
static void draw_muted(draw_ctx *d, const app_state *app, float x, float y, float size)
{
    theme_color c = draw_color(app, THEME_TEXT_MUTED);
    float box_h = size * MUTED_BOX_HALF_HEIGHT, box_w = size * MUTED_BOX_WIDTH;
    float cone_x = x + box_w + size * MUTED_CONE_WIDTH, cone_h = size * MUTED_CONE_HALF_HEIGHT;
    /* The body reaches into the cone so their feathered edges leave no seam. */
    float body_r = x + box_w * MUTED_BODY_OVERLAP;
    const float body[4][2] = {
        {x, y - box_h}, {body_r, y - box_h}, {body_r, y + box_h}, {x, y + box_h}};
    const float cone[4][2] = {
        {x + box_w, y - box_h}, {cone_x, y - cone_h}, {cone_x, y + cone_h}, {x + box_w, y + box_h}};
    shape_polygon(&d->shapes, body, 4, c);
    shape_polygon(&d->shapes, cone, 4, c);
    /* The slash cuts through on a band of background, so it reads apart. */
    float reach = size * 0.5f;
    float mid = (x + cone_x) * 0.5f;
    float stroke = size * MUTED_SLASH_STROKE;
    shape_capsule(&d->shapes, mid - reach, y - reach, mid + reach, y + reach,
                  stroke * MUTED_SLASH_HALO, draw_color(app, THEME_BACKGROUND));
    shape_capsule(&d->shapes, mid - reach, y - reach, mid + reach, y + reach, stroke, c);
}

/* The muted speaker's extent from its left edge x, of its size: the
 * slash, with its band of background, reaches past the body on the left
 * and past the cone on the right. */
static float muted_reach_left(void)
{
    return 0.5f - (MUTED_BOX_WIDTH + MUTED_CONE_WIDTH) * 0.5f +
           MUTED_SLASH_STROKE * MUTED_SLASH_HALO * 0.5f;
}

static float muted_reach_right(void)
{
    float slash = (MUTED_BOX_WIDTH + MUTED_CONE_WIDTH) * 0.5f + 0.5f +
                  MUTED_SLASH_STROKE * MUTED_SLASH_HALO * 0.5f;
    float cone = MUTED_BOX_WIDTH + MUTED_CONE_WIDTH;
    return slash > cone ? slash : cone;
}

/* Where draw_muted() is given its left edge: the icon's right end on the
 * status line's. */
static float muted_x(const layout *l)
{
    return (float)(l->status.x + l->status.w) - (float)l->font_status_px * muted_reach_right();
}

layout_rect screen_game_speaker_rect(const app_state *app)
{
    const layout *l = &app->layout;
    float size = (float)l->font_status_px;
    float left = muted_x(l) - size * muted_reach_left();
    int x = (int)floorf(left);
    int half = (int)ceilf(size * 0.5f);
    int cy = l->status.y + l->status.h / 2;
    return (layout_rect){x, cy - half, l->status.x + l->status.w - x, 2 * half};
}

layout_rect screen_game_status_box(const app_state *app, const char *status, bool long_status,
                                   bool muted, bool thinking)
{
    const layout *l = &app->layout;
    int px = l->font_status_px;
    layout_rect line = l->status;
    int room = 0;
    if (muted) {
        /* The muted speaker at the right end, and the gap before it. */
        int gap = (int)fmaxf((float)SCREEN_GAME_SPEAKER_GAP_PX, (float)px * MUTED_GAP);
        room = line.x + line.w - screen_game_speaker_rect(app).x + gap;
    }
    if (thinking) /* The dots after the text: the last one's right edge at its largest. */
        room +=
            (int)ceilf((float)px * (THINK_DOT_SPACING_FRACTION * ((float)THINK_DOT_COUNT - 0.1f) +
                                    THINK_DOT_RADIUS_FRACTION));
    layout_rect centred = {line.x + room, line.y, line.w - 2 * room, line.h};
    if (room == 0 || !status || !app->text) return centred;
    int w = 0, h = 0;
    if (text_measure(app->text, long_status ? TEXT_REGULAR : TEXT_BOLD, px, status, &w, &h) &&
        w <= centred.w)
        return centred;
    /* Too long for one centred line: all the room left of the speaker. */
    return (layout_rect){line.x, line.y, line.w - room, line.h};
}

void screen_game_draw_status(draw_ctx *d, const app_state *app, const screen_game_scene *k)
{
    const layout *l = &app->layout;
    int px = l->font_status_px;
    layout_rect box = screen_game_status_box(app, k->status, k->status_long, k->muted, k->thinking);
    if (k->muted)
        draw_muted(d, app, muted_x(l), (float)l->status.y + (float)l->status.h * 0.5f, (float)px);
    d->status_drawn = (SDL_Rect){0, 0, 0, 0};
    if (k->status_long) {
        /* A review's verdict or a notice: up to three lines, regular. */
        int fit =
            text_fit_lines(d->text, TEXT_REGULAR, px, k->status, box, SCREEN_GAME_STATUS_LINES);
        text_draw_lines(d->text, TEXT_REGULAR, fit, draw_color(app, THEME_TEXT), k->status, box,
                        TEXT_CENTER, SCREEN_GAME_STATUS_LINES, &d->status_drawn);
    } else {
        /* A long status (a hint's estimates, a long language) goes on two
         * lines rather than shrinking to nothing on one. */
        int fit = text_fit(d->text, TEXT_BOLD, px, k->status, box, true);
        text_draw_wrapped(d->text, TEXT_BOLD, fit, draw_color(app, THEME_TEXT), k->status, box,
                          TEXT_CENTER, &d->status_drawn);
    }
    int rule_px = text_fit(d->text, TEXT_REGULAR, l->font_rule_px, k->rule, l->rule, false);
    text_draw(d->text, TEXT_REGULAR, rule_px, draw_color(app, THEME_TEXT_MUTED), k->rule, l->rule,
              TEXT_CENTER, NULL);
}

void screen_game_draw_thinking_dots(draw_ctx *d, const app_state *app)
{
    SDL_Rect drawn = d->status_drawn;
    if (drawn.w <= 0) return;
    int px = app->layout.font_status_px;
    float r = (float)px * THINK_DOT_RADIUS_FRACTION;
    float step = (float)px * THINK_DOT_SPACING_FRACTION;
    float y = (float)(drawn.y + drawn.h) - (float)drawn.h * THINK_DOT_BASELINE_FRACTION;
    for (int i = 0; i < THINK_DOT_COUNT; i++) {
        /* Each dot pulses a third of a period after the one before. */
        Uint64 phase =
            (app->view.now_ms +
             (Uint64)(APP_THINK_DOT_PERIOD_MS - i * APP_THINK_DOT_PERIOD_MS / THINK_DOT_COUNT)) %
            APP_THINK_DOT_PERIOD_MS;
        float wave =
            0.5f + 0.5f * cosf(2.0f * PI_F * (float)phase / (float)APP_THINK_DOT_PERIOD_MS);
        float x = (float)(drawn.x + drawn.w) + step * ((float)i + 0.9f);
        shape_disc(&d->shapes, x, y,
                   r * (THINK_DOT_MIN_SCALE + (1.0f - THINK_DOT_MIN_SCALE) * wave),
                   theme_fade(draw_color(app, THEME_TEXT),
                              THINK_DOT_MIN_ALPHA + (1.0f - THINK_DOT_MIN_ALPHA) * wave));
    }
}

/* The score line's three entries: labels, counts and the colour of the bar
 * under the side to move. */
typedef struct score_line {
    char labels[SCORE_ENTRIES][SCORE_LABEL_MAX];
    char numbers[SCORE_ENTRIES][NUMPARSE_TEXT_MAX];
    ttt_player side[SCORE_ENTRIES]; /* Whose turn lights the bar under it (NONE: the draws). */
    theme_role bar[SCORE_ENTRIES];
} score_line;

/* One player's label online: you or your friend, with the mark. */
static void online_label(char *buf, size_t cap, ttt_player side, ttt_player you)
{
    if (side == you)
        snprintf(buf, cap, _("You (%s)"), ttt_player_name(side));
    else
        /* TRANSLATORS: the score line online: the wins of your friend (the
           other player, a person); %s is their mark, X or O. */
        snprintf(buf, cap, _("Friend (%s)"), ttt_player_name(side));
}

/* Against the computer the counts are by role, whichever side you took in
 * each game; otherwise (online too) by mark. Online the players are you
 * and your friend (watching: the marks). */
static score_line score_line_of(const screen_game_scene *k)
{
    score_line s;
    memset(&s, 0, sizeof s);
    bool hvc = !k->online && k->mode == SETTINGS_MODE_HUMAN_VS_COMPUTER;
    ttt_player left = hvc ? k->human_side : TTT_PLAYER_X;
    ttt_player right = ttt_player_other(left);
    int counts[SCORE_ENTRIES] = {k->score.wins[0], k->score.draws, k->score.wins[1]};
    if (hvc) {
        /* TRANSLATORS: the score line: your wins; %s is your mark, X or O. */
        snprintf(s.labels[0], sizeof s.labels[0], _("You (%s)"), ttt_player_name(left));
        /* TRANSLATORS: the score line: the computer's wins; %s is its mark. */
        snprintf(s.labels[2], sizeof s.labels[2], _("Computer (%s)"), ttt_player_name(right));
    } else if (k->online && k->human_side != TTT_PLAYER_NONE) {
        online_label(s.labels[0], sizeof s.labels[0], left, k->human_side);
        online_label(s.labels[2], sizeof s.labels[2], right, k->human_side);
    } else {
        snprintf(s.labels[0], sizeof s.labels[0], "%s", ttt_player_name(left));
        snprintf(s.labels[2], sizeof s.labels[2], "%s", ttt_player_name(right));
    }
    /* TRANSLATORS: the score line: how many games were drawn. */
    snprintf(s.labels[1], sizeof s.labels[1], "%s", _("Draws"));
    for (int i = 0; i < SCORE_ENTRIES; i++)
        snprintf(s.numbers[i], sizeof s.numbers[i], "%d", counts[i]);
    s.side[0] = left;
    s.side[1] = TTT_PLAYER_NONE;
    s.side[2] = right;
    s.bar[0] = screen_game_mark_role(left);
    s.bar[1] = THEME_TEXT_MUTED;
    s.bar[2] = screen_game_mark_role(right);
    return s;
}

/* One size for the three, the largest up to the layout's at which each
 * label, a gap and its count fit their column of @p col_w pixels. */
static int score_px(draw_ctx *d, const score_line *s, int px, int col_w)
{
    for (int tries = 0; tries < 4; tries++) {
        int widest = 0;
        for (int i = 0; i < SCORE_ENTRIES; i++) {
            int lw = 0, nw = 0, sw = 0, th = 0;
            text_measure(d->text, TEXT_REGULAR, px, s->labels[i], &lw, &th);
            text_measure(d->text, TEXT_BOLD, px, s->numbers[i], &nw, &th);
            text_measure(d->text, TEXT_REGULAR, px, "  ", &sw, &th);
            if (lw + sw + nw > widest) widest = lw + sw + nw;
        }
        if (widest <= col_w || px <= 1) break;
        int scaled = px * col_w / widest;
        px = scaled < px ? scaled : px - 1;
    }
    return px;
}

/* Entry @p i of the score line in @p box: the label gets the column up to
 * the count, the count the rest; a coloured bar under the side to move. */
static void draw_score(draw_ctx *d, const app_state *app, const score_line *s, int i,
                       layout_rect box, int px, ttt_player turn)
{
    int lw = 0, lh = 0, nw = 0, nh = 0, sw = 0, sh = 0;
    text_measure(d->text, TEXT_REGULAR, px, s->labels[i], &lw, &lh);
    text_measure(d->text, TEXT_BOLD, px, s->numbers[i], &nw, &nh);
    text_measure(d->text, TEXT_REGULAR, px, "  ", &sw, &sh);
    int total = lw + sw + nw;
    int x = box.x + (box.w - total) / 2;
    if (total > box.w) x = box.x;
    layout_rect lbox = {x, box.y, box.x + box.w - x - sw - nw, box.h};
    layout_rect nbox = {x + lw + sw, box.y, box.x + box.w - (x + lw + sw), box.h};
    text_draw(d->text, TEXT_REGULAR, px, draw_color(app, THEME_TEXT_MUTED), s->labels[i], lbox,
              TEXT_LEFT, NULL);
    text_draw(d->text, TEXT_BOLD, px, draw_color(app, THEME_TEXT), s->numbers[i], nbox, TEXT_LEFT,
              NULL);
    if (s->side[i] != TTT_PLAYER_NONE && s->side[i] == turn) {
        float bw = (float)total * TURN_BAR_WIDTH_FRACTION;
        float by = (float)(box.y + box.h) - (float)box.h * TURN_BAR_RAISE_FRACTION;
        float bh = fmaxf(2.0f, (float)box.h * TURN_BAR_HEIGHT_FRACTION);
        float bx = (float)x + (float)total * 0.5f;
        shape_capsule(&d->shapes, bx - bw * 0.5f, by, bx + bw * 0.5f, by, bh,
                      draw_color(app, s->bar[i]));
    }
}

void screen_game_draw_scores(draw_ctx *d, const app_state *app, const screen_game_scene *k)
{
    if (k->scores_hidden) return;
    if (k->review.active) {
        screen_review_draw_strip(d, app, &k->review, app->layout.scores);
        return;
    }
    const layout *l = &app->layout;
    score_line s = score_line_of(k);
    bool stacked = l->score_rows > 1;
    int col_w = stacked ? l->scores.w : l->scores.w / SCORE_ENTRIES;
    int row_h = stacked ? l->scores.h / SCORE_ENTRIES : l->scores.h;
    int px = score_px(d, &s, l->font_score_px, col_w);
    for (int i = 0; i < SCORE_ENTRIES; i++) {
        layout_rect box = {stacked ? l->scores.x : l->scores.x + i * col_w,
                           stacked ? l->scores.y + i * row_h : l->scores.y, col_w, row_h};
        draw_score(d, app, &s, i, box, px, k->turn);
    }
}
