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

static inline uint32_t hash(uint32_t window) { return (window * CLS_HASH_MULTIPLIER) >> (32 - CLS_HASH_BITS); }

static inline uint64_t load8(const uint8_t *bytes) {
    uint64_t word;
    memcpy(&word, bytes, sizeof word);
    return word;
}

// The eight bytes of `word` with `A`–`Z` made `a`–`z` (Swift's `ASCIICase.lowercased`), all at once:
// a byte's top bit says whether its low seven bits reach `A`, then `[`; bytes of 0x80 and up stay.
static inline uint64_t lowercased8(uint64_t word) {
    const uint64_t low7 = word & 0x7F7F7F7F7F7F7F7Full;
    const uint64_t upper = (low7 + 0x3F3F3F3F3F3F3F3Full) & ~(low7 + 0x2525252525252525ull) & ~word;
    return word | ((upper & 0x8080808080808080ull) >> 2);
}

// Whether the `length` (4 or more) bytes at `start` are `literal`'s (stored in lower case when
// `caseless`), eight at a time; the last eight (or, under eight, the two fours) overlap the others.
static inline int literal_equal(const uint8_t *start, const uint8_t *literal, size_t length, int caseless) {
    if (length < 8) {
        uint32_t head, tail, literal_head, literal_tail;
        memcpy(&head, start, 4);
        memcpy(&tail, start + length - 4, 4);
        memcpy(&literal_head, literal, 4);
        memcpy(&literal_tail, literal + length - 4, 4);
        uint64_t both = (uint64_t)head << 32 | tail, literal_both = (uint64_t)literal_head << 32 | literal_tail;
        return (caseless ? lowercased8(both) : both) == literal_both;
    }
    uint64_t differ = 0;
    for (size_t at = 0; at + 8 < length && differ == 0; at += 8) {
        uint64_t word = load8(start + at);
        differ = (caseless ? lowercased8(word) : word) ^ load8(literal + at);
    }
    uint64_t last = load8(start + length - 8);
    return differ == 0 && (caseless ? lowercased8(last) : last) == load8(literal + length - 8);
}

// Adds the candidate sets of the literals indexed by the window at `position` that stand there
// (Swift's `LiteralScanner.verify` does the same for the portable scan).
static void verify(const cls_literals *table, const uint8_t *line, size_t count, size_t position, uint64_t found[4]) {
    uint32_t window = window_at(line, position);
    size_t slot = hash(window) & table->slot_mask;
    while (table->slots[slot].window != window) {
        if (table->slots[slot].window == 0) return;
        slot = (slot + 1) & table->slot_mask;
    }
    const cls_slot *entry = &table->slots[slot];
    for (uint32_t index = entry->first_place; index < entry->first_place + entry->place_count; index++) {
        const cls_place place = table->places[index];
        const cls_literal *literal = &table->literals[place.literal];
        if (position < place.offset || position - place.offset + literal->length > count) continue;
        const uint8_t *start = line + position - place.offset, *bytes = table->bytes + literal->start;
        if (!literal_equal(start, bytes, literal->length, literal->caseless != 0)) continue;
        for (int word = 0; word < 4; word++) found[word] |= literal->patterns[word];
    }
}

