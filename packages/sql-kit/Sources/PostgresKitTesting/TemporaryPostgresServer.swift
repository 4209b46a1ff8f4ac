import CLIKitTesting
import Foundation
import PostgresKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A PostgreSQL server of its own for tests and benchmarks: `initdb` into a temporary directory,
/// `postgres` listening on 127.0.0.1 at a free port (and on a socket in that directory), stopped
/// and removed by ``stop()``.
///
/// A watchdog shell started with the server stops it and removes the directory when this process
/// ends in any way (a crash included), so a failed test run leaves nothing behind. As root (a CI
/// container), the server runs as the `postgres` user (else `nobody`), since PostgreSQL refuses
/// to run as root. Durability is off (`fsync=off`): the data is thrown away anyway.
///
/// ```swift
/// let server = try await TemporaryPostgresServer.shared()        // one per test process
/// try await server.withDatabase { url in                          // a fresh database per test
///     let db = try LibPQConnection(configuration: PostgresConfiguration(url))
/// }
/// ```
public final class TemporaryPostgresServer: Sendable {
    /// The directory holding the data directory and the socket.
    public let directory: URL
    /// The TCP port on 127.0.0.1.
    public let port: Int
    /// The superuser.
    public let user = "cms"
    /// The superuser's password (TCP connections need it; the socket trusts local users).
    public let password: String
    private let watchdog: ChildProcess
    private let counter = Atomic<Int>(0)
    private let sharedDatabaseCreated = Mutex(false)

    /// Whether the server programs are installed (tests that need a server are skipped when not).
    public static var isAvailable: Bool { PostgresBinaries.locate() != nil }

    private init(directory: URL, port: Int, password: String, watchdog: ChildProcess) {
        self.directory = directory
        self.port = port
        self.password = password
        self.watchdog = watchdog
    }

    /// A URL for `database` (with the superuser's credentials unless others are given).
    public func url(database: String = "postgres", user: String? = nil, password: String? = nil) -> String {
        let name = user ?? self.user
        let secret = password ?? self.password
        return "postgres://\(name):\(secret)@127.0.0.1:\(port)/\(database)"
    }

    /// The superuser's connection to `database`.
    public func connect(database: String = "postgres") throws -> LibPQConnection {
        try LibPQConnection(
            configuration: PostgresConfiguration(url(database: database), defaultConnectTimeout: 10))
    }

    /// Creates a new empty database and returns its URL.
    public func createDatabase() throws -> String {
        let name =
            "cms_test_\(counter.add(1, ordering: .relaxed).newValue)_\(UUID().uuidString.prefix(8).lowercased())"
        let admin = try connect()
        defer { admin.close() }
        try admin.execute("CREATE DATABASE \(name)")
        return url(database: name)
    }

