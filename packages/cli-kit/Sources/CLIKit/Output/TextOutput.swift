import Foundation
import Synchronization

/// Where a command writes: a file descriptor of the process, or a buffer in tests. Writes are
/// serialized, so lines written from several tasks never interleave.
public final class TextOutput: Sendable {
    private enum Target {
        case handle(FileHandle)
        case buffer
    }

    private let target: Target
    private let buffer = Mutex("")
    /// Whether the stream is an interactive terminal (live status lines and colour only then).
    public let isTerminal: Bool

    /// A stream writing to a file handle.
    public init(handle: FileHandle) {
        target = .handle(handle)
        isTerminal = Terminal.isTerminal(handle.fileDescriptor)
    }

    /// A stream collecting text in memory (read it with ``text``).
    public init(isTerminal: Bool = false) {
        target = .buffer
        self.isTerminal = isTerminal
    }

    /// This process's standard output.
    public static var standardOutput: TextOutput { TextOutput(handle: .standardOutput) }

    /// This process's standard error.
    public static var standardError: TextOutput { TextOutput(handle: .standardError) }

    /// Writes text as is.
    public func write(_ text: String) {
        buffer.withLock { collected in
            switch target {
            case .handle(let handle): handle.write(Data(text.utf8))
            case .buffer: collected += text
            }
        }
    }

    /// Writes `text` and a newline.
    public func line(_ text: String) {
        write(text + "\n")
    }

    /// The text collected so far (in-memory streams only; empty for a file handle).
    public var text: String {
        buffer.withLock { $0 }
    }
}