// A window at a time, where the vector kernel does not run (the scanner then takes its Swift loop,
// unless a test forces this one); out of line, so `cls_candidates` only dispatches.
__attribute__((noinline)) static void scalar_scan(const cls_literals *table, const uint8_t *line, size_t count,
                                                  uint64_t found[4]) {
    for (size_t position = 0; position + 4 <= count; position += table->stride) {
        uint32_t slot = hash(window_at(line, position));
        if ((table->filter[slot >> 6] >> (slot & 63)) & 1) verify(table, line, count, position, found);
    }
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

// One round: eight windows as a bit each, the first four from the 16 bytes at `low`, the other four
// from the 16 at `high` (the shuffle's high lane says where in them); a multiply and a shift make
// their hashes, and one gather fetches the filter's 32-bit word of each.
__attribute__((target("avx2"))) static inline unsigned round_hits(const uint8_t *low, const uint8_t *high,
                                                                  __m256i shuffle, const uint64_t *filter) {
    const int *words = (const int *)filter;  // little-endian: bit h of the filter is bit h % 32 of word h / 32
    __m256i bytes = _mm256_loadu2_m128i((const __m128i *)high, (const __m128i *)low);
    __m256i windows = _mm256_or_si256(_mm256_shuffle_epi8(bytes, shuffle), _mm256_set1_epi8(0x20));
    __m256i product = _mm256_mullo_epi32(windows, _mm256_set1_epi32((int)CLS_HASH_MULTIPLIER));
    __m256i hashes = _mm256_srli_epi32(product, 32 - CLS_HASH_BITS);
    __m256i words_of_hashes = _mm256_i32gather_epi32(words, _mm256_srli_epi32(hashes, 5), 4);
    // Each hash's bit moved to the sign bit (shift left by 31 - hash % 32), then one bit per window.
    __m256i bits = _mm256_sllv_epi32(words_of_hashes, _mm256_andnot_si256(hashes, _mm256_set1_epi32(31)));
    return (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(bits));
}

__attribute__((target("avx2"), always_inline)) static inline void verify_hits(const cls_literals *table,
                                                                             const uint8_t *line, size_t count,
                                                                             size_t first, size_t stride,
                                                                             unsigned mask, uint64_t found[4]) {
    for (; mask != 0; mask &= mask - 1) verify(table, line, count, first + stride * (size_t)__builtin_ctz(mask), found);
}

// The windows from `at` on of a line too short for a round (or of stride 1's end): fewer than `span`
// bytes, copied to a zeroed `end` with two overlapping loads of 16, 8 or 4 bytes and read from there.
// Out of line (`scan_rest`), so the common call's frame holds no 64-byte buffer to align and zero.
__attribute__((target("avx2"), always_inline)) static inline void scan_rest_by(const cls_literals *table,
                                                                              const uint8_t *line, size_t count,
                                                                              uint64_t found[4], const size_t stride,
                                                                              size_t at) {
    const size_t high = 7 * stride > 12 ? 7 * stride - 12 : 0;
    const __m128i lane = _mm_loadu_si128((const __m128i *)window_bytes[stride - 1]);
    const __m256i shuffle = _mm256_set_m128i(_mm_add_epi8(lane, _mm_set1_epi8((char)(4 * stride - high))), lane);
    uint8_t end[64] __attribute__((aligned(32))) = {0};
    const size_t rest = count - at;
    if (rest >= 16) {
        _mm_storeu_si128((__m128i *)end, _mm_loadu_si128((const __m128i *)(line + at)));
        _mm_storeu_si128((__m128i *)(end + rest - 16), _mm_loadu_si128((const __m128i *)(line + count - 16)));
    } else if (rest >= 8) {
        memcpy(end, line + at, 8);
        memcpy(end + rest - 8, line + count - 8, 8);
    } else {
        memcpy(end, line + at, 4);
        memcpy(end + rest - 4, line + count - 4, 4);
    }
    // Windows from `from` on stand within `rest`: there are (rest - 4) / stride + 1 of them.
    for (size_t from = 0; from + 4 <= rest; from += 8 * stride) {
        const size_t left = (rest - from - 4) / stride + 1;
        unsigned mask = round_hits(end + from, end + from + high, shuffle, table->filter);
        verify_hits(table, line, count, at + from, stride, mask & (left >= 8 ? 0xFFu : (1u << left) - 1), found);
    }
}

__attribute__((target("avx2"), noinline)) static void scan_rest(const cls_literals *table, const uint8_t *line,
                                                                size_t count, uint64_t found[4], size_t at) {
    switch (table->stride) {
    case 1: scan_rest_by(table, line, count, found, 1, at); break;
    case 2: scan_rest_by(table, line, count, found, 2, at); break;
    case 3: scan_rest_by(table, line, count, found, 3, at); break;
    default: scan_rest_by(table, line, count, found, 4, at); break;
    }
}

// Eight windows a round, at `at + j * stride`: the low lane loads the 16 bytes at `at`, the high lane
// the 16 that end with the eighth window (`high` bytes on; from `at` for stride 1), so a round needs
// `span` bytes (7 * stride + 4 from stride 2 on: a line that had a round has eight windows or more).
// Only bytes inside the line are loaded (AddressSanitizer checks it). The windows left at the end are
// read by one more round that ends with the line's last window, its bits of windows already read
// dropped; a line shorter than a round (or stride 1's end) is read by `scan_rest`. Inlined into one
// copy per stride (`vector_scan`), so the stride's products and quotients are constants.
__attribute__((target("avx2"), always_inline)) static inline void vector_scan_by(
    const cls_literals *table, const uint8_t *line, size_t count, uint64_t found[4], const size_t stride) {
    const size_t high = 7 * stride > 12 ? 7 * stride - 12 : 0, span = high + 16;
    const __m128i lane = _mm_loadu_si128((const __m128i *)window_bytes[stride - 1]);
    const __m256i shuffle = _mm256_set_m128i(_mm_add_epi8(lane, _mm_set1_epi8((char)(4 * stride - high))), lane);
    size_t at = 0;
    for (; at + span <= count; at += 8 * stride) {
        unsigned mask = round_hits(line + at, line + at + high, shuffle, table->filter);
        verify_hits(table, line, count, at, stride, mask, found);
    }
    // The window at `at` (a multiple of the stride) is the first not read; none is left past `count - 4`.
    if (at + 4 > count) return;
    if (stride > 1 && at > 0) {
        const size_t windows = (count - 4) / stride + 1, done = at / stride, first = (windows - 8) * stride;
        unsigned mask = round_hits(line + first, line + first + high, shuffle, table->filter);
        verify_hits(table, line, count, first, stride, mask & (0xFFu << (done - (windows - 8))), found);
        return;
    }
    scan_rest(table, line, count, found, at);
}

__attribute__((target("avx2"))) static void vector_scan(const cls_literals *table, const uint8_t *line, size_t count,
                                                        uint64_t found[4]) {
    switch (table->stride) {
    case 1: vector_scan_by(table, line, count, found, 1); break;
    case 2: vector_scan_by(table, line, count, found, 2); break;
    case 3: vector_scan_by(table, line, count, found, 3); break;
    default: vector_scan_by(table, line, count, found, 4); break;
    }
}

#else

int cls_vector_scan_available(void) { return 0; }

#endif

void cls_candidates(const cls_literals *literals, const uint8_t *line, size_t count, uint64_t found[4]) {
#if CLS_HAS_AVX2_KERNEL
    if (literals->stride <= CLS_VECTOR_STRIDE_MAX && __builtin_cpu_supports("avx2")) {
        vector_scan(literals, line, count, found);
        return;
    }
#endif
    scalar_scan(literals, line, count, found);
}
