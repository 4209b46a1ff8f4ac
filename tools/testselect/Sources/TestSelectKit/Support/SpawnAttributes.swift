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
    /// whole tree it spawns (a compiler, a test bundle) can be signalled at once.
    mutating func startNewProcessGroup() {
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
    }

    mutating func withPointer<T>(_ body: (UnsafeMutablePointer<posix_spawnattr_t>) -> T) -> T {
        withUnsafeMutablePointer(to: &attributes, body)
    }

    mutating func destroy() {
        posix_spawnattr_destroy(&attributes)
    }
}
