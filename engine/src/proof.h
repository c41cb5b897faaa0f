/*
 * proof.h - the proof-number search (proof.c): "does side a win from here,
 * whatever the other side does?", answered yes or no for the whole game,
 * by depth-first proof-number search (df-pn) over the incremental
 * position, with the threat rules, dominance, potentials and pairing
 * strategies below it. A searcher: it uses the search context, the
 * knowledge layer and its own table of proof and disproof numbers. Private
 * to the engine.
 */
#ifndef TTT_PROOF_H
#define TTT_PROOF_H

#include <stddef.h>
#include <stdint.h>

#include "pn_table.h"
#include "search_ctx.h"

/* What one proof search found. */
typedef struct proof_result {
    int solved; /* 1: proven (a wins), -1: disproven (a never wins), 0: not settled */
    int move;   /* at a proven node with a to move: a winning move; at a disproven node
                   with the defender to move: a move that keeps a from winning; -1 */
    uint64_t nodes;
    uint32_t pn, dn; /* the root's proof and disproof numbers when the search stopped
                        (0 and PN_INF, or the reverse, when settled) */
} proof_result;

/* Whether side `a` wins from c->pos with side `s` to move, searched until
 * settled or c's limits stop it; `tab` keeps what it learns (it may be
 * reused by a later search of the same board). */
void ttt__prove(search_ctx *c, pn_table *tab, int a, int s, proof_result *out);

/* ------------------------------------------------------------------------- */
/* Writing a proof out                                                        */
/* ------------------------------------------------------------------------- */

/* What a record of a written proof says about a position (side `to_move`
 * to move; marks[s] are side s's squares, sides as in search_pos). */
enum {
    PROOF_REC_MOVE = 0,     /* the defender plays `move` */
    PROOF_REC_PAIRING = 1,  /* the attacker is to move and `partner` blocks every line it
                               can still finish (pairing.h) */
    PROOF_REC_POTENTIAL = 2 /* the attacker's Erdos-Selfridge potential over the lines it
                               can still finish is below 1/2 (attacker to move) or 1 */
};

typedef struct proof_record {
    uint64_t marks[2];
    int to_move;
    int kind;
    int move;
    const uint8_t *partner; /* PROOF_REC_PAIRING: partner[sq], PAIRING_NONE when unpaired */
} proof_record;

/* Where a written proof goes. `visit` is asked once per position before
 * anything is written for it (key: its key under every symmetry, so
 * images of one position share it) and returns non-zero when it was
 * visited before (its subtree is then left out); `emit` takes a record and
 * returns non-zero to stop. */
typedef struct proof_sink {
    int (*visit)(void *user, uint64_t key);
    int (*emit)(void *user, const proof_record *rec);
    void *user;
} proof_sink;

/* Writes the defender's whole strategy against side a from c->pos (side s
 * to move), a proof that a never wins: at each position where the
 * defender moves, its move (or a rule that settles the position); after
 * it, every move of a. Positions the table no longer knows are proven
 * again. Returns 0 when the proof is complete, -1 when a position could
 * not be settled (a wins there, or the search was stopped). */
int ttt__proof_write_defence(search_ctx *c, pn_table *tab, int a, int s, const proof_sink *sink);

#endif /* TTT_PROOF_H */
