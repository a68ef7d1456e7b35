#include "CLiteralScan.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define CLS_HAS_AVX2_KERNEL 1
#endif

// The window at `position`: memcpy is the portable unaligned load (one instruction at -O).
static inline uint32_t window_at(const uint8_t *line, size_t position) {
    uint32_t window;
    memcpy(&window, line + position, sizeof window);
    return window | 0x20202020u;
}

static inline int in_filter(const uint64_t *filter, uint32_t window) {
    uint32_t slot = (window * CLS_HASH_MULTIPLIER) >> (32 - CLS_HASH_BITS);
    return (int)((filter[slot >> 6] >> (slot & 63)) & 1);
}

#if CLS_HAS_AVX2_KERNEL

int cls_vector_scan_available(void) { return __builtin_cpu_supports("avx2"); }

// For each stride, the bytes of a 16-byte lane that make its four windows (the window at j * stride
// is bytes j * stride … j * stride + 3): one byte shuffle turns 16 bytes into four windows.
static const uint8_t window_bytes[CLS_VECTOR_STRIDE_MAX][16] = {
    {0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6},
    {0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9},
    {0, 1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9, 9, 10, 11, 12},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
};

// One round: the eight windows at `at + j * stride` (j < 8) of `line`, as a bit each. The low lane
// holds the 16 bytes at `at`, the high lane those at `at + 4 * stride`; a shuffle makes the windows,
// a multiply and a shift their slots, and one gather fetches the filter's 32-bit word of each slot.
__attribute__((target("avx2"))) static inline unsigned round_hits(const uint8_t *line, size_t at, size_t stride,
                                                                  __m256i shuffle, const uint64_t *filter) {
    const int *words = (const int *)filter;  // little-endian: bit s of the filter is bit s % 32 of word s / 32
    __m256i bytes = _mm256_loadu2_m128i((const __m128i *)(line + at + 4 * stride), (const __m128i *)(line + at));
    __m256i windows = _mm256_or_si256(_mm256_shuffle_epi8(bytes, shuffle), _mm256_set1_epi8(0x20));
    __m256i product = _mm256_mullo_epi32(windows, _mm256_set1_epi32((int)CLS_HASH_MULTIPLIER));
    __m256i slots = _mm256_srli_epi32(product, 32 - CLS_HASH_BITS);
    __m256i words_of_slots = _mm256_i32gather_epi32(words, _mm256_srli_epi32(slots, 5), 4);
    // Each slot's bit moved to the sign bit (shift left by 31 - slot % 32), then one bit per window.
    __m256i bits = _mm256_sllv_epi32(words_of_slots, _mm256_andnot_si256(slots, _mm256_set1_epi32(31)));
    return (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(bits));
}

// `cls_filter_hits` with AVX2, eight windows a round. Rounds load only whole 16-byte blocks inside the
// line (AddressSanitizer checks it); the last windows are read from a copy of the line's end in a
// zeroed buffer, made with loads that overlap inside the line, and bits past the line dropped.
__attribute__((target("avx2"))) static size_t vector_hits(const uint8_t *line, size_t count, size_t at, size_t stride,
                                                          const uint64_t *filter, size_t *hits, size_t capacity,
                                                          size_t *next) {
    const __m256i shuffle = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)window_bytes[stride - 1]));
    const size_t span = 4 * stride + 16;  // the bytes a round loads
    size_t found = 0;
    for (; at + span <= count; at += 8 * stride) {
        if (found + 8 > capacity) goto full;
        for (unsigned mask = round_hits(line, at, stride, shuffle, filter); mask != 0; mask &= mask - 1) {
            hits[found++] = at + stride * (size_t)__builtin_ctz(mask);
        }
    }
    // The rest, fewer than `span` bytes: copied to `end` with two overlapping loads of 16, 8 or 4 bytes.
    uint8_t end[64] __attribute__((aligned(32))) = {0};
    size_t rest = count > at ? count - at : 0;
    if (rest >= 16) {
        _mm_storeu_si128((__m128i *)end, _mm_loadu_si128((const __m128i *)(line + at)));
        _mm_storeu_si128((__m128i *)(end + rest - 16), _mm_loadu_si128((const __m128i *)(line + count - 16)));
    } else if (rest >= 8) {
        memcpy(end, line + at, 8);
        memcpy(end + rest - 8, line + count - 8, 8);
    } else if (rest >= 4) {
        memcpy(end, line + at, 4);
        memcpy(end + rest - 4, line + count - 4, 4);
    }
    // Windows from `from` on stand within `rest`: there are (rest - 4) / stride + 1 of them.
    for (size_t from = 0; from + 4 <= rest; from += 8 * stride, at += 8 * stride) {
        if (found + 8 > capacity) goto full;
        unsigned windows = (unsigned)((rest - from - 4) / stride + 1);
        unsigned mask = round_hits(end, from, stride, shuffle, filter) & (windows >= 8 ? 0xFFu : (1u << windows) - 1);
        for (; mask != 0; mask &= mask - 1) hits[found++] = at + stride * (size_t)__builtin_ctz(mask);
    }
    at = count;
full:
    *next = at;
    return found;
}

#else

int cls_vector_scan_available(void) { return 0; }

#endif

size_t cls_filter_hits(const uint8_t *line, size_t count, size_t position, size_t stride, const uint64_t *filter,
                       size_t *hits, size_t capacity, size_t *next) {
#if CLS_HAS_AVX2_KERNEL
    if (stride <= CLS_VECTOR_STRIDE_MAX && __builtin_cpu_supports("avx2")) {
        return vector_hits(line, count, position, stride, filter, hits, capacity, next);
    }
#endif
    size_t found = 0;
    while (position + 4 <= count && found < capacity) {
        if (in_filter(filter, window_at(line, position))) hits[found++] = position;
        position += stride;
    }
    *next = position;
    return found;
}
