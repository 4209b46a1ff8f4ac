/// `{"acknowledged": true}`: the answer of delete-index, put-mapping and update-aliases.
public struct AcknowledgedResponse: Sendable, Equatable {
    /// Whether the cluster acknowledged the change.
    public var acknowledged: Bool

    /// Creates a response.
    public init(acknowledged: Bool = true) {
        self.acknowledged = acknowledged
    }
}

extension AcknowledgedResponse: JSONConvertible {
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "acknowledged_response")
        self.init(acknowledged: try reader.bool("acknowledged") ?? false)
    }

    public var json: JSONValue { ["acknowledged": .bool(acknowledged)] }
}
