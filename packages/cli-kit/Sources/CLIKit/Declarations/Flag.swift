/// A flag: present or not, never with a value (`--stats`).
///
/// ```swift
/// static let stats = Flag("--stats", help: "Print rows/s and docs/s at the end.")
/// let wantsStats = arguments.contains(Self.stats)
/// ```
public struct Flag: ArgumentDeclaring {
    public let declaration: ArgumentDeclaration

    /// A flag with one or more spellings; the first is the canonical one.
    public init(_ name: String, _ aliases: String..., help: String) {
        declaration = ArgumentDeclaration(names: [name] + aliases, kind: .flag, help: help)
    }
}
