import ESModels

/// How to make complete documents of one index from partial overrides: the index, the field
/// holding the document id, a default document, and defaults for the elements of arrays of
/// objects.
///
/// The kinds of our indices are ready-made (``assetflat``, ``territory``, ``promo``...); a
/// service with an index of its own declares one the same way:
///
/// ```swift
/// let banner = FixtureKind(index: "banners", idField: "uuid") { position, _ in
///     ["uuid": .string("banner-\(position + 1)"), "text": "Welcome", "start": .datetimePassed]
/// }
/// ```
public struct FixtureKind: Sendable {
    /// Makes the default document for the element at `position` (0-based) of a test's list;
    /// it may look at the test's `override` to derive fields (a territory's name from its
    /// code, say).
    public typealias DefaultDocument = @Sendable (_ position: Int, _ override: JSONValue) -> JSONValue

    /// Makes the default element at `position` of an array of objects, knowing the document
    /// it belongs to (a license window's id from its asset's id, say).
    public typealias DefaultElement = @Sendable (_ document: JSONValue, _ position: Int) -> JSONValue

    /// The index name (the mapping copy's file base name).
    public var index: String
    /// The top-level field that holds the document id (`uuid`, `code`).
    public var idField: String
    /// The default document.
    public var defaultDocument: DefaultDocument
    /// Defaults for the elements of top-level arrays of objects, by field name: each element a
    /// test gives is merged into the default element, so `["license_windows": [["countries":
    /// ["ZA"]]]]` is one complete window open now, in ZA only.
    public var elementDefaults: [String: DefaultElement]

    /// Creates a kind.
    public init(
        index: String, idField: String, elementDefaults: [String: DefaultElement] = [:],
        defaultDocument: @escaping DefaultDocument
    ) {
        self.index = index
        self.idField = idField
        self.elementDefaults = elementDefaults
        self.defaultDocument = defaultDocument
    }
}
