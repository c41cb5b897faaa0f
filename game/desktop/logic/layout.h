/*
 * layout.h - where everything goes, as pure functions of the window size.
 *
 * All coordinates are output pixels (what SDL_GetRendererOutputSize reports),
 * so HiDPI screens get crisp drawing; mouse positions arrive in window points
 * and are converted with layout_window_to_output(). Nothing here touches SDL,
 * so hit-testing is unit-tested at any size and scale without a display.
 *
 * Board indexing (3x3 shown; any size 3..8 works the same way):
 *
 *        col 0   col 1   col 2
 *      +-------+-------+-------+   board.y
 * row 0| (0,0) | (0,1) | (0,2) |
 *      +-------+-------+-------+   board.y + cell
 * row 1| (1,0) | (1,1) | (1,2) |
 *      +-------+-------+-------+
 * row 2| (2,0) | (2,1) | (2,2) |
 *      +-------+-------+-------+   board.y + 3 * cell
 *
 * Squares are half-open: a pixel on a grid line belongs to the square to its
 * right or below, so every board pixel maps to exactly one square and the
 * hover preview always shows which one a click would take.
 */
#ifndef GAME_LAYOUT_H
#define GAME_LAYOUT_H

#include <stdbool.h>

/** An axis-aligned rectangle in output pixels. */
typedef struct layout_rect {
    int x, y, w, h;
} layout_rect;

/** The buttons under the board (beside it in wide windows, two by two). */
typedef enum layout_button {
    LAYOUT_BUTTON_NONE = -1,
    LAYOUT_BUTTON_NEW_GAME = 0,
    LAYOUT_BUTTON_UNDO = 1,
    LAYOUT_BUTTON_REDO = 2,
    LAYOUT_BUTTON_HINT = 3,
    LAYOUT_BUTTON_SETTINGS = 4,
    LAYOUT_BUTTON_COUNT = 5
} layout_button;

/** The smallest window the layouts are made for, in output pixels at scale
 *  1 (the window cannot be made smaller): every text stays at least
 *  LAYOUT_MIN_READABLE_PX tall there, the settings included. */
#define LAYOUT_MIN_WIDTH 520
#define LAYOUT_MIN_HEIGHT 600
/** The smallest text height the layouts give, in pixels at scale 1. */
#define LAYOUT_MIN_READABLE_PX 11
/** A button's label keeps this fraction of the button's height clear on
 *  each side. */
#define LAYOUT_BUTTON_LABEL_INSET_FRACTION 0.15
/** A button label's width assumed when none is given (English's "New
 *  game" in DejaVu Sans Bold), in text heights. */
#define LAYOUT_BUTTON_LABEL_EMS_DEFAULT 5.3

/** The main screen's geometry. */
typedef struct layout {
    int width, height;   /**< Output size it was computed for. */
    int board_size;      /**< Squares per side. */
    bool landscape;      /**< Board on the left, text in a column on its right. */
    int score_rows;      /**< 1: the three scores side by side; 3: one per row. */
    int button_rows;     /**< Rows of buttons: 1 under the board, 2 when the labels need
                              room, 3 beside the board. */
    layout_rect overlay; /**< The performance overlay: beside a landscape board above the
                              text's column when there is room, else a strip at the top with
                              the rest laid out under it; it covers nothing of the game.
                              Zero height when hidden. */
    layout_rect status;  /**< The status line ("Your turn", "X wins"). */
    layout_rect rule;    /**< Under the status: the board and how many in a row win. */
    layout_rect board;   /**< The board: board_size * cell pixels square. */
    int cell;            /**< Side of one square in pixels. */
    layout_rect scores;  /**< The score line under the board (the review's strip of values
                              takes its place while reviewing). */
    layout_rect buttons[LAYOUT_BUTTON_COUNT];
    float grid_thickness;   /**< Grid line width in pixels. */
    float mark_thickness;   /**< Stroke width of X and O in pixels. */
    float mark_radius;      /**< Half the extent of a mark in pixels. */
    float strike_thickness; /**< Width of the strike-through line in pixels. */
    float corner_radius;    /**< Rounding of buttons and panels in pixels. */
    int font_status_px;     /**< Text heights in pixels. */
    int font_rule_px;
    int font_score_px;
    int font_button_px;
    int font_small_px; /**< The overlay's text. */
    int pad;           /**< Outer margin in pixels. */
} layout;

/** Number of text lines the performance overlay shows. */
#define LAYOUT_OVERLAY_LINES 5

/**
 * Keep every layout computed from now on to a touch screen's sizes (the
 * browser port on a phone): each button and list row at least @p target_px
 * output pixels tall, each text of the main screen and the lists at least
 * @p text_px, and in a tall window the status and the board at the top
 * with the buttons at the bottom. 0, 0 (the default) turns this off: the
 * desktop's proportions alone.
 */
void layout_set_touch_minimums(int target_px, int text_px);

/**
 * Compute the main screen for an output of @p width x @p height pixels.
 * With @p overlay, the performance overlay's box goes beside a landscape
 * board when it fits there (nothing else moves), else in a strip at the
 * window's top, the rest laid out in the height under it: it never covers
 * the status, the rule, the board, the scores or a button.
 */
void layout_compute(layout *out, int width, int height, int board_size, bool overlay);

