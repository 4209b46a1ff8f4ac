#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's descriptor limit (`RLIMIT_NOFILE`), whose constant each system types its own way.
enum DescriptorLimit {
    /// The soft limit; `nil` when it cannot be read.
    static var soft: rlim_t? {
        var limit = rlimit()
        #if os(Linux)
            let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return nil }
        return limit.rlim_cur
    }
}
