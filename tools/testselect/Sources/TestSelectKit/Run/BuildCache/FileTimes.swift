#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's modification time to the nanosecond, read with `stat` and set with `utimensat`:
/// compilers compare the times they recorded exactly, and Foundation's `Date` rounds them.
public struct FileTime: Sendable, Hashable {
    /// Seconds since 1970.
    public var seconds: Int
    /// Nanoseconds within the second.
    public var nanoseconds: Int

    /// Creates a time.
    public init(seconds: Int, nanoseconds: Int) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// The modification time of the file at `path` (not following a final symbolic link), or nil.
    public static func modification(of path: String) -> FileTime? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            return FileTime(
                seconds: Int(info.st_mtimespec.tv_sec), nanoseconds: Int(info.st_mtimespec.tv_nsec))
        #else
            return FileTime(seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
        #endif
    }

    /// Sets the access and modification times of the file at `path` (not following a final symbolic
    /// link); false when it cannot.
    @discardableResult
    public func set(on path: String) -> Bool {
        var time = timespec()
        time.tv_sec = .init(seconds)
        time.tv_nsec = .init(nanoseconds)
        var times = [time, time]
        return utimensat(AT_FDCWD, path, &times, Int32(AT_SYMLINK_NOFOLLOW)) == 0
    }
}
