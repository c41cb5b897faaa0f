/*
 * record.c - the game record's text (see record.h): a strict line reader
 * that refuses with a line number and a reason, and the writer.
 */
#include "record.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "board_defaults.h"
#include "i18n.h"

/* Room for a header's value kept until the moves are read (k, result):
 * every valid one fits ("unfinished"), a longer one is cut and refused. */
#define HEADER_VALUE_MAX 16
/* Room for a row or a column number of a move line: valid ones have one
 * digit, up to three are read (and refused off the board), longer is an
 * error. */
#define MOVE_NUMBER_MAX 8

/* The keys of the header, in the order record_write() writes them. */
#define KEY_SIZE "size"
#define KEY_K "k"
#define KEY_FIRST "first"
#define KEY_MODE "mode"
#define KEY_HUMAN "human"
#define KEY_DIFFICULTY "difficulty"
#define KEY_RESULT "result"
#define KEY_MOVES "moves"

/* The words of `result`, by the state a game ends in. */
#define RESULT_X_WON "x-won"
#define RESULT_O_WON "o-won"
#define RESULT_DRAW "draw"
#define RESULT_UNFINISHED "unfinished"

static const char *const MODE_KEYS[] = {NULL, "human-vs-computer", "two-players",
                                        "computer-vs-computer"};
static const char *const MODE_ALIASES[] = {NULL, "hvc", "pvp", "cvc"};
#define MODE_COUNT ((int)(sizeof MODE_KEYS / sizeof MODE_KEYS[0]))

void record_init(record *r)
{
    memset(r, 0, sizeof *r);
    r->size = TTT_MIN_SIZE;
    r->k = board_default_k(TTT_MIN_SIZE);
    r->first = TTT_PLAYER_X;
    r->mode = RECORD_MODE_UNKNOWN;
    r->human = TTT_PLAYER_NONE;
}

const char *record_mode_key(record_mode mode)
{
    return (mode > RECORD_MODE_UNKNOWN && (int)mode < MODE_COUNT) ? MODE_KEYS[mode] : NULL;
}

/* ------------------------------------------------------------------------- */
/* Reading                                                                   */
/* ------------------------------------------------------------------------- */

/* What the reader knows so far. */
typedef struct reader {
    record r;
    record_error *err;
    int line;         /* The line being read. */
    bool magic_seen;  /* "ttt-game 1" read. */
    bool in_moves;    /* Past the "moves" line. */
    int seen_line[8]; /* Line of each header key given (0: not given), by key index. */
    char k_value[HEADER_VALUE_MAX];
    char result[HEADER_VALUE_MAX];
    ttt_game *game; /* Made at the "moves" line; the moves are played on it. */
} reader;

/* The header keys, indexing reader::seen_line. */
static const char *const HEADER_KEYS[] = {KEY_SIZE,  KEY_K,          KEY_FIRST,  KEY_MODE,
                                          KEY_HUMAN, KEY_DIFFICULTY, KEY_RESULT, KEY_MOVES};
#define HEADER_KEY_COUNT ((int)(sizeof HEADER_KEYS / sizeof HEADER_KEYS[0]))
_Static_assert(HEADER_KEY_COUNT == (int)(sizeof((reader *)0)->seen_line / sizeof(int)),
               "one seen_line per header key");

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
static bool
refuse(reader *rd, int line, const char *fmt, ...)
{
    rd->err->line = line;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(rd->err->reason, sizeof rd->err->reason, fmt, ap);
    va_end(ap);
    return false;
}

/* A whole number made of digits only, at most @p max; -1 otherwise. */
static int small_number(const char *s, int max)
{
    if (!*s) return -1;
    int v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return -1;
        v = v * 10 + (*s - '0');
        if (v > max) return -1;
    }
    return v;
}

static bool read_mark(const char *s, ttt_player *out)
{
    if (strcmp(s, "x") == 0 || strcmp(s, "X") == 0) {
        *out = TTT_PLAYER_X;
        return true;
    }
    if (strcmp(s, "o") == 0 || strcmp(s, "O") == 0) {
        *out = TTT_PLAYER_O;
        return true;
    }
    return false;
}

/* A difficulty as the programs spell it: letters, digits, '.', '-'. */
static bool read_difficulty(const char *s, char *out, size_t cap)
{
    size_t n = strlen(s);
    if (n == 0 || n >= cap) return false;
    for (const char *c = s; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '.' || *c == '-'))
            return false;
    memcpy(out, s, n + 1);
    return true;
}

