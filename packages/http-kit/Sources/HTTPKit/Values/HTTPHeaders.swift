/// An ordered collection of HTTP header fields whose names compare case-insensitively.
///
/// Fields keep the order and spelling in which they were added, and a name may appear more
/// than once (`Set-Cookie`, repeated `Accept`...). Lookups ignore ASCII case:
///
/// ```swift
/// var headers: HTTPHeaders = ["Content-Type": "application/json"]
/// headers.add(name: "Catalogue-Client", value: "android")
/// headers["content-type"]            // "application/json"
/// headers.values(for: "CATALOGUE-CLIENT") // ["android"]
/// ```
public struct HTTPHeaders: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One header field: a name and its value, as sent or received.
    public struct Field: Sendable, Equatable {
        /// The field name with its original spelling.
        public var name: String
        /// The field value, without leading or trailing whitespace.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    private var fields: [Field]

    /// Creates an empty header collection.
    public init() {
        fields = []
    }

    /// Creates headers from name-value pairs, in order, keeping repeated names.
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The number of fields, counting repeated names separately.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The first value for `name`, or `nil`; setting replaces every field named `name` (or
    /// removes them all when set to `nil`).
    public subscript(name: String) -> String? {
        get { fields.first { Self.namesMatch($0.name, name) }?.value }
        set {
            if let newValue {
                replaceOrAdd(name: name, value: newValue)
            } else {
                remove(name: name)
            }
        }
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// Whether a field named `name` exists.
    public func contains(name: String) -> Bool {
        fields.contains { Self.namesMatch($0.name, name) }
    }

    /// Whether any field named `name` lists `token` among its comma-separated elements, ignoring
    /// case; for example `Connection: keep-alive, Upgrade` contains the token `upgrade`.
    public func containsToken(_ token: String, inField name: String) -> Bool {
        values(for: name).contains { value in
            value.split(separator: ",").contains { element in
                Self.asciiCaseInsensitiveEqual(element.trimmingHTTPWhitespace(), Substring(token))
            }
        }
    }

    /// Appends a field, keeping any existing fields with the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces the first field named `name` and removes the others, or appends a field when
    /// there is none.
    public mutating func replaceOrAdd(name: String, value: String) {
        guard let first = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) else {
            fields.append(Field(name: name, value: value))
            return
        }
        fields[first].value = value
        var index = fields.count - 1
        while index > first {
            if Self.namesMatch(fields[index].name, name) {
                fields.remove(at: index)
            }
            index -= 1
        }
    }

    /// Removes every field named `name`.
    public mutating func remove(name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// Compares field names ignoring ASCII case, without allocating.
    static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        asciiCaseInsensitiveEqual(Substring(lhs), Substring(rhs))
    }

    static func asciiCaseInsensitiveEqual(_ lhs: Substring, _ rhs: Substring) -> Bool {
        let left = lhs.utf8
        let right = rhs.utf8
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { asciiLowercased($0) == asciiLowercased($1) }
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// Headers are equal when they hold the same fields in the same order, names compared
    /// ignoring case.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy {
                namesMatch($0.name, $1.name) && $0.value == $1.value
            }
    }
}

extension HTTPHeaders: Sequence {
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}

extension HTTPHeaders: CustomStringConvertible {
    /// The fields one per line as `Name: value`.
    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }
}

extension Substring {
    /// The substring without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingHTTPWhitespace() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" {
            result.removeFirst()
        }
        while let last = result.last, last == " " || last == "\t" {
            result.removeLast()
        }
        return result
    }
}
