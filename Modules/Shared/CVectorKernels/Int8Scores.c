#include "CVectorKernels.h"

// One clone per instruction set, chosen at load time (an ifunc); other platforms get the plain loop,
// which their compilers vectorise for their baseline.
#if defined(__x86_64__) && defined(__linux__)
#define STRATA_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define STRATA_CLONES
#endif

STRATA_CLONES
void strata_int8_scores(
    const int8_t *codes, const float *scales, size_t rows, size_t dimensions, const int8_t *query,
    float queryScale, float *scores) {
    for (size_t row = 0; row < rows; row++) {
        const int8_t *code = codes + row * dimensions;
        // 127 * 127 * 16,384 dimensions (the store's most) stays below 2^31: the sum cannot overflow.
        int32_t sum = 0;
        for (size_t index = 0; index < dimensions; index++) {
            sum += (int32_t)code[index] * (int32_t)query[index];
        }
        scores[row] = (float)sum * scales[row] * queryScale;
    }
}
