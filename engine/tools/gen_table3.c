/*
 * gen_table3.c - writes engine/src/generated/table3_data.c, the exact value of every
 * 3x3 position, to standard output. A host tool: the engine builds from
 * the committed output and never needs this program. The ai tests run it
 * and compare its output with the committed file.
 *
 *   cmake --build build --target ttt_gen_table3
 *   build/engine/ttt_gen_table3 > engine/src/generated/table3_data.c
 *
 * A position is seen from the player to move ("mover"). Its code is the
 * base-3 number whose digit i is 0 for an empty square i, 1 for the
 * mover's mark and 2 for the other player's (square i = row * 3 + col).
 * The value of a code is, for the mover under perfect play:
 *   +p  a win p plies from now (the fastest),
 *   -p  a loss p plies from now (the slowest),
 *    0  a draw (it lasts as many plies as there are empty squares),
 *  127  no value: the game is over, or no game reaches the position.
 * The solver is a plain memoized minimax, written to be obviously right.
 *
 * A second table, ttt__table3_chances[code], holds for every playable code
 * the chance (0..255 for 0..1) that the mover wins when it only ever plays
 * perfect moves (moves that keep the position's value), choosing among them
 * the ones that win most often against an opponent who plays uniformly at
 * random. The unbeatable AI uses it to break ties between equally good
 * moves in favour of those that give a fallible opponent most chances to
 * go wrong.
 */
#include <stdint.h>
#include <stdio.h>

#define SQUARES 9
#define CODES 19683 /* 3^9 */
#define NO_VALUE 127
#define UNSOLVED (-128)
/* Internal score: higher is better for the mover; distance-aware. */
#define WIN_SCORE 100
/* ttt__table3_chances stores chances in 0..1 as 0..CHANCE_SCALE. */
#define CHANCE_SCALE 255

