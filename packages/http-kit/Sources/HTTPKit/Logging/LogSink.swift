import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a ``Logger`` sends its records.
public protocol LogSink: Sendable {
    /// Writes one record; called from any thread.
    func write(_ record: LogRecord)
}

/// Writes each record as one line on standard error, prefixed with a UTC timestamp:
/// `2025-01-31T09:15:02.123Z info http: GET /x 200 0.41ms request_id=9f1c`.
///
/// Each line is a single `write(2)` call, so lines from concurrent requests never interleave.
public struct StandardErrorLogSink: LogSink {
    /// Creates the sink.
    public init() {}

    public func write(_ record: LogRecord) {
        writeToStandardError(Timestamp.now().iso8601 + " " + record.formatted + "\n")
    }
}

/// Keeps every record in memory, in order; for tests that check what was logged, and for
/// tools that show logs elsewhere.
public final class InMemoryLogSink: LogSink {
    private struct Watcher {
        let matches: @Sendable (LogRecord) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    private let storage = Mutex<(records: [LogRecord], watchers: [Watcher])>(([], []))

    /// Creates an empty sink.
    public init() {}

    public func write(_ record: LogRecord) {
        let satisfied = storage.withLock { storage -> [CheckedContinuation<Void, Never>] in
            storage.records.append(record)
            guard !storage.watchers.isEmpty else { return [] }
            let satisfied = storage.watchers.filter { $0.matches(record) }.map(\.continuation)
            storage.watchers.removeAll { $0.matches(record) }
            return satisfied
        }
        for continuation in satisfied { continuation.resume() }
    }

    /// Returns once a record for which `matches` holds has been written (at once if one has):
    /// a test waits for what the code logs instead of sleeping until it probably has.
    public func waitForRecord(where matches: @escaping @Sendable (LogRecord) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let found = storage.withLock { storage -> Bool in
                if storage.records.contains(where: matches) { return true }
                storage.watchers.append(Watcher(matches: matches, continuation: continuation))
                return false
            }
            if found { continuation.resume() }
        }
    }

    /// The records written so far.
    public var records: [LogRecord] {
        storage.withLock { $0.records }
    }
}

/// Writes `line` to standard error with as few `write(2)` calls as the system allows.
func writeToStandardError(_ line: String) {
    var bytes = Array(line.utf8)
    bytes.withUnsafeMutableBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(STDERR_FILENO, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
