#ifndef CBCHECK_CZLIB_SHIM_H
#define CBCHECK_CZLIB_SHIM_H

// zlib, for reading gzip-compressed logs as they stream (Debian's zlib1g-dev, Homebrew's zlib).
#include <zlib.h>

#endif
