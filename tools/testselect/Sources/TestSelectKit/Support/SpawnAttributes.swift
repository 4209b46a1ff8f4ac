#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `posix_spawnattr_t`, whose Swift type differs between Glibc and Darwin.
struct SpawnAttributes {
    #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
    #else
        var attributes = posix_spawnattr_t()
    #endif

    init() {
        posix_spawnattr_init(&attributes)
    }

    /// Starts the child in a new process group of its own (its id is the child's pid), so that the
    /// whole tree it spawns (a compiler, a test bundle) can be signalled at once, with no signal
    /// blocked and every signal handled the default way.
    ///
    /// Without this the child inherits the spawning thread's signal mask, and Dispatch's worker
    /// threads block `SIGTERM`: such a child could never be stopped.
    mutating func startNewProcessGroup() {
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
    }

    mutating func withPointer<T>(_ body: (UnsafeMutablePointer<posix_spawnattr_t>) -> T) -> T {
        withUnsafeMutablePointer(to: &attributes, body)
    }

    mutating func destroy() {
        posix_spawnattr_destroy(&attributes)
    }
}
