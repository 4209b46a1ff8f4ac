import Foundation

/// Where a command writes: a file handle of the process, or a buffer in tests.
public final class CommandOutput: @unchecked Sendable {
    private let handle: FileHandle?
    private var buffer = ""
    private let lock = NSLock()
    /// Whether the stream is an interactive terminal (status lines may redraw in place).
    public let isTerminal: Bool

    /// A stream writing to a file handle.
    public init(handle: FileHandle) {
        self.handle = handle
        self.isTerminal = isatty(handle.fileDescriptor) == 1
    }

    /// A stream collecting text in memory (read it with ``text``).
    public init(isTerminal: Bool = false) {
        self.handle = nil
        self.isTerminal = isTerminal
    }

    /// Writes text as is.
    public func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        if let handle {
            handle.write(Data(text.utf8))
        } else {
            buffer += text
        }
    }

    /// The text collected so far (in-memory streams only).
    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }
}
