#include "printable.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define CLS_HAS_AVX2_PRINTABLE 1
#endif

// Eight bytes a word: while no byte has its high bit set, adding 0x01 sets it only in a DEL (0x7F)
// and adding 0x60 leaves it clear only below 0x20, neither carrying into the next byte; a byte with
// its high bit set fails whatever its carries do (Swift's former `DisplayText.isPrintableASCII`).
static int portable_printable(const uint8_t *bytes, size_t count) {
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    size_t at = 0;
    for (; at + 8 <= count; at += 8) {
        uint64_t word;
        memcpy(&word, bytes + at, sizeof word);
        if ((word | (word + ones) | ~(word + ones * 0x60)) & highs) return 0;
    }
    for (; at < count; at++) {
        if (bytes[at] < 0x20 || bytes[at] > 0x7E) return 0;
    }
    return 1;
}

#if CLS_HAS_AVX2_PRINTABLE

int cls_printable_vector_available(void) { return __builtin_cpu_supports("avx2"); }

// Whether the 32 bytes at `bytes` are all printable: as signed bytes, 0x20…0x7F are the ones above
// 0x1F (0x80 and up are negative), DEL taken out.
__attribute__((target("avx2"))) static inline int printable32(const uint8_t *bytes) {
    const __m256i block = _mm256_loadu_si256((const __m256i *)bytes);
    const __m256i above = _mm256_cmpgt_epi8(block, _mm256_set1_epi8(0x1F));
    const __m256i ok = _mm256_andnot_si256(_mm256_cmpeq_epi8(block, _mm256_set1_epi8(0x7F)), above);
    return (uint32_t)_mm256_movemask_epi8(ok) == 0xFFFFFFFFu;
}

// 32 bytes a round; the last round ends with the last byte (overlapping the one before), and text
// shorter than a round is read from a copy padded with spaces, so no load reaches past `count`.
__attribute__((target("avx2"))) static int vector_printable(const uint8_t *bytes, size_t count) {
    if (count < 32) {
        uint8_t padded[32];
        memset(padded, ' ', sizeof padded);
        memcpy(padded, bytes, count);
        return printable32(padded);
    }
    for (size_t at = 0; at + 32 < count; at += 32) {
        if (!printable32(bytes + at)) return 0;
    }
    return printable32(bytes + count - 32);
}

#else

int cls_printable_vector_available(void) { return 0; }

#endif

int cls_printable_ascii(const uint8_t *bytes, size_t count, int vector) {
#if CLS_HAS_AVX2_PRINTABLE
    if (vector && __builtin_cpu_supports("avx2")) return vector_printable(bytes, count);
#endif
    return portable_printable(bytes, count);
}
