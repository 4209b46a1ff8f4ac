/// Why a child process did not do what a test waited for.
public enum ChildProcessError: Error, CustomStringConvertible, Equatable {
    /// The executable is not built.
    case notBuilt(String)
    /// No line matched before the deadline; what each stream had printed.
    case timedOut(waitingFor: String, seconds: Double, output: String, errors: String)
    /// The process ended before printing a matching line.
    case exited(status: Int32, waitingFor: String, output: String, errors: String)

    public var description: String {
        switch self {
        case .notBuilt(let path):
            return
                "the executable '\(path)' is missing; build the package's tests ('swift build --build-tests')"
        case .timedOut(let awaited, let seconds, let output, let errors):
            return "no line \(awaited) within \(seconds) s; stdout: '\(output)', stderr: '\(errors)'"
        case .exited(let status, let awaited, let output, let errors):
            return
                "the process exited (status \(status)) before a line \(awaited); stdout: '\(output)', stderr: '\(errors)'"
        }
    }
}
