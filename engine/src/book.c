/*
 * book.c - looking positions up in the opening book of the solved boards
 * (see book.h): the position's smallest symmetric image, then a binary
 * search of the board's sorted entries.
 */
#include "board_values.h"
#include "book.h"

static uint64_t image(const search_board *b, int sym, uint64_t bits)
{
    uint64_t out = 0;
    for (; bits; bits &= bits - 1)
        out |= bb_bit(b->sym_perm[sym][bb_lowest(bits)]);
    return out;
}

void ttt__book_canonical(const search_board *b, uint64_t mover, uint64_t other, uint64_t *cmover,
                         uint64_t *cother, int *sym)
{
    *cmover = mover;
    *cother = other;
    *sym = 0;
    for (int s = 1; s < BOARD_SYMMETRIES; s++) {
        uint64_t m = image(b, s, mover), o = image(b, s, other);
        if (m < *cmover || (m == *cmover && o < *cother)) {
            *cmover = m;
            *cother = o;
            *sym = s;
        }
    }
}

static const book *board_book(const search_board *b)
{
    for (int i = 0; i < ttt__book_count; i++)
        if (ttt__books[i].size == b->size && ttt__books[i].k == b->k) return &ttt__books[i];
    return 0;
}

int ttt__book_move(const search_board *b, uint64_t mover, uint64_t other, int *plies)
{
    const book *bk = board_book(b);
    if (!bk || !bk->count) return -1;
    uint64_t m, o;
    int sym;
    ttt__book_canonical(b, mover, other, &m, &o, &sym);
    int lo = 0, hi = bk->count - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        const book_entry *e = &bk->entries[mid];
        if (e->mover == m && e->other == o) {
            int sq = b->sym_inv[sym][e->move];
            /* Data that does not fit the position is not used. */
            if (sq >= b->nsq || ((mover | other) & bb_bit(sq))) return -1;
            *plies = e->plies;
            return sq;
        }
        if (e->mover < m || (e->mover == m && e->other < o))
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

int ttt__book_defended(const search_board *b, uint64_t mover, uint64_t other)
{
    if (!mover && !other) {
        for (int i = 0; i < BOARD_VALUE_COUNT; i++) {
            const board_value *v = &ttt__board_values[i];
            if (v->size == b->size && v->k == b->k) return v->first_player == TTT_OUTCOME_DRAW;
        }
    }
    for (uint64_t m = other; m; m &= m - 1) {
        int sq = bb_lowest(m), plies;
        if (ttt__book_move(b, other & ~bb_bit(sq), mover, &plies) == sq && plies == 0) return 1;
    }
    return 0;
}