/* The state's word for `result`. */
static const char *result_word(ttt_state st)
{
    switch (st) {
    case TTT_STATE_X_WON: return RESULT_X_WON;
    case TTT_STATE_O_WON: return RESULT_O_WON;
    case TTT_STATE_DRAW: return RESULT_DRAW;
    case TTT_STATE_X_TO_MOVE:
    case TTT_STATE_O_TO_MOVE:
    default: return RESULT_UNFINISHED;
    }
}

/* The first line: the format and its version. */
static bool read_magic(reader *rd, const char *key, const char *value)
{
    if (strcmp(key, RECORD_MAGIC) != 0)
        /* TRANSLATORS: a game record file's first line must be this text;
           keep 'ttt-game 1' as it is. */
        return refuse(rd, rd->line, "%s", _("not a game record: it must begin with 'ttt-game 1'"));
    if (strcmp(value, "1") != 0) /* TRANSLATORS: %s is the version the file gives. */
        return refuse(rd, rd->line, _("format version '%s' is not one this program reads (1)"),
                      value);
    rd->magic_seen = true;
    return true;
}

/* The "moves" line: the header is complete; make the game. */
static bool start_moves(reader *rd)
{
    record *r = &rd->r;
    if (!rd->seen_line[0]) /* TRANSLATORS: keep the quoted words: they are the file's keys. */
        return refuse(rd, rd->line, "%s", _("no 'size' line before 'moves'"));
    r->k = board_default_k(r->size);
    if (rd->seen_line[1]) {
        int k = small_number(rd->k_value, TTT_MAX_SIZE);
        if (k < TTT_MIN_K || k > r->size)
            /* TRANSLATORS: k is the number of marks in a row that wins. */
            return refuse(rd, rd->seen_line[1], _("k '%s' is not a number from 3 to %d (the size)"),
                          rd->k_value, r->size);
        r->k = k;
    }
    ttt_status st = ttt_game_new(r->size, r->k, r->first, NULL, &rd->game);
    if (st != TTT_OK) return refuse(rd, rd->line, "%s", _("out of memory"));
    rd->in_moves = true;
    return true;
}

/* One header line: @p key and its @p value. */
static bool read_header(reader *rd, const char *key, const char *value)
{
    int index = -1;
    for (int i = 0; i < HEADER_KEY_COUNT; i++)
        if (strcmp(key, HEADER_KEYS[i]) == 0) index = i;
    if (index < 0) /* TRANSLATORS: %s is a word of the file that is no key of the format. */
        return refuse(rd, rd->line, _("unknown key '%s'"), key);
    if (rd->seen_line[index]) /* TRANSLATORS: %s is a key; %d the line where it was given first. */
        return refuse(rd, rd->line, _("'%s' is given twice (first on line %d)"), key,
                      rd->seen_line[index]);
    rd->seen_line[index] = rd->line;
    record *r = &rd->r;
    if (strcmp(key, KEY_MOVES) == 0) {
        if (*value) return refuse(rd, rd->line, "%s", _("'moves' takes nothing after it"));
        return start_moves(rd);
    }
    if (!*value) return refuse(rd, rd->line, _("'%s' needs a value"), key);
    if (strcmp(key, KEY_SIZE) == 0) {
        int n = small_number(value, TTT_MAX_SIZE);
        if (n < TTT_MIN_SIZE)
            return refuse(rd, rd->line, _("size '%s' is not a number from 3 to 8"), value);
        r->size = n;
    } else if (strcmp(key, KEY_K) == 0) {
        snprintf(rd->k_value, sizeof rd->k_value, "%s", value);
    } else if (strcmp(key, KEY_FIRST) == 0 || strcmp(key, KEY_HUMAN) == 0) {
        ttt_player p;
        if (!read_mark(value, &p))
            /* TRANSLATORS: %s is a key (first, human), the second %s its value. */
            return refuse(rd, rd->line, _("%s '%s' is neither x nor o"), key, value);
        if (key[0] == 'f')
            r->first = p;
        else
            r->human = p;
    } else if (strcmp(key, KEY_MODE) == 0) {
        r->mode = RECORD_MODE_UNKNOWN;
        for (int i = 1; i < MODE_COUNT; i++)
            if (strcmp(value, MODE_KEYS[i]) == 0 || strcmp(value, MODE_ALIASES[i]) == 0)
                r->mode = (record_mode)i;
        if (r->mode == RECORD_MODE_UNKNOWN)
            return refuse(rd, rd->line,
                          _("mode '%s' is none of human-vs-computer, two-players, "
                            "computer-vs-computer"),
                          value);
    } else if (strcmp(key, KEY_DIFFICULTY) == 0) {
        if (!read_difficulty(value, r->difficulty, sizeof r->difficulty))
            return refuse(rd, rd->line, _("difficulty '%s' is not a level's name or a number"),
                          value);
    } else { /* result */
        if (strcmp(value, RESULT_X_WON) != 0 && strcmp(value, RESULT_O_WON) != 0 &&
            strcmp(value, RESULT_DRAW) != 0 && strcmp(value, RESULT_UNFINISHED) != 0)
            return refuse(rd, rd->line, _("result '%s' is none of x-won, o-won, draw, unfinished"),
                          value);
        snprintf(rd->result, sizeof rd->result, "%s", value);
    }
    return true;
}

