import ESModels
import HTTPKit

extension Response {
    /// The body parsed as JSON.
    ///
    /// - Throws: a parse error when the body is not JSON.
    public var json: JSONValue {
        get throws { try JSONValue(parsing: body) }
    }

    /// The items of the body: the array itself, or its `items` member.
    ///
    /// - Throws: a parse error when the body is not JSON.
    public var items: [JSONValue] {
        get throws {
            let json = try self.json
            return json.arrayValue ?? json["items"]?.arrayValue ?? []
        }
    }

    /// The `uuid` of each item, in order.
    ///
    /// - Throws: a parse error when the body is not JSON.
    public var uuids: [String] {
        get throws { try items.compactMap { $0["uuid"]?.stringValue } }
    }

    /// `error.message` of an error body, or `nil`.
    public var errorMessage: String? {
        (try? json)?["error"]?["message"]?.stringValue
    }
}
