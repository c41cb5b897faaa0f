/*
 * numparse.h - the one checked number parser of the programs (ttt,
 * tictactoe, the bench programs and the settings file): whole numbers,
 * seeds and probabilities from text, with the reason for a refusal so each
 * caller can say it in its own words.
 *
 * A number is accepted only when the whole text is the number: no leading
 * blanks, no trailing characters, no empty text, within the caller's
 * bounds. Parsing does not depend on the C locale's decimal point for
 * whole numbers; numparse_double() uses strtod() and so the "C" locale's
 * '.' as long as the program has not called setlocale(LC_NUMERIC, ...).
 */
#ifndef GAME_NUMPARSE_H
#define GAME_NUMPARSE_H

#include <stdint.h>

/** Room for a whole number as the programs write it with %d or %ld (a
 *  64-bit long's 19 digits and its sign), a short unit ("%"), and the NUL. */
#define NUMPARSE_TEXT_MAX 24

/** Why a text was refused (or NUMPARSE_OK). */
typedef enum numparse_result {
    NUMPARSE_OK = 0,         /**< *out holds the number. */
    NUMPARSE_NOT_NUMBER = 1, /**< Empty, blanks, a sign where none is allowed, or trailing text. */
    NUMPARSE_RANGE = 2       /**< A number, but outside [lo, hi] (or beyond the type). */
} numparse_result;

/**
 * Parse a decimal whole number in [lo, hi] (an optional leading '-' or '+').
 * @return NUMPARSE_OK and *out set, or the reason (then *out is unchanged).
 */
numparse_result numparse_long(const char *text, long lo, long hi, long *out);

/** numparse_long() into an int; lo and hi are ints too. */
numparse_result numparse_int(const char *text, int lo, int hi, int *out);

/**
 * Parse an unsigned decimal number of up to 64 bits (a seed): digits only,
 * no sign. @return NUMPARSE_OK, NUMPARSE_NOT_NUMBER or NUMPARSE_RANGE (too
 * large for 64 bits).
 */
numparse_result numparse_u64(const char *text, uint64_t *out);

/**
 * Parse a finite decimal number in [lo, hi] (strtod's syntax without
 * leading blanks, "inf" or "nan").
 */
numparse_result numparse_double(const char *text, double lo, double hi, double *out);

#endif /* GAME_NUMPARSE_H */
