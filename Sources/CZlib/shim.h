#ifndef CBCHECK_CZLIB_SHIM_H
#define CBCHECK_CZLIB_SHIM_H

// zlib, for reading gzip-compressed logs as they stream (Debian's zlib1g-dev, Homebrew's zlib).
#include <zlib.h>

// inflateInit2 is a macro (it passes zlib's version and z_stream's size), which Swift cannot call:
// a gzip stream's inflater, its header and trailer checked (window bits 15, +16 for gzip).
static inline int cbcheck_inflate_init_gzip(z_stream *stream) { return inflateInit2(stream, 15 + 16); }

#endif