/**
 * layout_compute() for buttons whose labels are @p button_label_ems[i]
 * text heights wide (bold; the labels are translated, so they differ by
 * language; NULL: LAYOUT_BUTTON_LABEL_EMS_DEFAULT each). Under the board
 * the buttons share one row, each as wide as its label needs and the
 * short ones evened out, while the labels keep at least three quarters of
 * the layout's button text there; otherwise they go in two rows.
 * @p row_ems: the widest row of labels the buttons ever show, the sum of a
 * set's labels in text heights (the game's, the review's), so that the
 * rows, and with them the board, stay put when the labels change; 0: the
 * sum of @p button_label_ems.
 */
void layout_compute_labelled(layout *out, int width, int height, int board_size, bool overlay,
                             const double *button_label_ems, double row_ems);

/**
 * The square under output pixel (@p x, @p y).
 * @return true and the square in @p row / @p col, or false outside the board.
 */
bool layout_square_at(const layout *l, int x, int y, int *row, int *col);

/** The centre of a square in output pixels. */
void layout_square_center(const layout *l, int row, int col, float *cx, float *cy);

/** The button under output pixel (@p x, @p y), or LAYOUT_BUTTON_NONE. */
layout_button layout_button_at(const layout *l, int x, int y);

/** Is the point inside the rectangle (half-open)? */
bool layout_rect_contains(layout_rect r, int x, int y);

/**
 * Convert a mouse position in window points to output pixels. On HiDPI
 * screens the output is larger than the window (for example twice as large);
 * a zero window size leaves the point unscaled.
 */
void layout_window_to_output(int wx, int wy, int win_w, int win_h, int out_w, int out_h, int *ox,
                             int *oy);

/* ------------------------------------------------------------------------- */
/* Settings menu                                                             */
/* ------------------------------------------------------------------------- */

/** Most rows the menu lays out and most choices in one row. */
#define LAYOUT_MENU_MAX_ROWS 16
#define LAYOUT_MENU_MAX_OPTIONS 6

/** One menu row: a label line above a full-width control. */
typedef struct layout_menu_row {
    layout_rect row;     /**< The whole row. */
    layout_rect label;   /**< Where the label goes. */
    layout_rect control; /**< The control: segments or a slider track. */
    int option_count;    /**< Segments in the control; 0 for a slider. */
    layout_rect options[LAYOUT_MENU_MAX_OPTIONS];
} layout_menu_row;

/** The settings panel's geometry. */
typedef struct layout_menu {
    layout_rect panel;
    layout_rect title;
    int row_count;
    int columns; /**< 1, or 2 in wide windows (rows fill the left column first). */
    layout_menu_row rows[LAYOUT_MENU_MAX_ROWS];
    layout_rect note; /**< The sentence saying when changes apply. */
    layout_rect done; /**< The close button. */
    int font_title_px, font_px, font_note_px;
    int font_option_px; /**< Text on the choices: fits the widest row's segments. */
    int option_inset;   /**< Inset of a choice's text from its sides, in pixels. */
    float corner_radius;
} layout_menu;

/**
 * Lay out the menu: @p row_count rows whose controls have
 * @p option_counts[i] segments (0 means a slider), the longest label of row
 * i being @p option_chars[i] characters (NULL: assume the longest the menu
 * has anywhere), so the choices' text size fits every row's segments.
 */
void layout_menu_compute(layout_menu *out, int width, int height, int row_count,
                         const int *option_counts, const int *option_chars);

/** What a point in the menu is over. */
typedef struct layout_menu_hit {
    int row;      /**< Row index, or -1. */
    int option;   /**< Segment index within the row, or -1 (also for sliders). */
    double value; /**< For a slider row: position along the track, 0..1. */
    bool done;    /**< Over the close button. */
    bool inside;  /**< Inside the panel at all. */
} layout_menu_hit;

/** Hit-test the menu at output pixel (@p x, @p y). */
layout_menu_hit layout_menu_hit_test(const layout_menu *m, int x, int y);

/** Slider position 0..1 for an x coordinate over a row's track (clamped). */
double layout_menu_slider_value(const layout_menu *m, int row, int x);

/* ------------------------------------------------------------------------- */
/* Lists: the game menu, and the statistics' table                           */
/* ------------------------------------------------------------------------- */

/** Most entries a list panel lays out. */
#define LAYOUT_LIST_MAX_ROWS 16

/** A panel over the game with a title and rows one under the other (the
 *  game menu's entries; the statistics' lines under their tabs). */
typedef struct layout_list {
    layout_rect panel;
    layout_rect title;
    int tab_count; /**< Segments in a row under the title (the statistics' modes); 0: none. */
    layout_rect tabs[LAYOUT_MENU_MAX_OPTIONS];
    int row_count;
    layout_rect rows[LAYOUT_LIST_MAX_ROWS];
    layout_rect note; /**< A line under the rows (how to close it). */
    int font_title_px, font_px, font_note_px;
    float corner_radius;
} layout_list;

/**
 * Lay out a list panel for @p rows rows (at most LAYOUT_LIST_MAX_ROWS) and
 * @p tabs tabs under the title (0 for none), in an output of @p width x
 * @p height pixels: rows as tall as the game's buttons while they fit, and
 * no text under LAYOUT_MIN_READABLE_PX.
 */
void layout_list_compute(layout_list *out, int width, int height, int rows, int tabs);

/** What a point is over in a list panel. */
typedef struct layout_list_hit {
    bool inside; /**< Inside the panel. */
    int row;     /**< A row, or -1. */
    int tab;     /**< A tab, or -1. */
} layout_list_hit;

/** Hit-test a list panel at output pixel (@p x, @p y). */
layout_list_hit layout_list_hit_test(const layout_list *l, int x, int y);

#endif /* GAME_LAYOUT_H */
