import Foundation

/// Decodes `Decodable` values straight from a ``JSONValue`` tree, without writing and
/// re-parsing JSON text. It behaves as Foundation's `JSONDecoder` with default strategies;
/// `Date`, `Data`, `URL` and `Decimal`, which `JSONDecoder` treats specially, are handed to it.
struct JSONValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: JSONValue, codingPath: [any CodingKey] = []) {
        self.value = value
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw mismatch([String: JSONValue].self, value, codingPath)
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([JSONValue].self, value, codingPath) }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(value: value, codingPath: codingPath)
    }

    /// Decodes `type` from `value`, with Foundation's special cases.
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, codingPath: [any CodingKey])
        throws -> T
    {
        if type == Date.self || type == Data.self || type == URL.self || type == Decimal.self {
            let wrapped = try JSONDecoder().decode([T].self, from: JSONValue.array([value]).compactData)
            guard let first = wrapped.first else { throw mismatch(type, value, codingPath) }
            return first
        }
        if type == JSONValue.self, let json = value as? T { return json }
        return try T(from: JSONValueDecoder(value: value, codingPath: codingPath))
    }
}

private func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
    DecodingError.typeMismatch(
        type, .init(codingPath: path, debugDescription: "expected \(type), found a json \(value.kindName)"))
}

private func scalar<T>(_ type: T.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> T {
    let result: Any?
    switch type {
    case is Bool.Type: result = value.boolValue
    case is String.Type: result = value.stringValue
    case is Double.Type: result = value.doubleValue
    case is Float.Type: result = value.doubleValue.map { Float($0) }
    case is Int.Type: result = value.intValue
    case is Int8.Type: result = value.intValue.flatMap { Int8(exactly: $0) }
    case is Int16.Type: result = value.intValue.flatMap { Int16(exactly: $0) }
    case is Int32.Type: result = value.intValue.flatMap { Int32(exactly: $0) }
    case is Int64.Type: result = value.intValue.flatMap { Int64(exactly: $0) }
    case is UInt.Type: result = value.intValue.flatMap { UInt(exactly: $0) }
    case is UInt8.Type: result = value.intValue.flatMap { UInt8(exactly: $0) }
    case is UInt16.Type: result = value.intValue.flatMap { UInt16(exactly: $0) }
    case is UInt32.Type: result = value.intValue.flatMap { UInt32(exactly: $0) }
    case is UInt64.Type: result = value.intValue.flatMap { UInt64(exactly: $0) }
    default: result = nil
    }
    guard let typed = result as? T else { throw mismatch(type, value, path) }
    return typed
}

private struct IndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.init(intValue) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "no value for key '\(key.stringValue)'"))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).isNull }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try scalar(type, member(key), codingPath + [key])
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try scalar(type, member(key), codingPath + [key])
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try scalar(type, member(key), codingPath + [key])
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try scalar(type, member(key), codingPath + [key])
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try scalar(type, member(key), codingPath + [key])
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try scalar(type, member(key), codingPath + [key])
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try scalar(type, member(key), codingPath + [key])
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try scalar(type, member(key), codingPath + [key])
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try scalar(type, member(key), codingPath + [key])
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try scalar(type, member(key), codingPath + [key])
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try scalar(type, member(key), codingPath + [key])
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try scalar(type, member(key), codingPath + [key])
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try scalar(type, member(key), codingPath + [key])
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try scalar(type, member(key), codingPath + [key])
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try JSONValueDecoder.decode(type, from: member(key), codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONValueDecoder(value: member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONValueDecoder(value: member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        JSONValueDecoder(value: members["super"] ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next<T>(_ type: T.Type) throws -> (JSONValue, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: codingPath, debugDescription: "the array has no more elements"))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next(type)
        if T.self is any SingleValueScalar.Type { return try scalar(type, value, path) }
        return try JSONValueDecoder.decode(type, from: value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let (value, path) = try next(type)
        return try JSONValueDecoder(value: value, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next([JSONValue].self)
        return try JSONValueDecoder(value: value, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next(JSONValue.self)
        return JSONValueDecoder(value: value, codingPath: path)
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self is any SingleValueScalar.Type { return try scalar(type, value, codingPath) }
        return try JSONValueDecoder.decode(type, from: value, codingPath: codingPath)
    }
}

/// The standard library scalars the containers read directly.
private protocol SingleValueScalar {}
extension Bool: SingleValueScalar {}
extension String: SingleValueScalar {}
extension Double: SingleValueScalar {}
extension Float: SingleValueScalar {}
extension Int: SingleValueScalar {}
extension Int8: SingleValueScalar {}
extension Int16: SingleValueScalar {}
extension Int32: SingleValueScalar {}
extension Int64: SingleValueScalar {}
extension UInt: SingleValueScalar {}
extension UInt8: SingleValueScalar {}
extension UInt16: SingleValueScalar {}
extension UInt32: SingleValueScalar {}
extension UInt64: SingleValueScalar {}
