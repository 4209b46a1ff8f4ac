/// Why a throwaway PostgreSQL server could not be started.
public enum TemporaryPostgresServerError: Error, CustomStringConvertible, Equatable {
    /// `initdb` and `postgres` were not found.
    case binariesNotFound(searched: [String])
    /// This process runs as root and no unprivileged user exists to run the server as.
    case noUnprivilegedUser
    /// `initdb` failed.
    case initdbFailed(status: String, output: String)
    /// The server exited or did not accept connections in time.
    case serverDidNotStart(reason: String, log: String)

    public var description: String {
        switch self {
        case .binariesNotFound(let searched):
            return
                "PostgreSQL's server programs (initdb, postgres) were not found in \(searched.joined(separator: ", ")); install them (Debian: apt-get install postgresql) or set POSTGRES_BINDIR"
        case .noUnprivilegedUser:
            return
                "PostgreSQL refuses to run as root and neither a 'postgres' nor a 'nobody' user exists; run the tests as another user"
        case .initdbFailed(let status, let output):
            return "initdb failed (\(status)):\n\(output)"
        case .serverDidNotStart(let reason, let log):
            return "the temporary PostgreSQL server did not start: \(reason); its log:\n\(log)"
        }
    }
}
