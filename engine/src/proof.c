/*
 * proof.c - depth-first proof-number search (df-pn; Nagai 2002, with the
 * 1 + epsilon threshold of Pawlewicz and Lew 2007): does the attacker a
 * win from a position, against every defence, for the whole game?
 *
 * An AND/OR search: where a moves, one move that wins is enough (an OR
 * node for the proof); where the defender d moves, every move must lose
 * (an AND node). Each node has a proof number (how many leaves must still
 * be proven to prove it) and a disproof number; the search always expands
 * the most proving node, depth first, within thresholds, and keeps the
 * numbers of the nodes it leaves in its table. The rules below cut the
 * tree, each exact:
 *
 *   - a completes a line now: proven; d does (or the board is full): not;
 *   - the side to move facing one completion must block it, facing two
 *     (and none of its own) it loses;
 *   - a can never win when its Erdos-Selfridge potential is too small or
 *     d has a pairing strategy against all its lines (pairing.h): the
 *     leaves of every draw proof;
 *   - only squares on lines someone can still finish before the board is
 *     full are searched (any other is a pass, and a pass is never better
 *     than a move), and of two squares where the lines through the first
 *     all run through the second, only the second (ttt__dominated);
 *   - of the moves that lead to positions that are symmetric images of
 *     each other, one.
 */
#include <string.h>

#include "knowledge.h"
#include "pairing.h"
#include "proof.h"

/* Steps the pairing search may take at a node. */
#ifndef PROOF_PAIRING_BUDGET
#define PROOF_PAIRING_BUDGET 400
#endif
/* The prover polls the clock and the cancel token every this many nodes
 * plus one. */
#define PROOF_POLL_MASK 15u
/* Epsilon of the 1 + epsilon trick, as a fraction 1 / PN_EPSILON_DIV. */
#define PN_EPSILON_DIV 4

typedef struct prover {
    search_ctx *c;
    pn_table *tab;
    int a, d;
} prover;

typedef struct child {
    uint64_t key;
    uint32_t pn, dn; /* initial numbers, before the table knows better */
    uint8_t sq;
} child;

/* ========================================================================= */
/* Nodes                                                                     */
/* ========================================================================= */

/* The key of the position with side t to move; who attacks is part of it. */
static uint64_t node_key(const prover *pv, int t, int *sym)
{
    uint64_t k = pos_key(&pv->c->pos, t, sym);
    return tt_kind_key(k, t == pv->a ? TT_KIND_MOVER : TT_KIND_OTHER);
}

/* Marks a line must hold for side s to finish it before the board is
 * full, s moving first (`first`) or second. */
static int need_marks(const search_pos *p, int first)
{
    int moves = first ? (p->nempty + 1) / 2 : p->nempty / 2;
    return p->b->k - moves;
}

/*
 * What the rules say of the node with side t to move without searching:
 * 1 when a wins (proven), -1 when a never does, 0 when open. *forced gets
 * the squares the side to move must take (a single block), or 0.
 */
static int leaf_rules(const prover *pv, int t, int pairing, uint64_t *forced)
{
    const search_pos *p = &pv->c->pos;
    const int a = pv->a, d = pv->d;
    int a_first = t == a;
    *forced = 0;
    if (t == a) {
        if (pos_threats(p, a)) return 1;
    } else {
        if (pos_threats(p, d)) return -1;
    }
    if (!p->nempty) return -1;
    uint64_t f = pos_threats(p, t == a ? d : a);
    if (bb_count(f) >= 2) return t == a ? -1 : 1;
    *forced = f;
    if (!ttt__can_win(p, a, a_first, 0)) return -1;
    uint64_t blocked = t == d ? f : 0;
    if (pairing && ttt__pairing_find(p, a, need_marks(p, a_first), blocked, PROOF_PAIRING_BUDGET,
                                     NULL, pv->tab->pairs))
        return -1;
    return 0;
}

/* The moves worth searching at an open node with side t to move. */
static uint64_t node_moves(const prover *pv, int t)
{
    const search_pos *p = &pv->c->pos;
    const int a = pv->a, d = pv->d;
    uint64_t forced = pos_threats(p, t == a ? d : a);
    if (forced) return forced;
    int a_first = t == a;
    uint64_t zone =
        pos_zone(p, a, need_marks(p, a_first)) | pos_zone(p, d, need_marks(p, !a_first));
    if (!zone) zone = pos_empty(p) & (0 - pos_empty(p)); /* any square: a pass */
    return zone & ~ttt__dominated(p, zone);
}

