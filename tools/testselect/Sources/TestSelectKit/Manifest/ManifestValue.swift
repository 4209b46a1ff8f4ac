/// A value computed by the static evaluator.
///
/// PackageDescription objects (`Package(...)`, `.target(...)`, `.product(...)`) stay symbolic
/// calls: the decoder turns them into the declared model. Anything the evaluator cannot compute is
/// `.unknown` with the reason, which only matters if it ends up where a target, product or
/// dependency is described.
indirect enum ManifestValue: Sendable, Hashable {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case null
    case array([ManifestValue])
    /// An implicit member that is not called, like `.macOS` or `.static`.
    case member(String)
    /// A call of a PackageDescription factory or initializer: `.target(name: "A")`, `Package(...)`.
    case call(String, [ManifestArgument])
    case unknown(UnknownValue)

    /// The value of the argument with `label` in a call, or nil.
    func argument(_ label: String?) -> ManifestValue? {
        guard case .call(_, let arguments) = self else { return nil }
        return arguments.first { $0.label == label }?.value
    }
}

/// One argument of a symbolic call.
struct ManifestArgument: Sendable, Hashable {
    var label: String?
    var value: ManifestValue
}

/// Why a value could not be computed, and where.
struct UnknownValue: Error, Sendable, Hashable, CustomStringConvertible {
    var reason: String
    var line: Int

    var description: String { line > 0 ? "line \(line): \(reason)" : reason }
}
