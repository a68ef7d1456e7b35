#ifndef CBCHECK_CLITERALSCAN_NEWLINES_H
#define CBCHECK_CLITERALSCAN_NEWLINES_H

// The line reader's newline search (CBCheckKit's Log/NewlineSearch.swift): the newlines of a whole
// stretch of the read buffer found in one pass, 64 bytes a round with AVX2, instead of a `memchr`
// call per line.

#include <stddef.h>
#include <stdint.h>

// The fewest offsets a call may be given room for: one round's worth.
#define CLS_NEWLINES_MIN_CAPACITY 64

// 1 when this CPU runs the vector search (x86_64 with AVX2), else 0.
int cls_newlines_vector_available(void);

// Writes the offsets of the newline bytes (0x0A) in `bytes[0..<count]` to `offsets`, in order, and
// returns how many it wrote; `*scanned` is how far every newline has been reported (`count` when
// all were; less when `capacity`, at least CLS_NEWLINES_MIN_CAPACITY, ran out: search on from there).
// Reads no byte at or past `count`; `count` must be below 2^32. `vector`: 0 takes the portable loop
// (`memchr`), as on CPUs without AVX2; the tests compare both.
size_t cls_newlines(const uint8_t *bytes, size_t count, uint32_t *offsets, size_t capacity, int vector,
                    size_t *scanned);

// Like `cls_newlines`, but a carriage return (0x0D) whose next byte is no newline also ends a line,
// its offset reported among the newlines' (the line reader's search once a file shows lone carriage
// returns: old Mac files and some web copies end every line so). A carriage return followed by a
// newline is not reported: the newline ends its line. A carriage return at `bytes[count - 1]`
// cannot be told yet: the search stops before it (`*scanned` is its offset, unless `capacity` ran
// out earlier), to go on once the byte after it is read. `*carriage_returns` is increased by how many
// of the offsets written are carriage returns.
size_t cls_line_ends(const uint8_t *bytes, size_t count, uint32_t *offsets, size_t capacity, int vector,
                     size_t *scanned, size_t *carriage_returns);

#endif