/* The children of the node with side t to move, one per symmetry class:
 * their keys and what is known of them without a search (each new child
 * goes to the table with what the rules say of it, so the rules run once
 * per position). Returns how many, or -1 when a child settles the node
 * (then *settled is 1 or -1 and *move the square). */
static int expand(prover *pv, int t, uint64_t moves, child *out, int *settled, int *move)
{
    search_pos *p = &pv->c->pos;
    uint8_t list[TTT_MAX_SQUARES];
    int n = ttt__order_moves(p, t, moves, -1, list), count = 0;
    for (int i = 0; i < n; i++) {
        int sq = list[i], sym;
        (void)pos_make(p, t, sq);
        uint64_t key = node_key(pv, 1 - t, &sym);
        int dup = 0;
        for (int j = 0; j < count && !dup; j++)
            dup = out[j].key == key;
        if (dup) {
            pos_unmake(p, t, sq);
            continue;
        }
        uint32_t pn, dn;
        const pn_entry *e = ttt__pn_find(pv->tab, key);
        if (e) {
            pn = e->pn;
            dn = e->dn;
        } else {
            /* The cheap rules now; pairings when the child is searched. */
            uint64_t forced;
            int v = leaf_rules(pv, 1 - t, 0, &forced);
            /* An open node starts at 1 and 1, plain df-pn. */
            pn = 1;
            dn = 1;
            if (v == 1) {
                pn = 0;
                dn = PN_INF;
            } else if (v == -1) {
                pn = PN_INF;
                dn = 0;
            }
        }
        pos_unmake(p, t, sq);
        /* A child that wins for its mover settles the node. */
        if ((t == pv->a && pn == 0) || (t == pv->d && dn == 0)) {
            *settled = pn == 0 ? 1 : -1;
            *move = sq;
            return -1;
        }
        child *ch = &out[count++];
        ch->key = key;
        ch->sq = (uint8_t)sq;
        ch->pn = pn;
        ch->dn = dn;
    }
    return count;
}

static uint32_t sat_add(uint32_t x, uint32_t y)
{
    uint32_t s = x + y;
    if (x >= PN_INF || y >= PN_INF) return PN_INF;
    return s >= PN_INF ? PN_INF - 1 : s;
}

static uint32_t min_u(uint32_t x, uint32_t y)
{
    return x < y ? x : y;
}

/* One df-pn node with side t to move, within thresholds; returns its
 * numbers through *pn, *dn. */
