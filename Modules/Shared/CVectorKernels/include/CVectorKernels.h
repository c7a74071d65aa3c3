#ifndef STRATA_CVECTORKERNELS_H
#define STRATA_CVECTORKERNELS_H

#include <stddef.h>
#include <stdint.h>

/// Scores `rows` int8 rows of `dimensions` codes (row-major, contiguous) against an int8 query:
/// `scores[r] = (sum of codes[r][i] * query[i]) * scales[r] * queryScale`, the integer sum exact in 32 bits.
///
/// OpenBLAS has no int8 matrix-vector product, and Swift compiles for the baseline x86-64 (SSE2); this
/// loop is built once per instruction set (AVX-512, AVX2, baseline) and the loader picks the best one
/// the processor runs, so one binary is fast on every machine.
void strata_int8_scores(
    const int8_t *codes, const float *scales, size_t rows, size_t dimensions, const int8_t *query,
    float queryScale, float *scores);

#endif
