/// Errors of `http-kit-bench`.
public enum BenchmarkError: Error, CustomStringConvertible, Equatable {
    /// wrk could not be started.
    case wrkUnavailable(path: String, reason: String)
    /// wrk ran but failed or printed something unexpected.
    case wrkFailed(String)

    public var description: String {
        switch self {
        case .wrkUnavailable(let path, let reason):
            "cannot run wrk at '\(path)': \(reason); install it with 'apt-get install wrk' or pass '--wrk <path>'"
        case .wrkFailed(let message):
            "wrk failed: \(message)"
        }
    }
}
