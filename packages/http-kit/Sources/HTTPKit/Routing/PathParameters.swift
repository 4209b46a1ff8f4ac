/// The values of a route's `{name}` segments, percent-decoded.
public struct PathParameters: Sendable, Equatable {
    private var pairs: [(name: String, value: String)]

    /// Creates parameters from name-value pairs in path order.
    public init(_ pairs: [(String, String)] = []) {
        self.pairs = pairs.map { (name: $0.0, value: $0.1) }
    }

    /// The value of `name`, or `nil` when the route has no such parameter.
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// The parameter names in path order.
    public var names: [String] { pairs.map(\.name) }

    /// The value of `name`.
    ///
    /// - Throws: ``HTTPError`` 500 when the route has no such parameter (a programming error:
    ///   the name differs from the pattern's).
    public func require(_ name: String) throws -> String {
        guard let value = self[name] else {
            throw HTTPError(
                .internalServerError,
                message: "route has no path parameter '\(name)'; check the route pattern")
        }
        return value
    }

    /// The value of `name` converted to `Value` (for example `Int`).
    ///
    /// - Throws: ``HTTPError`` 400 when the value does not convert, 500 when there is no such
    ///   parameter.
    public func require<Value: LosslessStringConvertible>(_ name: String, as type: Value.Type) throws -> Value
    {
        let text = try require(name)
        guard let value = Value(text) else {
            throw HTTPError(
                .badRequest, message: "path parameter '\(name)' must be a valid \(Value.self), got '\(text)'")
        }
        return value
    }

    public static func == (lhs: PathParameters, rhs: PathParameters) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }
}
