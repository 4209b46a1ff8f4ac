extension QueryItems {
    /// The first value of `name` (or `name[]`).
    ///
    /// - Throws: ``HTTPError`` 400 `missing query parameter 'name'` when it is absent.
    public func require(_ name: String) throws -> String {
        guard let value = self[name] else {
            throw HTTPError(.badRequest, message: "missing query parameter '\(name)'")
        }
        return value
    }

    /// The first value of `name` converted to `Value` (for example `Int`), or `nil` when absent.
    ///
    /// - Throws: ``HTTPError`` 400 when the value does not convert.
    public func value<Value: LosslessStringConvertible>(_ name: String, as type: Value.Type) throws -> Value?
    {
        guard let text = self[name] else { return nil }
        guard let value = Value(text) else {
            throw HTTPError(
                .badRequest, message: "query parameter '\(name)' must be a valid \(Value.self), got '\(text)'"
            )
        }
        return value
    }
}