/* One move line, "ROW COL" or "ROW,COL", played on the game. */
static bool read_move(reader *rd, const char *text)
{
    char row_text[MOVE_NUMBER_MAX] = "", col_text[MOVE_NUMBER_MAX] = "";
    const char *sep = text;
    while (*sep && *sep != ' ' && *sep != '\t' && *sep != ',')
        sep++;
    size_t row_len = (size_t)(sep - text);
    while (*sep == ' ' || *sep == '\t')
        sep++;
    if (*sep == ',') sep++;
    while (*sep == ' ' || *sep == '\t')
        sep++;
    int size = rd->r.size;
    int row = -1, col = -1;
    if (row_len > 0 && row_len < sizeof row_text && strlen(sep) < sizeof col_text) {
        memcpy(row_text, text, row_len);
        row_text[row_len] = '\0';
        snprintf(col_text, sizeof col_text, "%s", sep);
        row = small_number(row_text, 999);
        col = small_number(col_text, 999);
    }
    if (row < 0 || col < 0) /* TRANSLATORS: %s is the line's text; keep the example's form. */
        return refuse(rd, rd->line,
                      _("'%s' is not a move: give the row and the column, e.g. '2 3'"), text);
    if (row < 1 || row > size)
        return refuse(rd, rd->line, _("row %d is outside the board (rows are 1 to %d)"), row, size);
    if (col < 1 || col > size)
        return refuse(rd, rd->line, _("column %d is outside the board (columns are 1 to %d)"), col,
                      size);
    int number = ttt_game_move_count(rd->game) + 1;
    if (ttt_game_over(rd->game))
        /* TRANSLATORS: %d is the move's number; %s how the game ended
           (x-won, o-won, draw: the file's words). */
        return refuse(rd, rd->line, _("move %d comes after the end of the game (%s)"), number,
                      result_word(ttt_game_state(rd->game)));
    ttt_pos at = {row - 1, col - 1};
    ttt_player taken = TTT_PLAYER_NONE; /* on the board: checked above */
    if (ttt_game_owner(rd->game, at, &taken) == TTT_OK && taken != TTT_PLAYER_NONE)
        return refuse(rd, rd->line, _("move %d: row %d, column %d is already taken by %s"), number,
                      row, col, ttt_player_name(taken));
    if (ttt_game_move(rd->game, at, NULL) != TTT_OK)
        return refuse(rd, rd->line, _("move %d: row %d, column %d is not a legal move"), number,
                      row, col);
    rd->r.moves[rd->r.move_count++] = at;
    return true;
}

/* One line, without its line end: @p len bytes at @p start. */
static bool read_line(reader *rd, const char *start, size_t len)
{
    if (memchr(start, '\0', len)) return refuse(rd, rd->line, "%s", _("the line has a NUL byte"));
    /* A comment may be as long as it likes; what comes before it may not. */
    const char *hash = memchr(start, '#', len);
    size_t content = hash ? (size_t)(hash - start) : len;
    if (content > RECORD_LINE_MAX)
        return refuse(rd, rd->line, _("the line is longer than %d characters"), RECORD_LINE_MAX);
    char buf[RECORD_LINE_MAX + 1];
    memcpy(buf, start, content);
    buf[content] = '\0';
    /* Trim blanks (and a Windows line end's '\r'). */
    char *s = buf;
    while (*s == ' ' || *s == '\t' || *s == '\r')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    if (n == 0) return true;
    if (rd->in_moves) return read_move(rd, s);
    /* The key, then the value after blanks. */
    char *value = s;
    while (*value && *value != ' ' && *value != '\t')
        value++;
    if (*value) {
        *value++ = '\0';
        while (*value == ' ' || *value == '\t')
            value++;
    }
    if (!rd->magic_seen) return read_magic(rd, s, value);
    return read_header(rd, s, value);
}