    /// Drops a database made by ``createDatabase()``, disconnecting whoever still uses it.
    public func dropDatabase(url: String) throws {
        guard let name = url.split(separator: "/").last else { return }
        let admin = try connect()
        defer { admin.close() }
        try admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// Runs `body` with the URL of a fresh database, dropped afterwards whatever happens.
    @discardableResult
    public func withDatabase<Result>(_ body: (String) async throws -> Result) async throws -> Result {
        let url = try createDatabase()
        do {
            let result = try await body(url)
            try? dropDatabase(url: url)
            return result
        } catch {
            try? dropDatabase(url: url)
            throw error
        }
    }

    /// Runs `body` with the URL of a fresh, empty schema in one shared database (its
    /// `search_path` is set in the URL's `options`), dropped afterwards whatever happens.
    ///
    /// Much quicker than a database of its own (`CREATE SCHEMA` against `CREATE DATABASE`'s
    /// copy of a template), so every test can have one. Session-wide things stay shared with
    /// the other tests: advisory locks and `LISTEN` channels.
    @discardableResult
    public func withSchema<Result>(_ body: (String) async throws -> Result) async throws -> Result {
        let database = try sharedDatabase()
        let name =
            "cms_test_\(counter.add(1, ordering: .relaxed).newValue)_\(UUID().uuidString.prefix(8).lowercased())"
        let admin = try connect(database: database)
        try admin.execute("CREATE SCHEMA \(name)")
        admin.close()
        let url = self.url(database: database) + "?options=-csearch_path%3D\(name)"
        func drop() {
            guard let admin = try? connect(database: database) else { return }
            try? admin.execute("DROP SCHEMA \(name) CASCADE")
            admin.close()
        }
        do {
            let result = try await body(url)
            drop()
            return result
        } catch {
            drop()
            throw error
        }
    }

    /// The database the schemas of ``withSchema(_:)`` live in, created on first use.
    private func sharedDatabase() throws -> String {
        try sharedDatabaseCreated.withLock { created in
            if !created {
                let admin = try connect()
                defer { admin.close() }
                try admin.execute("CREATE DATABASE cms_tests")
                created = true
            }
            return "cms_tests"
        }
    }

    /// Stops the server (fast shutdown) and removes its directory.
    public func stop() async throws {
        watchdog.signal(SIGTERM)
        _ = try await watchdog.exit(timeout: .seconds(30))
    }

    /// The server's log so far.
    public var log: String { watchdog.errors + watchdog.output }

    /// The process-wide server for tests, started on first use and stopped when the process ends.
    public static func shared() async throws -> TemporaryPostgresServer {
        try await SharedServer.instance.server()
    }

    /// Starts a new server.
    ///
    /// - Throws: ``TemporaryPostgresServerError``.
    public static func start(binaries: PostgresBinaries? = nil) async throws -> TemporaryPostgresServer {
        guard let binaries = binaries ?? PostgresBinaries.locate() else {
            throw TemporaryPostgresServerError.binariesNotFound(
                searched: PostgresBinaries.candidates(environment: ProcessInfo.processInfo.environment).map(
                    \.path))
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("cms-pg-\(UUID().uuidString.prefix(12))", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            let password = UUID().uuidString
            let runAs = try ServerUser.forThisProcess()
            let passwordFile = directory.appendingPathComponent("password")
            try Data(password.utf8).write(to: passwordFile)
            try runAs?.own(directory)
            try runAs?.own(passwordFile)
            let data = directory.appendingPathComponent("data").path
            let initdb = try await ChildProcess.run(
                URL(fileURLWithPath: runAs?.launcher ?? binaries.initdb.path),
                (runAs?.arguments ?? []) + (runAs == nil ? [] : [binaries.initdb.path]) + [
                    "-D", data, "-U", "cms", "--pwfile=\(passwordFile.path)", "--auth-local=trust",
                    "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions",
                ], workingDirectory: directory, timeout: .seconds(180))
            guard initdb.termination == .exited(0) else {
                throw TemporaryPostgresServerError.initdbFailed(
                    status: "\(initdb.termination)", output: initdb.output + initdb.errors)
            }
            var lastFailure = ""
            for _ in 0..<3 {
                let port = try FreePort.find()
                let server = [
                    "-D", data, "-p", "\(port)", "-c", "listen_addresses=127.0.0.1",
                    "-c", "unix_socket_directories=\(directory.path)", "-c", "fsync=off",
                    "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=200",
                    "-c", "shared_buffers=64MB", "-c", "log_min_messages=warning",
                ]
                let command =
                    (runAs.map { [$0.launcher] + $0.arguments } ?? []) + [binaries.postgres.path] + server
                let watchdog = try ChildProcess(
                    URL(fileURLWithPath: "/bin/sh"),
                    ["-c", watchdogScript, "watchdog", "\(getpid())", directory.path] + command,
                    workingDirectory: directory)
                let candidate = TemporaryPostgresServer(
                    directory: directory, port: port, password: password, watchdog: watchdog)
                if try await candidate.awaitReady() { return candidate }
                lastFailure = candidate.log
                watchdog.signal(SIGKILL)
                _ = try? await watchdog.exit(timeout: .seconds(10))
            }
            throw TemporaryPostgresServerError.serverDidNotStart(
                reason: "it exited at start three times (a port taken meanwhile?)", log: lastFailure)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// Waits until the server accepts connections: `true`, or `false` when it exited first.
    private func awaitReady() async throws -> Bool {
        // A real server process on real time, which tells no one when it is ready: a connection
        // attempt every 50 ms, bounded by a generous 60 s, is the condition waited on.
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            guard watchdog.isRunning else { return false }
            if let connection = try? connect() {
                connection.close()
                return true
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TemporaryPostgresServerError.serverDidNotStart(
            reason: "no connection was accepted within 60 s", log: log)
    }

    func stopWhenThisProcessExits() {
        WatchdogRegistry.add(watchdog.processIdentifier)
    }
}

/// The script that runs the server: it stops it (fast shutdown) and removes the directory on
/// SIGTERM, or as soon as the process that started it is gone.
private let watchdogScript = """
    parent=$1; dir=$2; shift 2
    "$@" &
    server=$!
    stop() { kill -INT "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$dir"; exit 0; }
    trap stop TERM INT
    while kill -0 "$parent" 2>/dev/null && kill -0 "$server" 2>/dev/null; do sleep 0.2 & wait $!; done
    stop
    """

/// The unprivileged user a root process runs the server as, and how.
private struct ServerUser {
    var uid: uid_t
    var gid: gid_t
    var launcher: String
    var arguments: [String]

    /// `nil` when this process is not root (the server then runs as this process's user).
    static func forThisProcess() throws -> ServerUser? {
        guard geteuid() == 0 else { return nil }
        for name in ["postgres", "nobody"] {
            guard let entry = getpwnam(name) else { continue }
            let uid = entry.pointee.pw_uid
            let gid = entry.pointee.pw_gid
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") {
                return ServerUser(
                    uid: uid, gid: gid, launcher: "/usr/bin/setpriv",
                    arguments: ["--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "--"])
            }
        }
        throw TemporaryPostgresServerError.noUnprivilegedUser
    }

    func own(_ url: URL) throws {
        guard chown(url.path, uid, gid) == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}

/// Starts the shared server once per process.
private actor SharedServer {
    static let instance = SharedServer()
    private var starting: Task<TemporaryPostgresServer, any Error>?

    func server() async throws -> TemporaryPostgresServer {
        if let starting { return try await starting.value }
        let task = Task {
            let server = try await TemporaryPostgresServer.start()
            server.stopWhenThisProcessExits()
            return server
        }
        starting = task
        return try await task.value
    }
}

/// Watchdogs to stop at exit (the watchdog also notices on its own, within 0.2 s).
private enum WatchdogRegistry {
    static let pids = Mutex<[Int32]>([])
    static let installed = Atomic<Bool>(false)

    static func add(_ pid: Int32) {
        pids.withLock { $0.append(pid) }
        if installed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged {
            atexit {
                for pid in WatchdogRegistry.pids.withLock({ $0 }) { kill(pid, SIGTERM) }
            }
        }
    }
}
