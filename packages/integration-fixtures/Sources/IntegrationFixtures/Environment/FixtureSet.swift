import ESModels

/// The documents a test wants in one index: partial overrides of a kind's defaults.
public struct FixtureSet: Sendable {
    /// How documents of the index are completed.
    public var kind: FixtureKind
    /// One override per document (`[:]` for a document with every default).
    public var overrides: [JSONValue]

    /// Creates a set.
    public init(_ kind: FixtureKind, _ overrides: [JSONValue]) {
        self.kind = kind
        self.overrides = overrides
    }
}
