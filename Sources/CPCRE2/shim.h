#ifndef CBCHECK_CPCRE2_SHIM_H
#define CBCHECK_CPCRE2_SHIM_H

// Swift cannot pass -D flags to a system-library target, so the code-unit width is fixed here.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

// Macros with casts are not imported into Swift; these inline functions expose their values.
static inline size_t cbcheck_pcre2_unset(void) { return PCRE2_UNSET; }

// memmem is a GNU extension that glibc's <string.h> declares only under _GNU_SOURCE, and defining
// that here would make this module's view of the C headers differ from Swift's Glibc module (a
// clean build then fails on fd_set). Declaring the one function is enough; it is in every libc.
extern void *memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

// The literal prefilter's search: the first `needle` in `haystack`, or NULL.
static inline const void *cbcheck_memmem(const void *haystack, size_t haystack_length, const void *needle,
                                         size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}

#endif
