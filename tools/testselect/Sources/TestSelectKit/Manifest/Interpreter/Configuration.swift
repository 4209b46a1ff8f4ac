import Foundation

/// A Boolean that depends on how the manifest is built: which environment variables are set, which
/// `#if` conditions hold, or something the reader cannot know.
indirect enum SymbolicCondition: Sendable, Hashable {
    case atom(ConditionAtom)
    case not(SymbolicCondition)
    case and(SymbolicCondition, SymbolicCondition)
    case or(SymbolicCondition, SymbolicCondition)

    /// The decision variables the condition depends on, in order of appearance.
    var variables: [DecisionVariable] {
        var result: [DecisionVariable] = []
        collect(into: &result)
        return result
    }

    private func collect(into result: inout [DecisionVariable]) {
        switch self {
        case .atom(let atom):
            if !result.contains(atom.variable) { result.append(atom.variable) }
        case .not(let inner):
            inner.collect(into: &result)
        case .and(let a, let b), .or(let a, let b):
            a.collect(into: &result)
            b.collect(into: &result)
        }
    }

    /// The truth of the condition in `configuration`, or nil while a variable it needs is undecided.
    func truth(in configuration: Configuration) -> Bool? {
        switch self {
        case .atom(let atom):
            return atom.truth(in: configuration)
        case .not(let inner):
            return inner.truth(in: configuration).map { !$0 }
        case .and(let a, let b):
            let left = a.truth(in: configuration)
            if left == false { return false }
            let right = b.truth(in: configuration)
            if right == false { return false }
            guard let left, let right else { return nil }
            return left && right
        case .or(let a, let b):
            let left = a.truth(in: configuration)
            if left == true { return true }
            let right = b.truth(in: configuration)
            if right == true { return true }
            guard let left, let right else { return nil }
            return left || right
        }
    }
}

/// One fact a condition is built from.
enum ConditionAtom: Sendable, Hashable {
    /// The environment variable is set.
    case environmentSet(String)
    /// The environment variable is set to this text.
    case environmentEquals(String, String)
    /// An `#if` condition such as `os(Linux)` or `swift(>=5.9)`, by its text.
    case compilation(String)
    /// A condition on something the reader cannot compute (a file's existence, git information),
    /// identified by where it is and what it says.
    case opaque(String)

    var variable: DecisionVariable {
        switch self {
        case .environmentSet(let name), .environmentEquals(let name, _): return .environment(name)
        case .compilation(let text): return .flag("#if " + text)
        case .opaque(let key): return .flag(key)
        }
    }

    func truth(in configuration: Configuration) -> Bool? {
        switch self {
        case .environmentSet(let name):
            guard let choice = configuration.environment[name] else { return nil }
            if case .unset = choice { return false }
            return true
        case .environmentEquals(let name, let text):
            guard let choice = configuration.environment[name] else { return nil }
            if case .value(let value) = choice { return value == text }
            return false
        case .compilation, .opaque:
            if case .flag(let key) = variable { return configuration.flags[key] }
            return nil
        }
    }
}

/// What a configuration decides: an environment variable's value, or one Boolean fact.
enum DecisionVariable: Sendable, Hashable, CustomStringConvertible {
    case environment(String)
    case flag(String)

    var description: String {
        switch self {
        case .environment(let name): return "environment variable '\(name)'"
        case .flag(let key): return key
        }
    }
}

/// The value an environment variable takes in one configuration.
enum EnvironmentChoice: Sendable, Hashable {
    case unset
    /// Set to a text the manifest compares with (or, in the host reading, to its real value).
    case value(String)
    /// Set to some text the manifest never compares with: its value is not known.
    case other
}

/// One way of building the manifest: the decided environment variables and facts.
struct Configuration: Sendable, Hashable {
    var environment: [String: EnvironmentChoice] = [:]
    var flags: [String: Bool] = [:]

    func isDecided(_ variable: DecisionVariable) -> Bool {
        switch variable {
        case .environment(let name): return environment[name] != nil
        case .flag(let key): return flags[key] != nil
        }
    }
}

/// How the interpreter decides what a manifest cannot say by itself.
enum ReadingMode: Sendable {
    /// As SwiftPM would here: this environment, this platform and toolchain; what stays unknown
    /// (a file check, `canImport` of an unlisted module) is taken both ways.
    case host(HostContext)
    /// Every configuration: each environment variable unset, set to each text the manifest compares
    /// it with, or set to anything else; every `#if` both ways; so that the union of the results
    /// holds whatever CI builds with.
    case union
}

