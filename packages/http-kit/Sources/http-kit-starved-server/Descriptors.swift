#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's descriptors, which each system lists and limits its own way.
enum Descriptors {
    /// The directory listing the open descriptors by number.
    static var openListing: String {
        #if os(Linux)
            "/proc/self/fd"
        #else
            "/dev/fd"
        #endif
    }

    /// Sets the soft `RLIMIT_NOFILE` to `bound`; whether the system agreed.
    static func lowerSoftLimit(to bound: Int) -> Bool {
        #if os(Linux)
            let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return false }
        limit.rlim_cur = rlim_t(bound)
        return setrlimit(resource, &limit) == 0
    }
}
