#include "newlines.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define CLS_HAS_AVX2_NEWLINES 1
#endif

// A `memchr` per newline: the search on CPUs without AVX2.
static size_t portable_newlines(const uint8_t *bytes, size_t count, uint32_t *offsets, size_t capacity,
                                size_t *scanned) {
    size_t found = 0, at = 0;
    while (found < capacity) {
        const uint8_t *newline = memchr(bytes + at, '\n', count - at);
        if (newline == NULL) {
            *scanned = count;
            return found;
        }
        at = (size_t)(newline - bytes);
        offsets[found++] = (uint32_t)at;
        at += 1;
    }
    *scanned = at;
    return found;
}

#if CLS_HAS_AVX2_NEWLINES

int cls_newlines_vector_available(void) { return __builtin_cpu_supports("avx2"); }

// The newlines among the 64 bytes at `bytes`, as bit i for byte i.
__attribute__((target("avx2"))) static inline uint64_t newline_mask(const uint8_t *bytes) {
    const __m256i newline = _mm256_set1_epi8('\n');
    const __m256i low = _mm256_loadu_si256((const __m256i *)bytes);
    const __m256i high = _mm256_loadu_si256((const __m256i *)(bytes + 32));
    const uint32_t low_bits = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(low, newline));
    const uint32_t high_bits = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(high, newline));
    return (uint64_t)high_bits << 32 | low_bits;
}

// 64 bytes a round; each round may add 64 offsets, so the rounds are run in runs that fit the room
// left. The last bytes (fewer than 64) are read from a zeroed copy, so no load reaches past `count`
// (AddressSanitizer checks it).
__attribute__((target("avx2"))) static size_t vector_newlines(const uint8_t *bytes, size_t count, uint32_t *offsets,
                                                             size_t capacity, size_t *scanned) {
    uint32_t *out = offsets, *const limit = offsets + capacity;
    size_t at = 0;
    for (;;) {
        const size_t room = (size_t)(limit - out) / 64, rounds = (count - at) / 64;
        if (room == 0 || rounds == 0) break;
        for (const size_t stop = at + 64 * (rounds < room ? rounds : room); at < stop; at += 64) {
            for (uint64_t mask = newline_mask(bytes + at); mask != 0; mask &= mask - 1) {
                *out++ = (uint32_t)(at + (size_t)__builtin_ctzll(mask));
            }
        }
    }
    if (at + 64 > count && at < count && limit - out >= 64) {
        uint8_t end[64] __attribute__((aligned(32))) = {0};
        memcpy(end, bytes + at, count - at);
        for (uint64_t mask = newline_mask(end); mask != 0; mask &= mask - 1) {
            *out++ = (uint32_t)(at + (size_t)__builtin_ctzll(mask));
        }
        at = count;
    }
    *scanned = at;
    return (size_t)(out - offsets);
}

#endif

// The line ends of `bytes[at..<count]`, a byte at a time (`line_ends` below): newlines, and carriage
// returns whose next byte is no newline. Stops before a carriage return at the last byte, whose
// next byte is not known yet.
static size_t portable_line_ends(const uint8_t *bytes, size_t count, size_t at, uint32_t *offsets, size_t found,
                                 size_t capacity, size_t *scanned, size_t *carriage_returns) {
    for (; at < count; at++) {
        const uint8_t byte = bytes[at];
        if (byte != '\n' && byte != '\r') continue;
        if (byte == '\r') {
            if (at + 1 == count) break;
            if (bytes[at + 1] == '\n') continue;
        }
        if (found == capacity) break;
        offsets[found++] = (uint32_t)at;
        if (byte == '\r') *carriage_returns += 1;
    }
    *scanned = at;
    return found;
}

#if CLS_HAS_AVX2_NEWLINES

// The bytes equal to `value` among the 64 at `bytes`, as bit i for byte i.
__attribute__((target("avx2"))) static inline uint64_t byte_mask(const uint8_t *bytes, char value) {
    const __m256i wanted = _mm256_set1_epi8(value);
    const __m256i low = _mm256_loadu_si256((const __m256i *)bytes);
    const __m256i high = _mm256_loadu_si256((const __m256i *)(bytes + 32));
    const uint32_t low_bits = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(low, wanted));
    const uint32_t high_bits = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(high, wanted));
    return (uint64_t)high_bits << 32 | low_bits;
}

// 64 bytes a round while the byte after the round is there to tell a carriage return's next byte;
// the rest a byte at a time.
__attribute__((target("avx2"))) static size_t vector_line_ends(const uint8_t *bytes, size_t count, uint32_t *offsets,
                                                              size_t capacity, size_t *scanned,
                                                              size_t *carriage_returns) {
    uint32_t *out = offsets, *const limit = offsets + capacity;
    size_t at = 0;
    for (;;) {
        const size_t room = (size_t)(limit - out) / 64, rounds = count > at ? (count - at - 1) / 64 : 0;
        if (room == 0 || rounds == 0) break;
        for (const size_t stop = at + 64 * (rounds < room ? rounds : room); at < stop; at += 64) {
            const uint64_t newlines = byte_mask(bytes + at, '\n');
            const uint64_t followed = newlines >> 1 | (uint64_t)(bytes[at + 64] == '\n') << 63;
            const uint64_t lone = byte_mask(bytes + at, '\r') & ~followed;
            *carriage_returns += (size_t)__builtin_popcountll(lone);
            for (uint64_t mask = newlines | lone; mask != 0; mask &= mask - 1) {
                *out++ = (uint32_t)(at + (size_t)__builtin_ctzll(mask));
            }
        }
    }
    return portable_line_ends(bytes, count, at, offsets, (size_t)(out - offsets), capacity, scanned,
                              carriage_returns);
}

#else

int cls_newlines_vector_available(void) { return 0; }

#endif

size_t cls_newlines(const uint8_t *bytes, size_t count, uint32_t *offsets, size_t capacity, int vector,
                    size_t *scanned) {
#if CLS_HAS_AVX2_NEWLINES
    if (vector && __builtin_cpu_supports("avx2")) return vector_newlines(bytes, count, offsets, capacity, scanned);
#endif
    return portable_newlines(bytes, count, offsets, capacity, scanned);
}

size_t cls_line_ends(const uint8_t *bytes, size_t count, uint32_t *offsets, size_t capacity, int vector,
                     size_t *scanned, size_t *carriage_returns) {
#if CLS_HAS_AVX2_NEWLINES
    if (vector && __builtin_cpu_supports("avx2"))
        return vector_line_ends(bytes, count, offsets, capacity, scanned, carriage_returns);
#endif
    return portable_line_ends(bytes, count, 0, offsets, 0, capacity, scanned, carriage_returns);
}
