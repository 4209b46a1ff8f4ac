/// A process exit status: 0 success, 1 failure (tests failed, drift found), 64 bad usage or
/// input; a command may return others it documents (2 for "could not compare", 130 interrupted).
public struct ExitCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The command did what it was asked.
    public static let success = ExitCode(rawValue: 0)
    /// The command ran and failed.
    public static let failure = ExitCode(rawValue: 1)
    /// Bad usage or bad input (`EX_USAGE`).
    public static let usage = ExitCode(rawValue: 64)

    public var description: String { String(rawValue) }
}

/// An error that knows the exit code it ends a process with (anything else ends it with 1).
public protocol ExitCodeProviding: Error {
    /// The exit code.
    var exitCode: ExitCode { get }
}