/* What must hold once every line is read. */
static bool finish(reader *rd)
{
    int end = rd->line;
    if (!rd->magic_seen)
        return refuse(rd, end, "%s", _("not a game record: it must begin with 'ttt-game 1'"));
    if (!rd->in_moves) /* TRANSLATORS: keep 'moves': it is the file's key. */
        return refuse(rd, end, "%s", _("no 'moves' line (it ends the header, even with no moves)"));
    if (rd->result[0]) {
        const char *actual = result_word(ttt_game_state(rd->game));
        if (strcmp(actual, rd->result) != 0)
            /* TRANSLATORS: the two %s are the file's words for results
               (x-won, o-won, draw, unfinished). */
            return refuse(rd, rd->seen_line[6], _("the result is '%s', but the moves end '%s'"),
                          rd->result, actual);
    }
    return true;
}

bool record_parse(const char *text, size_t len, record *out, record_error *err)
{
    reader rd;
    memset(&rd, 0, sizeof rd);
    record_init(&rd.r);
    record_error scratch;
    rd.err = err ? err : &scratch;
    rd.err->line = 0;
    rd.err->reason[0] = '\0';
    bool ok = true;
    if (len > RECORD_MAX_BYTES) {
        refuse(&rd, 1, _("larger than %d KiB: not a game record"), RECORD_MAX_BYTES / 1024);
        return false;
    }
    const char *p = text, *end = text + len;
    while (ok && p < end) {
        rd.line++;
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        ok = read_line(&rd, p, n);
        p += n + (nl ? 1 : 0);
    }
    if (ok) {
        rd.line++; /* what is missing is missing after the last line */
        ok = finish(&rd);
    }
    ttt_game_free(rd.game);
    if (ok) *out = rd.r;
    return ok;
}

/* ------------------------------------------------------------------------- */
/* Writing                                                                   */
/* ------------------------------------------------------------------------- */

/* Append to @p buf at *used; false once @p cap is exceeded. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 4, 5)))
#endif
static bool
append(char *buf, size_t cap, size_t *used, const char *fmt, ...)
{
    if (*used >= cap) return false;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *used, cap - *used, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= cap - *used) {
        *used = cap;
        return false;
    }
    *used += (size_t)n;
    return true;
}

ttt_state record_final_state(const record *r)
{
    ttt_game *g = NULL;
    if (record_to_game(r, &g) != TTT_OK) return TTT_STATE_X_TO_MOVE;
    ttt_state st = ttt_game_state(g);
    ttt_game_free(g);
    return st;
}

size_t record_write(const record *r, char *buf, size_t cap)
{
    size_t used = 0;
    bool ok = append(buf, cap, &used, "# ttt game record (docs/cli.md, \"Game records\")\n");
    ok = ok && append(buf, cap, &used, "%s %d\n", RECORD_MAGIC, RECORD_VERSION);
    ok = ok && append(buf, cap, &used, "%s %d\n%s %d\n%s %s\n", KEY_SIZE, r->size, KEY_K, r->k,
                      KEY_FIRST, r->first == TTT_PLAYER_O ? "o" : "x");
    if (ok && record_mode_key(r->mode))
        ok = append(buf, cap, &used, "%s %s\n", KEY_MODE, record_mode_key(r->mode));
    if (ok && r->human != TTT_PLAYER_NONE)
        ok = append(buf, cap, &used, "%s %s\n", KEY_HUMAN, r->human == TTT_PLAYER_O ? "o" : "x");
    if (ok && r->difficulty[0])
        ok = append(buf, cap, &used, "%s %s\n", KEY_DIFFICULTY, r->difficulty);
    ok = ok && append(buf, cap, &used, "%s %s\n%s\n", KEY_RESULT,
                      result_word(record_final_state(r)), KEY_MOVES);
    for (int i = 0; ok && i < r->move_count; i++)
        ok = append(buf, cap, &used, "%d %d\n", r->moves[i].row + 1, r->moves[i].col + 1);
    if (!ok) {
        if (cap > 0) buf[0] = '\0';
        return 0;
    }
    return used;
}

void record_from_game(record *r, const ttt_game *game)
{
    r->size = ttt_game_size(game);
    r->k = ttt_game_k(game);
    r->first = ttt_game_first_player(game);
    int n = 0;
    if (ttt_game_history(game, r->moves, TTT_MAX_SQUARES, &n) != TTT_OK) n = 0;
    r->move_count = n;
}

ttt_status record_to_game(const record *r, ttt_game **out)
{
    ttt_game *g = NULL;
    ttt_status st = ttt_game_new(r->size, r->k, r->first, NULL, &g);
    if (st != TTT_OK) return st;
    for (int i = 0; i < r->move_count && st == TTT_OK; i++)
        st = ttt_game_move(g, r->moves[i], NULL);
    if (st != TTT_OK) {
        ttt_game_free(g);
        return st;
    }
    *out = g;
    return TTT_OK;
}
