#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file descriptor with the few POSIX calls durability needs: write everything, fsync,
/// truncate, and whole-directory fsync after a rename or a new file.
final class PosixFile: Sendable {
    let path: String
    let descriptor: Int32
    /// Whether this file holds a ``lock(_:)`` to give back before closing.
    private let holdsLock: Bool

    private init(path: String, descriptor: Int32, holdsLock: Bool = false) {
        self.path = path
        self.descriptor = descriptor
        self.holdsLock = holdsLock
    }

    deinit {
        // A lock is given back before the descriptor closes: a child process spawned meanwhile
        // by another thread holds a copy of the descriptor until it runs its program, and
        // closing alone would leave the directory locked for as long as that copy lives.
        if holdsLock { _ = flock(descriptor, LOCK_UN) }
        _ = systemClose(descriptor)
    }

    /// Opens (creating it when `create`) a file for appending.
    static func openForAppend(_ path: String, create: Bool) throws -> PosixFile {
        let flags = O_WRONLY | O_APPEND | O_CLOEXEC | (create ? O_CREAT : 0)
        let descriptor = systemOpen(path, flags, 0o644)
        guard descriptor >= 0 else { throw PosixFile.error(path, "open", errno) }
        return PosixFile(path: path, descriptor: descriptor)
    }

    /// Creates (or empties) a file for writing.
    static func create(_ path: String) throws -> PosixFile {
        let descriptor = systemOpen(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw PosixFile.error(path, "create", errno) }
        return PosixFile(path: path, descriptor: descriptor)
    }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(
                    descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw PosixFile.error(path, "write", errno)
                }
                offset += written
            }
        }
    }

    /// Flushes written data to the disk.
    func sync() throws {
        while DataSync.flush(descriptor) != 0 {
            if errno != EINTR { throw PosixFile.error(path, "sync", errno) }
        }
    }

    /// The file's size in bytes.
    func size() throws -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw PosixFile.error(path, "stat", errno) }
        return Int(info.st_size)
    }

    /// The whole content of the file at `path`, read straight into the array (no intermediate
    /// `Data`: snapshots are tens of megabytes).
    static func readAll(_ path: String) throws -> [UInt8] {
        let descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC, 0)
        guard descriptor >= 0 else { throw PosixFile.error(path, "open", errno) }
        defer { _ = systemClose(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw PosixFile.error(path, "stat", errno) }
        let size = Int(info.st_size)
        var failure: EmbeddedEngineError?
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var offset = 0
            while offset < size {
                let count = systemRead(descriptor, buffer.baseAddress.map { $0 + offset }, size - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = PosixFile.error(path, "read", errno)
                    break
                }
                if count == 0 { break }
                offset += count
            }
            initialized = offset
        }
        if let failure { throw failure }
        // A file that grew while it was read: the rest, the slow way.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// Cuts the file at `length` bytes.
    static func truncate(_ path: String, to length: Int) throws {
        guard systemTruncate(path, off_t(length)) == 0 else { throw PosixFile.error(path, "truncate", errno) }
    }

    /// Makes a directory's entries (new, renamed and removed files) durable.
    static func syncDirectory(_ path: String) throws {
        let descriptor = systemOpen(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard descriptor >= 0 else { throw PosixFile.error(path, "open", errno) }
        defer { _ = systemClose(descriptor) }
        guard fsync(descriptor) == 0 else { throw PosixFile.error(path, "sync", errno) }
    }

    /// Renames a file atomically.
    static func rename(_ from: String, to: String) throws {
        guard systemRename(from, to) == 0 else { throw PosixFile.error(from, "rename", errno) }
    }

    /// Takes an exclusive lock on `path` (created if missing), held while the returned file lives.
    static func lock(_ path: String) throws -> PosixFile? {
        let descriptor = systemOpen(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw PosixFile.error(path, "open", errno) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            _ = systemClose(descriptor)
            return nil
        }
        return PosixFile(path: path, descriptor: descriptor, holdsLock: true)
    }

    static func error(_ path: String, _ operation: String, _ code: Int32) -> EmbeddedEngineError {
        .io(path: path, operation: operation, reason: String(cString: strerror(code)).lowercased())
    }
}

// The C calls under names no method of ``PosixFile`` shadows.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}
private func systemTruncate(_ path: String, _ length: off_t) -> Int32 { truncate(path, length) }
private func systemRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
