/// The query of a request as ordered name-value items, keeping repeated names.
///
/// Parsing follows `application/x-www-form-urlencoded`: items are separated by `&`, a name
/// and its value by the first `=`, `+` means a space, and `%XX` escapes are decoded (invalid
/// escapes are kept literally rather than rejected). Lookups treat `name` and `name[]` as the
/// same parameter, the way PHP-style clients send lists:
///
/// ```swift
/// let query = QueryItems(parsing: "id[]=a,b&id=c&content_country=KE")
/// query.values("id")                      // ["a,b", "c"]
/// query.values("id", separatedBy: ",")    // ["a", "b", "c"]
/// query["content_country"]                // "KE"
/// ```
public struct QueryItems: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One query item; `value` is empty for a bare `name` or `name=`.
    public struct Item: Sendable, Equatable {
        /// The decoded name, including any `[]` suffix.
        public var name: String
        /// The decoded value.
        public var value: String

        /// Creates an item.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The items in the order they appear.
    public private(set) var items: [Item]

    /// Creates a query from items.
    public init(_ items: [Item] = []) {
        self.items = items
    }

    /// Creates a query from name-value pairs, in order.
    public init(_ pairs: [(String, String)]) {
        self.items = pairs.map { Item(name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// Parses a raw query string (the part after `?`, without the `?`).
    public init(parsing rawQuery: String) {
        var items: [Item] = []
        for piece in rawQuery.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            if let equals = piece.firstIndex(of: UInt8(ascii: "=")) {
                let name = PercentEncoding.decodeFormComponent(piece[piece.startIndex..<equals])
                let value = PercentEncoding.decodeFormComponent(piece[piece.index(after: equals)...])
                items.append(Item(name: name, value: value))
            } else {
                items.append(Item(name: PercentEncoding.decodeFormComponent(piece), value: ""))
            }
        }
        self.items = items
    }

    /// Whether the query has no items.
    public var isEmpty: Bool { items.isEmpty }

    /// The first value given for `name` (or `name[]`), or `nil`.
    public subscript(name: String) -> String? {
        items.first { Self.matches($0.name, name) }?.value
    }

    /// Every value given for `name` or `name[]`, in order.
    public func values(_ name: String) -> [String] {
        items.filter { Self.matches($0.name, name) }.map(\.value)
    }

    /// Every value given for `name` or `name[]`, each split on `separator`, with surrounding
    /// spaces trimmed and empty elements dropped: `id[]=a,b&id=c` gives `["a", "b", "c"]`.
    public func values(_ name: String, separatedBy separator: Character) -> [String] {
        values(name).flatMap { value in
            value.split(separator: separator).map { $0.trimmingHTTPWhitespace() }.filter { !$0.isEmpty }
                .map(String.init)
        }
    }

    /// Whether `name` or `name[]` is present.
    public func contains(_ name: String) -> Bool {
        items.contains { Self.matches($0.name, name) }
    }

    /// Appends an item.
    public mutating func append(name: String, value: String) {
        items.append(Item(name: name, value: value))
    }

    /// The query encoded for a request target, without the leading `?`; names and values are
    /// percent-encoded so that parsing the result gives back the same items.
    public var encoded: String {
        items.map { item in
            PercentEncoding.encodeQueryComponent(item.name) + "="
                + PercentEncoding.encodeQueryComponent(item.value)
        }.joined(separator: "&")
    }

    private static func matches(_ itemName: String, _ name: String) -> Bool {
        itemName == name || (itemName.hasSuffix("[]") && itemName.dropLast(2) == name)
    }
}

extension QueryItems: Sequence {
    public func makeIterator() -> IndexingIterator<[Item]> {
        items.makeIterator()
    }
}
