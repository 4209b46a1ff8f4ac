// glibc's allocator controls (malloc_trim), which Swift's Glibc module leaves out; nothing
// elsewhere.
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif
