#ifndef CBCHECK_CLITERALSCAN_H
#define CBCHECK_CLITERALSCAN_H

// The literal prefilter's scan with a vector kernel: CBCheckKit's Events/LiteralScanner.swift chooses
// the literals' windows and builds these tables (Events/LiteralTables.swift); this reads a message's
// windows, tests them in the filter and verifies the literals of those that hit.
//
// A window is the 4 bytes at a position, read little-endian and OR-ed with 0x20202020 (ASCII letters
// folded to lower case); its hash is the upper CLS_HASH_BITS bits of window * CLS_HASH_MULTIPLIER
// (32-bit product), its filter bit that hash, its first slot in the window table the hash & slot_mask.

#include <stddef.h>
#include <stdint.h>

#define CLS_HASH_BITS 18
#define CLS_HASH_MULTIPLIER 0x9E3779B1u

// Strides up to this one have a vector kernel; longer ones are scanned a window at a time.
#define CLS_VECTOR_STRIDE_MAX 4

// A literal: its bytes in `cls_literals.bytes` (4 or more; in lower case when ASCII case is ignored),
// whether ASCII case is ignored, and the candidate set (pattern numbers as bits, lowest first) its
// presence adds.
typedef struct {
    uint32_t start;
    uint32_t length;
    uint32_t caseless;
    uint64_t patterns[4];
} cls_literal;

// A literal a window belongs to, and the window's offset in it.
typedef struct {
    uint32_t literal;
    uint32_t offset;
} cls_place;

// A slot of the open-addressing window table: a folded window (0: empty) and its places.
typedef struct {
    uint32_t window;
    uint32_t first_place;
    uint32_t place_count;
} cls_slot;

typedef struct {
    const uint64_t *filter;  // 1 << CLS_HASH_BITS bits
    size_t stride;           // bytes between two windows read
    const cls_slot *slots;   // slot_mask + 1 slots
    size_t slot_mask;
    const cls_place *places;
    const cls_literal *literals;
    const uint8_t *bytes;
} cls_literals;

// 1 when this CPU runs the vector kernel (x86_64 with AVX2), else 0.
int cls_vector_scan_available(void);

// ORs into `found` the candidate sets of the literals that stand in the `count` bytes at `line`,
// reading the windows at 0, stride, 2 * stride, … (never a byte past `count`). The vector kernel runs
// where the CPU has it and the stride is at most CLS_VECTOR_STRIDE_MAX, else a window at a time.
void cls_candidates(const cls_literals *literals, const uint8_t *line, size_t count, uint64_t found[4]);

#endif
