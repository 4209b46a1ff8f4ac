/// A value computed by the manifest interpreter.
///
/// `Package`, `Target` and `Product` are reference types in PackageDescription, so they live in
/// the interpreter's heap (`.object`); other PackageDescription values (`.product(...)`,
/// `.when(...)`, `.package(...)`) stay symbolic calls that the decoder reads. Build settings and
/// platforms never shape the graph: they are `.inert`, so code that only changes them never forks
/// the reading. Anything the interpreter cannot compute is `.unknown` with the reason, which only
/// matters if it reaches a name, path, target, product or dependency.
indirect enum ManifestValue: Sendable, Hashable {
    case string(String)
    case integer(Int)
    case double(Double)
    case boolean(Bool)
    case null
    case array([ManifestValue])
    /// A dictionary, in insertion order.
    case dictionary([DictionaryPair])
    case tuple([TupleElement])
    /// An implicit member that is not called, like `.macOS`, `.static` or `.test`.
    case member(String)
    /// A PackageDescription value built by a factory: `.product(name: "A")`, `.when(...)`, `.package(...)`.
    case call(String, [ManifestArgument])
    /// A `Package`, `Target` or `Product` in the heap.
    case object(Int)
    /// An instance of a struct the manifest declares, with its stored properties.
    case record(String, [ManifestArgument])
    /// A build setting, platform, language version, or a list of them: never part of the graph.
    case inert
    /// A closure or a function declared in the manifest.
    case function(FunctionValue)
    /// A type used as a value (`Bool` in `.flatMap(Bool.init)`, `SwiftSetting` in `[SwiftSetting]()`).
    case typeName(String)
    /// `ProcessInfo.processInfo.environment` or `Context.environment`.
    case environment
    /// The value of an environment variable that the current configuration has not decided (it may
    /// be unset), or that it decided is set to a value the manifest never compares with.
    case environmentValue(String)
    /// A Boolean that depends on the configuration (environment, `#if`, an unknown value).
    case condition(SymbolicCondition)
    case unknown(UnknownValue)

    /// The value of the argument with `label` in a symbolic call, or nil.
    func argument(_ label: String?) -> ManifestValue? {
        guard case .call(_, let arguments) = self else { return nil }
        return arguments.first { $0.label == label }?.value
    }

    /// Whether the value is `.unknown`.
    var isUnknown: Bool {
        if case .unknown = self { return true }
        return false
    }
}

/// One key and value of a dictionary.
struct DictionaryPair: Sendable, Hashable {
    var key: ManifestValue
    var value: ManifestValue
}

/// One element of a tuple.
struct TupleElement: Sendable, Hashable {
    var label: String?
    var value: ManifestValue
}

/// One argument of a symbolic call.
struct ManifestArgument: Sendable, Hashable {
    var label: String?
    var value: ManifestValue
}

/// A function value: a closure (with the variables it captured) or a function the manifest declares.
struct FunctionValue: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// A closure literal, by its id.
        case closure(Int)
        /// A top-level `func`.
        case declared(String)
        /// A `static func` of a type or extension declared in the manifest (which overload).
        case staticMember(type: String, name: String, overload: Int)
        /// `Type.init`, `String.init(describing:)`, used as a function.
        case initializer(String)
        /// A method of a value used as a function (`names.contains` passed to `filter`).
        case boundMethod(receiver: ManifestValue, name: String)
    }

    var kind: Kind
    /// Captured variables: name to cell.
    var captures: [String: Int] = [:]
}

/// Why a value could not be computed, and where.
struct UnknownValue: Error, Sendable, Hashable, CustomStringConvertible {
    var reason: String
    var line: Int
    /// The environment variable whose value (not presence) this came from, in the union reading.
    var environmentVariable: String? = nil

    var description: String { line > 0 ? "line \(line): \(reason)" : reason }
}
