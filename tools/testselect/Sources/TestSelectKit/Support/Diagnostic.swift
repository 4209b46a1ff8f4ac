/// Something testselect wants its user to know, as a value: how serious it is, what it says, and
/// which package and file it is about, so that JSON output can carry it and CI scripts can act on it.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        /// A fact worth knowing that changes nothing (a configuration read both ways).
        case note
        /// Something that may make the selection larger than needed, or a configuration mistake.
        case warning
    }

    public var severity: Severity
    /// The message, lower-case, naming what to do.
    public var message: String
    /// The repository-relative directory of the package it is about, if any.
    public var package: String?
    /// The repository-relative file it is about, if any.
    public var file: String?

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, package: String? = nil, file: String? = nil) {
        self.severity = severity
        self.message = message
        self.package = package
        self.file = file
    }

    /// A warning.
    public static func warning(_ message: String, package: String? = nil, file: String? = nil) -> Diagnostic {
        Diagnostic(.warning, message, package: package, file: file)
    }

    /// The message.
    public var description: String { message }

    /// `{"severity":..,"message":..,"package":..,"file":..}`.
    public var json: JSONValue {
        .object([
            ("severity", .string(severity.rawValue)), ("message", .string(message)),
            ("package", .string(package)),
            ("file", .string(file)),
        ])
    }
}
