#ifndef CBCHECK_CPCRE2_SHIM_H
#define CBCHECK_CPCRE2_SHIM_H

// memmem is a GNU extension in glibc's <string.h>; Swift's Glibc module does not show it.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <string.h>

// Swift cannot pass -D flags to a system-library target, so the code-unit width is fixed here.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

// Macros with casts are not imported into Swift; these inline functions expose their values.
static inline size_t cbcheck_pcre2_unset(void) { return PCRE2_UNSET; }

// The literal prefilter's search: the first `needle` in `haystack`, or NULL.
static inline const void *cbcheck_memmem(const void *haystack, size_t haystack_length, const void *needle,
                                         size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}

#endif