static const int LINES[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

static int has_line(const int *cells, int who)
{
    for (int i = 0; i < 8; i++)
        if (cells[LINES[i][0]] == who && cells[LINES[i][1]] == who && cells[LINES[i][2]] == who)
            return 1;
    return 0;
}

static void decode(int code, int *cells)
{
    for (int i = 0; i < SQUARES; i++) {
        cells[i] = code % 3;
        code /= 3;
    }
}

static int encode(const int *cells)
{
    int code = 0;
    for (int i = SQUARES - 1; i >= 0; i--)
        code = code * 3 + cells[i];
    return code;
}

static int8_t memo[CODES];

static int move_score(int *cells, int sq);

/* Value (see the top) of a position where the game is on, for the mover. */
static int solve(int code)
{
    if (memo[code] != UNSOLVED) return memo[code];
    int cells[SQUARES], best = -2 * WIN_SCORE;
    decode(code, cells);
    for (int sq = 0; sq < SQUARES; sq++) {
        if (cells[sq] != 0) continue;
        int score = move_score(cells, sq);
        if (score > best) best = score;
    }
    int value = 0;
    if (best > 0) value = WIN_SCORE - best;
    if (best < 0) value = -(WIN_SCORE + best);
    memo[code] = (int8_t)value;
    return value;
}

/* Score of the mover playing `sq` (the move is legal): a win now, a draw on
 * the full board, or the child's value seen from this side, one ply further. */
static int move_score(int *cells, int sq)
{
    int child[SQUARES], score, full = 1;
    cells[sq] = 1;
    for (int i = 0; i < SQUARES; i++)
        full &= cells[i] != 0;
    if (has_line(cells, 1)) {
        score = WIN_SCORE - 1;
    } else if (full) {
        score = 0;
    } else {
        for (int i = 0; i < SQUARES; i++)
            child[i] = cells[i] == 0 ? 0 : 3 - cells[i];
        int v = solve(encode(child));
        score = 0;
        if (v > 0) score = -(WIN_SCORE - (v + 1));
        if (v < 0) score = WIN_SCORE - (1 - v);
    }
    cells[sq] = 0;
    return score;
}

static double vs_random_memo[CODES];
static unsigned char vs_random_done[CODES];

static double vs_random(int code);

/* Chance that the mover wins after playing `sq`, the opponent then
 * replying uniformly at random. */
static double vs_random_move(int *cells, int sq)
{
    cells[sq] = 1;
    double p = 0;
    int free_n = 0, full = 1;
    for (int i = 0; i < SQUARES; i++)
        full &= cells[i] != 0;
    if (has_line(cells, 1)) {
        p = 1;
    } else if (!full) {
        for (int r = 0; r < SQUARES; r++) {
            if (cells[r] != 0) continue;
            free_n++;
            cells[r] = 2;
            int over = has_line(cells, 2), filled = 1;
            for (int i = 0; i < SQUARES; i++)
                filled &= cells[i] != 0;
            if (!over && !filled) p += vs_random(encode(cells));
            cells[r] = 0;
        }
        p /= free_n;
    }
    cells[sq] = 0;
    return p;
}

static double vs_random(int code)
{
    if (vs_random_done[code]) return vs_random_memo[code];
    int cells[SQUARES], best = -2 * WIN_SCORE;
    decode(code, cells);
    for (int sq = 0; sq < SQUARES; sq++) {
        if (cells[sq] != 0) continue;
        int s = move_score(cells, sq);
        if (s > best) best = s;
    }
    double p = 0;
    for (int sq = 0; sq < SQUARES; sq++) {
        if (cells[sq] != 0 || move_score(cells, sq) != best) continue;
        double q = vs_random_move(cells, sq);
        if (q > p) p = q;
    }
    vs_random_done[code] = 1;
    vs_random_memo[code] = p;
    return p;
}

/* Whether a game can be on at this position with the mover to move: the
 * mover has the same number of marks as the other player or one fewer,
 * nobody has a line, and a square is free. */
static int playable(int code)
{
    int cells[SQUARES], mine = 0, theirs = 0;
    decode(code, cells);
    for (int i = 0; i < SQUARES; i++) {
        mine += cells[i] == 1;
        theirs += cells[i] == 2;
    }
    if (mine != theirs && mine != theirs - 1) return 0;
    if (mine + theirs == SQUARES) return 0;
    return !has_line(cells, 1) && !has_line(cells, 2);
}

int main(void)
{
    for (int i = 0; i < CODES; i++)
        memo[i] = UNSOLVED;
    printf("/*\n"
           " * table3_data.c - GENERATED by engine/tools/gen_table3.c; do not edit.\n"
           " * Regenerate: cmake --build build --target ttt_gen_table3 &&\n"
           " *             build/engine/ttt_gen_table3 > engine/src/generated/table3_data.c\n"
           " * The ai tests check that this file matches the generator's output.\n"
           " *\n"
           " * ttt__table3_values[code]: the value of every 3x3 position for the player to\n"
           " * move (+p win in p plies, -p loss in p plies, 0 draw, 127 none); the\n"
           " * code is base 3, digit i = square i: 0 empty, 1 mover, 2 other player.\n"
           " * ttt__table3_ternary[mask]: the code of a set of squares as digits 1.\n"
           " * ttt__table3_chances[code]: the mover's chance (x255) of winning against a\n"
           " * uniformly random opponent while playing only perfect moves.\n"
           " */\n"
           "/* clang-format off */\n"
           "#include \"table3.h\"\n\n");
    printf("const uint16_t ttt__table3_ternary[TABLE3_MASKS] = {");
    for (int m = 0; m < 1 << SQUARES; m++) {
        int t = 0;
        for (int i = SQUARES - 1; i >= 0; i--)
            t = t * 3 + ((m >> i) & 1);
        printf("%s%d,", m % 16 == 0 ? "\n    " : " ", t);
    }
    printf("\n};\n\n");
    printf("const int8_t ttt__table3_values[TABLE3_CODES] = {");
    for (int code = 0; code < CODES; code++) {
        int v = playable(code) ? solve(code) : NO_VALUE;
        printf("%s%d,", code % 20 == 0 ? "\n    " : " ", v);
    }
    printf("\n};\n\n");
    printf("const uint8_t ttt__table3_chances[TABLE3_CODES] = {");
    for (int code = 0; code < CODES; code++) {
        int v = playable(code) ? (int)(vs_random(code) * CHANCE_SCALE + 0.5) : 0;
        printf("%s%d,", code % 20 == 0 ? "\n    " : " ", v);
    }
    printf("\n};\n");
    return 0;
}