static void mid(prover *pv, int t, uint32_t thpn, uint32_t thdn, uint32_t *pn, uint32_t *dn)
{
    search_ctx *c = pv->c;
    search_pos *p = &c->pos;
    uint64_t nodes0 = c->nodes;
    int sym;
    uint64_t key = node_key(pv, t, &sym);
    *pn = *dn = 1;
    /* A node here costs up to some 25 microseconds (the pairing search):
     * the clock is read every PROOF_POLL_MASK + 1 nodes, not every 128. */
    if ((++c->nodes & PROOF_POLL_MASK) == 0) (void)ttt__search_poll(c);
    if (c->stopped) return;
    /* A node the table knows has passed the rules. */
    const pn_entry *self = ttt__pn_find(pv->tab, key);
    if (!self) {
        uint64_t forced;
        int v = leaf_rules(pv, t, 1, &forced);
        if (v) {
            *pn = v == 1 ? 0 : PN_INF;
            *dn = v == 1 ? PN_INF : 0;
            return;
        }
    } else if (self->pn == 0 || self->dn == 0) {
        *pn = self->pn;
        *dn = self->dn;
        return;
    }
    uint64_t moves = node_moves(pv, t);
    child kids[TTT_MAX_SQUARES];
    int settled = 0, win_move = -1;
    int n = expand(pv, t, moves, kids, &settled, &win_move);
    if (n < 0) {
        *pn = settled == 1 ? 0 : PN_INF;
        *dn = settled == 1 ? PN_INF : 0;
        ttt__pn_store(pv->tab, key, *pn, *dn, 1, c->b->sym_perm[sym][win_move]);
        return;
    }
    int or_node = t == pv->a;
    for (;;) {
        /* The node's numbers from its children's. */
        uint32_t best = PN_INF, second = PN_INF, sum = 0, best_other = 0;
        int bi = -1;
        for (int i = 0; i < n; i++) {
            uint32_t cpn = kids[i].pn, cdn = kids[i].dn;
            const pn_entry *e = ttt__pn_find(pv->tab, kids[i].key);
            if (e) {
                cpn = e->pn;
                cdn = e->dn;
            }
            uint32_t mine = or_node ? cpn : cdn, other = or_node ? cdn : cpn;
            sum = sat_add(sum, other);
            if (mine < best) {
                second = best;
                best = mine;
                best_other = other;
                bi = i;
            } else if (mine < second) {
                second = mine;
            }
        }
        *pn = or_node ? best : sum;
        *dn = or_node ? sum : best;
        if (n == 0) { /* no move: cannot happen with an empty square left */
            *pn = PN_INF;
            *dn = 0;
        }
        if (*pn == 0 || *dn == 0 || *pn >= thpn || *dn >= thdn || c->stopped) break;
        uint32_t th_mine = or_node ? thpn : thdn, th_other = or_node ? thdn : thpn;
        uint32_t mine_total = or_node ? *dn : *pn;
        uint32_t grow = second + second / PN_EPSILON_DIV + 1;
        if (second >= PN_INF) grow = PN_INF;
        uint32_t child_mine = min_u(th_mine, grow);
        uint32_t child_other = th_other >= PN_INF ? PN_INF : th_other - mine_total + best_other;
        if (th_other < PN_INF && th_other <= mine_total) child_other = best_other + 1;
        int sq = kids[bi].sq;
        uint32_t cpn, cdn;
        (void)pos_make(p, t, sq);
        if (or_node)
            mid(pv, 1 - t, child_mine, child_other, &cpn, &cdn);
        else
            mid(pv, 1 - t, child_other, child_mine, &cpn, &cdn);
        pos_unmake(p, t, sq);
        if (c->stopped) return;
        /* Keep the child's numbers even if the table dropped them. */
        kids[bi].pn = cpn;
        kids[bi].dn = cdn;
        ttt__pn_store(pv->tab, kids[bi].key, cpn, cdn, 1, -1);
    }
    if (c->stopped) return;
    int move = -1;
    for (int i = 0; i < n && (*pn == 0 || *dn == 0); i++) {
        const pn_entry *e = ttt__pn_find(pv->tab, kids[i].key);
        uint32_t cpn = e ? e->pn : kids[i].pn, cdn = e ? e->dn : kids[i].dn;
        if ((or_node && *pn == 0 && cpn == 0) || (!or_node && *dn == 0 && cdn == 0)) {
            move = c->b->sym_perm[sym][kids[i].sq];
            break;
        }
    }
    uint64_t work = c->nodes - nodes0;
    ttt__pn_store(pv->tab, key, *pn, *dn, work > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)work, move);
}

void ttt__prove(search_ctx *c, pn_table *tab, int a, int s, proof_result *out)
{
    prover pv = {c, tab, a, 1 - a};
    uint64_t nodes0 = c->nodes;
    uint32_t pn = 1, dn = 1;
    out->solved = 0;
    out->move = -1;
    while (pn && dn && !c->stopped)
        mid(&pv, s, PN_INF, PN_INF, &pn, &dn);
    out->nodes = c->nodes - nodes0;
    out->pn = pn;
    out->dn = dn;
    if (c->stopped) return;
    out->solved = pn == 0 ? 1 : -1;
    int sym;
    uint64_t key = node_key(&pv, s, &sym);
    const pn_entry *e = ttt__pn_find(tab, key);
    if (e && e->move != PN_NO_MOVE) out->move = c->b->sym_inv[sym][e->move];
}

/* ========================================================================= */
/* Writing the defender's strategy                                           */
/* ========================================================================= */

/* Steps the pairing search may take while writing a proof: a leaf found
 * there saves a subtree. */
#define WRITE_PAIRING_BUDGET 20000

typedef struct writer {
    prover pv;
    const proof_sink *sink;
} writer;

