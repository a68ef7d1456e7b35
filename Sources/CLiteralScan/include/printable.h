#ifndef CBCHECK_CLITERALSCAN_PRINTABLE_H
#define CBCHECK_CLITERALSCAN_PRINTABLE_H

// Whether an event's text is printable ASCII (CBCheckKit's Log/DisplayText.swift), 32 bytes a round
// with AVX2.

#include <stddef.h>
#include <stdint.h>

// 1 when this CPU runs the vector test (x86_64 with AVX2), else 0.
int cls_printable_vector_available(void);

// 1 when every byte of `bytes[0..<count]` is in 0x20…0x7E, else 0; reads no byte at or past `count`.
// `vector`: 0 takes the portable loop (eight bytes a word), as on CPUs without AVX2; the tests
// compare both.
int cls_printable_ascii(const uint8_t *bytes, size_t count, int vector);

#endif
