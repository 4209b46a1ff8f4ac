// Linux readiness notification (epoll), wake-up counters (eventfd) and accept4, which Glibc's
// Swift module does not export.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <unistd.h>

// accept4(2), declared by <sys/socket.h> only under _GNU_SOURCE: the system call itself.
static inline int httpkit_accept4(int fd, void *address, unsigned int *length, int flags) {
    return (int)syscall(SYS_accept4, fd, address, length, flags);
}
