import Foundation

/// Where PostgreSQL's server programs (`initdb`, `postgres`) are on this machine.
///
/// Looked for, in order: `$POSTGRES_BINDIR`, `pg_config --bindir`, Debian's
/// `/usr/lib/postgresql/<version>/bin` (newest first), Homebrew's prefixes, then `PATH`.
public struct PostgresBinaries: Sendable, Equatable {
    /// The directory holding them.
    public var directory: URL

    /// `initdb`.
    public var initdb: URL { directory.appendingPathComponent("initdb") }
    /// `postgres`.
    public var postgres: URL { directory.appendingPathComponent("postgres") }

    /// Where the search looks, in order, for `environment`.
    public static func candidates(environment: [String: String]) -> [URL] {
        var directories: [String] = []
        if let explicit = environment["POSTGRES_BINDIR"], !explicit.isEmpty { directories.append(explicit) }
        if let reported = pgConfigBindir(environment: environment) { directories.append(reported) }
        let debian = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: debian)) ?? []
        for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
            directories.append("\(debian)/\(version)/bin")
        }
        for prefix in ["/opt/homebrew", "/usr/local"] {
            let opt = "\(prefix)/opt"
            let formulae = ((try? FileManager.default.contentsOfDirectory(atPath: opt)) ?? [])
                .filter { $0.hasPrefix("postgresql") }.sorted(by: >)
            directories += formulae.map { "\(opt)/\($0)/bin" }
        }
        directories += (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        var seen: Set<String> = []
        return directories.filter { seen.insert($0).inserted }.map { URL(fileURLWithPath: $0) }
    }

    /// The first candidate holding both programs; `nil` when none does.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> PostgresBinaries?
    {
        for directory in candidates(environment: environment) {
            let binaries = PostgresBinaries(directory: directory)
            if FileManager.default.isExecutableFile(atPath: binaries.initdb.path),
                FileManager.default.isExecutableFile(atPath: binaries.postgres.path)
            {
                return binaries
            }
        }
        return nil
    }

    /// What `pg_config --bindir` prints, when `pg_config` is on `PATH`.
    private static func pgConfigBindir(environment: [String: String]) -> String? {
        let path = (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/pg_config" }
        guard let tool = path.first(where: FileManager.default.isExecutableFile(atPath:)) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--bindir"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
