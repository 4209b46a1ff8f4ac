/// A flag: present or not, never with a value (`--stats`). Its name is the property's, in
/// kebab case, unless spellings are given.
///
/// ```swift
/// @Flag(help: "Print rows/s and docs/s at the end.") var stats: Bool
/// @Flag("--verbose", "-v", help: "More output.") var isVerbose: Bool
/// ```
@propertyWrapper
public struct Flag: Sendable, DeclaredArgument {
    private let names: [String]
    private let help: String
    private let storage = ArgumentStorage<Bool>(false)

    /// A flag, off unless given; the first spelling is the canonical one (none: the property's name).
    public init(_ names: String..., help: String) {
        self.names = names
        self.help = help
    }

    /// Whether the flag was given.
    public var wrappedValue: Bool {
        get { storage.get("a flag") }
        nonmutating set { storage.set(newValue) }
    }

    func declaration(label: String) -> ArgumentDeclaration {
        ArgumentDeclaration(
            names: names.isEmpty ? ["--" + ArgumentDeclaration.kebabCase(label)] : names, kind: .flag,
            help: help)
    }

    func assign(from parsed: ParsedArguments, as declaration: ArgumentDeclaration) throws(UsageError) {
        storage.set(parsed.flags.contains(declaration.name))
    }
}
