/*
 * seed_reference.h - the design manual's AI as the seed wrote it (section
 * 4.4), kept as the benchmark's yardstick: a full-tree minimax with no
 * pruning that clones the game at every node, over the public API.
 */
#ifndef TTT_SEED_REFERENCE_H
#define TTT_SEED_REFERENCE_H

#include <stdint.h>

#include "ttt/ttt.h"

/* A perfect move for the player to move (the first of the best, no
 * randomness: the random pick is not what is being timed). *nodes receives
 * the positions visited below the root. Returns TTT_OK or an engine error. */
ttt_status seed_reference_move(const ttt_game *game, ttt_pos *move, uint64_t *nodes);

#endif /* TTT_SEED_REFERENCE_H */