static int emit(writer *w, int t, int kind, int move, const uint8_t *partner)
{
    const search_pos *p = &w->pv.c->pos;
    proof_record rec;
    rec.marks[0] = p->bb[0];
    rec.marks[1] = p->bb[1];
    rec.to_move = t;
    rec.kind = kind;
    rec.move = move;
    rec.partner = partner;
    return w->sink->emit(w->sink->user, &rec) ? -1 : 0;
}

static int visited(writer *w, int t)
{
    int sym;
    return w->sink->visit(w->sink->user, node_key(&w->pv, t, &sym));
}

static int write_defender(writer *w);

/* The attacker to move: a rule settles it, or every move is answered. */
static int write_attacker(writer *w)
{
    search_pos *p = &w->pv.c->pos;
    const int a = w->pv.a;
    if (pos_threats(p, a)) return -1; /* a wins: not a proof */
    if (!p->nempty || visited(w, a)) return 0;
    int need = need_marks(p, 1);
    uint8_t partner[TTT_MAX_SQUARES];
    if (ttt__pairing_find(p, a, need, 0, WRITE_PAIRING_BUDGET, partner, w->pv.tab->pairs))
        return emit(w, a, PROOF_REC_PAIRING, -1, partner);
    if (ttt__potential_from_any_cpu(p, a, need) < 1u << (p->b->k - 1))
        return emit(w, a, PROOF_REC_POTENTIAL, -1, NULL);
    uint64_t seen_keys[TTT_MAX_SQUARES];
    int nseen = 0;
    for (uint64_t m = pos_empty(p); m; m &= m - 1) {
        int sq = bb_lowest(m), sym;
        if (pos_make(p, a, sq)) {
            pos_unmake(p, a, sq);
            return -1;
        }
        uint64_t key = node_key(&w->pv, w->pv.d, &sym);
        int dup = 0;
        for (int i = 0; i < nseen && !dup; i++)
            dup = seen_keys[i] == key;
        int r = 0;
        if (!dup) {
            seen_keys[nseen++] = key;
            r = write_defender(w);
        }
        pos_unmake(p, a, sq);
        if (r) return r;
    }
    return 0;
}

/* The defender's move here: a completion, the block, what the table or a
 * new search proved; any move where a pairing already holds. */
static int defender_move(writer *w)
{
    search_ctx *c = w->pv.c;
    search_pos *p = &c->pos;
    const int a = w->pv.a, d = w->pv.d;
    uint64_t mine = pos_threats(p, d), theirs = pos_threats(p, a);
    if (mine) return bb_lowest(mine);
    if (bb_count(theirs) >= 2) return -1;
    if (theirs) return bb_lowest(theirs);
    if (ttt__pairing_find(p, a, need_marks(p, 0), 0, WRITE_PAIRING_BUDGET, NULL, w->pv.tab->pairs))
        return bb_lowest(pos_empty(p));
    int sym;
    const pn_entry *e = ttt__pn_find(w->pv.tab, node_key(&w->pv, d, &sym));
    if (e && e->dn == 0 && e->move != PN_NO_MOVE) return c->b->sym_inv[sym][e->move];
    proof_result r;
    ttt__prove(c, w->pv.tab, a, d, &r);
    return r.solved == -1 ? r.move : -1;
}

/* The defender to move: its move, then the attacker's every reply. */
static int write_defender(writer *w)
{
    search_pos *p = &w->pv.c->pos;
    const int a = w->pv.a, d = w->pv.d;
    if (!p->nempty || visited(w, d)) return 0;
    if (!pos_threats(p, d) && bb_count(pos_threats(p, a)) < 2 &&
        ttt__potential_from_any_cpu(p, a, need_marks(p, 0)) < 1u << p->b->k)
        return emit(w, d, PROOF_REC_POTENTIAL, -1, NULL);
    int sq = defender_move(w);
    if (sq < 0 || w->pv.c->stopped) return -1;
    if (emit(w, d, PROOF_REC_MOVE, sq, NULL)) return -1;
    if (pos_make(p, d, sq)) { /* the defender completes a line: over */
        pos_unmake(p, d, sq);
        return 0;
    }
    int r = write_attacker(w);
    pos_unmake(p, d, sq);
    return r;
}

int ttt__proof_write_defence(search_ctx *c, pn_table *tab, int a, int s, const proof_sink *sink)
{
    writer w = {{c, tab, a, 1 - a}, sink};
    return s == a ? write_attacker(&w) : write_defender(&w);
}
