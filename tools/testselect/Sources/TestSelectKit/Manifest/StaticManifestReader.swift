/// Reads a `Package.swift` without SwiftPM: lex, parse, interpret, decode.
///
/// It reads each manifest twice from one parse: as SwiftPM would on this machine (this process's
/// environment, this platform and toolchain), which is what `testselect graph` shows, and in every
/// configuration that changes what the manifest declares (each environment variable it reads unset
/// or set, each `#if` both ways), whose union selection uses, so that the suites chosen are right
/// whatever environment CI builds in. It returns a reading only when every part that describes
/// targets, products and dependencies was understood; otherwise it says what it could not
/// evaluate, so the caller can fall back to `swift package dump-package`.
///
/// ```swift
/// switch StaticManifestReader.read(text) {
/// case .success(let reading): print(reading.package.targets.map(\.name), reading.environmentReads)
/// case .failure(let failure): print("fall back: \(failure)")
/// }
/// ```
public enum StaticManifestReader {
    /// Reads manifest source text.
    ///
    /// - Parameters:
    ///   - text: the manifest.
    ///   - host: the environment, platform and toolchain of the host reading.
    public static func read(_ text: String, host: HostContext = .current()) -> Result<
        StaticReading, StaticReadFailure
    > {
        guard let toolsVersion = ToolsVersion.parse(manifest: text) else {
            return .failure(StaticReadFailure(reason: "no valid '// swift-tools-version:' line at the top"))
        }
        let statements: [Statement]
        do {
            statements = try Parser.parse(text)
        } catch {
            return .failure(StaticReadFailure(reason: "\(error)"))
        }
        let program = ManifestProgram(statements: statements)
        let hostOutcome: ManifestExplorer.Outcome
        let unionOutcome: ManifestExplorer.Outcome
        switch ManifestExplorer(program: program, toolsVersion: toolsVersion, mode: .union).explore() {
        case .success(let outcome): unionOutcome = outcome
        case .failure(let failure): return .failure(failure)
        }
        if let run = unionOutcome.runs.first(where: { host.agrees(with: $0.configuration) }) {
            // The union already ran the configuration this host is: no second run needed.
            hostOutcome = ManifestExplorer.Outcome(
                runs: [run], environmentReads: unionOutcome.environmentReads, undecidableFacts: [],
                leftOut: [])
        } else {
            switch ManifestExplorer(program: program, toolsVersion: toolsVersion, mode: .host(host)).explore()
            {
            case .success(let outcome): hostOutcome = outcome
            case .failure(let failure): return .failure(failure)
            }
        }
        let hostPackages = hostOutcome.runs.map(\.package)
        var configurations: [DeclaredPackage] = []
        for package in hostPackages + unionOutcome.runs.map(\.package) where !configurations.contains(package)
        {
            configurations.append(package)
        }
        var notes: [String] = []
        if hostPackages.count > 1 {
            notes.append(
                "read both ways because the reader cannot know them: "
                    + hostOutcome.undecidableFacts.joined(separator: "; "))
        }
        notes += unionOutcome.leftOut.map { "not read: \($0)" }
        return .success(
            StaticReading(
                package: DeclaredPackage.union(hostPackages), configurations: configurations,
                environmentReads: hostOutcome.environmentReads, notes: notes))
    }
}

/// What the static reader read of one manifest.
public struct StaticReading: Codable, Sendable, Hashable {
    /// The package as SwiftPM would declare it here (with this environment); when the manifest
    /// depends on something the reader cannot know, the union of both outcomes.
    public var package: DeclaredPackage
    /// The distinct packages of every configuration (the host's among them): selection takes their union.
    public var configurations: [DeclaredPackage]
    /// The environment variables the manifest reads.
    public var environmentReads: [String]
    /// Configurations that were read both ways or left out, and why.
    public var notes: [String]

    /// Creates a reading.
    public init(
        package: DeclaredPackage, configurations: [DeclaredPackage], environmentReads: [String] = [],
        notes: [String] = []
    ) {
        self.package = package
        self.configurations = configurations
        self.environmentReads = environmentReads
        self.notes = notes
    }
}

/// Why the static reader did not trust its reading of a manifest.
public struct StaticReadFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What it could not evaluate, with the line when known.
    public var reason: String

    /// The reason.
    public var description: String { reason }
}