/// The machine a host reading describes: what SwiftPM would see when it runs the manifest here.
public struct HostContext: Sendable {
    /// The environment variables the manifest would see.
    public var environment: [String: String]
    /// The toolchain deciding `#if swift(...)` and `#if compiler(...)`.
    public var toolchain: ToolsVersion

    /// Creates a host context.
    public init(environment: [String: String], toolchain: ToolsVersion = .currentToolchain) {
        self.environment = environment
        self.toolchain = toolchain
    }

    /// The process's own environment and the toolchain this tool was built for.
    public static func current(toolchain: ToolsVersion = .currentToolchain) -> HostContext {
        HostContext(environment: ProcessInfo.processInfo.environment, toolchain: toolchain)
    }

    /// Whether a configuration of the union reading is exactly what this host reads: each variable it
    /// decided is an environment variable unset here or set to the text it took, or an `#if` this host
    /// decides the same way (a fact the reader cannot know, or a text it never compared, is not).
    func agrees(with configuration: Configuration) -> Bool {
        for (name, choice) in configuration.environment {
            switch choice {
            case .unset: if environment[name] != nil { return false }
            case .value(let text): if environment[name] != text { return false }
            case .other: return false
            }
        }
        for (key, value) in configuration.flags {
            guard key.hasPrefix("#if ") else { return false }
            let text = key.dropFirst(4)
            let name: String
            var argument: String? = nil
            if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
                name = String(text[..<open])
                argument = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
            } else {
                name = String(text)
            }
            guard evaluate(name, argument: argument) == value else { return false }
        }
        return true
    }

    /// What `#if` atoms are on this machine, or nil when the reader cannot tell.
    func evaluate(_ atom: String, argument: String?) -> Bool? {
        switch atom {
        case "os":
            guard let argument else { return nil }
            return argument == HostContext.operatingSystem
        case "arch":
            guard let argument else { return nil }
            return argument == HostContext.architecture
        case "swift", "compiler":
            guard let argument, let requirement = VersionRequirement(argument) else { return nil }
            return requirement.isSatisfied(by: toolchain)
        case "canImport":
            guard let argument else { return nil }
            return HostContext.importableModules[argument]
        case "targetEnvironment":
            return false
        case "_endian":
            return argument == "little"
        case "_pointerBitWidth":
            return argument == "_64"
        case "hasFeature", "hasAttribute", "_hasAtomicBitWidth":
            return nil
        default:
            // A custom compilation condition: manifests are compiled without `-D` flags.
            return argument == nil ? false : nil
        }
    }

    #if os(Linux)
        static let operatingSystem = "Linux"
    #elseif os(macOS)
        static let operatingSystem = "macOS"
    #elseif os(Windows)
        static let operatingSystem = "Windows"
    #else
        static let operatingSystem = "unknown"
    #endif

    #if arch(x86_64)
        static let architecture = "x86_64"
    #elseif arch(arm64)
        static let architecture = "arm64"
    #else
        static let architecture = "unknown"
    #endif

    /// Modules a manifest can or cannot import on this platform (others are left undecided).
    #if canImport(Darwin)
        static let importableModules: [String: Bool] = [
            "Darwin": true, "Foundation": true, "FoundationEssentials": true, "Glibc": false, "Musl": false,
            "WinSDK": false, "Android": false, "WASILibc": false, "PackageDescription": true,
            "CompilerPluginSupport": true, "os": true, "ucrt": false, "Bionic": false,
        ]
    #else
        static let importableModules: [String: Bool] = [
            "Darwin": false, "Foundation": true, "FoundationEssentials": true, "Glibc": true, "Musl": false,
            "WinSDK": false, "Android": false, "WASILibc": false, "PackageDescription": true,
            "CompilerPluginSupport": true, "os": false, "ucrt": false, "Bionic": false,
        ]
    #endif
}

/// `>=5.9` / `<6.0` in `#if swift(...)` and `#if compiler(...)`.
struct VersionRequirement {
    var atLeast: Bool
    var version: ToolsVersion

    init?(_ text: String) {
        if text.hasPrefix(">=") {
            atLeast = true
        } else if text.hasPrefix("<") {
            atLeast = false
        } else {
            return nil
        }
        guard let version = ToolsVersion(string: String(text.drop { $0 == ">" || $0 == "=" || $0 == "<" }))
        else { return nil }
        self.version = version
    }

    func isSatisfied(by toolchain: ToolsVersion) -> Bool {
        atLeast ? toolchain >= version : toolchain < version
    }
}
