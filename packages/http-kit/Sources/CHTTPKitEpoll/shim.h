// Linux readiness notification (epoll) and wake-up counters (eventfd), which Glibc's Swift
// module does not export.
#include <sys/epoll.h>
#include <sys/eventfd.h>
