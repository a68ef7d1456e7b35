#ifndef CBCHECK_CLITERALSCAN_H
#define CBCHECK_CLITERALSCAN_H

// The literal prefilter's window scan with a vector kernel (CBCheckKit's Events/LiteralScanner.swift
// holds the literals and verifies the hits; this finds which windows hit its filter).
//
// A window is the 4 bytes at a position, read little-endian and OR-ed with 0x20202020 (ASCII letters
// folded to lower case); its filter slot is the upper CLS_HASH_BITS bits of window * CLS_HASH_MULTIPLIER
// (32-bit product); the filter is a bit array of 1 << CLS_HASH_BITS bits in 64-bit words.

#include <stddef.h>
#include <stdint.h>

#define CLS_HASH_BITS 18
#define CLS_HASH_MULTIPLIER 0x9E3779B1u

// Strides up to this one have a vector kernel; longer ones are scanned a window at a time.
#define CLS_VECTOR_STRIDE_MAX 4

// 1 when this CPU runs the vector kernel (x86_64 with AVX2), else 0: the scan is then a window at a
// time, and Swift's own loop (as fast) is used instead.
int cls_vector_scan_available(void);

// Reads the windows at `position`, `position + stride`, … up to the last one that fits in `count`
// bytes (never a byte past them), and writes the positions whose window is in `filter` to `hits`, in
// ascending order. Stops early when `hits` is full, and stores in `*next` the first position not read
// (past `count - 4` when all were read). The kernel writes eight at most a round, so give it 8 or more.
// Returns the number of hits written.
size_t cls_filter_hits(const uint8_t *line, size_t count, size_t position, size_t stride, const uint64_t *filter,
                       size_t *hits, size_t capacity, size_t *next);

#endif
