import Foundation

extension JSONValue {
    /// Parses a JSON text (UTF-8 bytes).
    ///
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    public init(parsing data: Data) throws(JSONParseError) {
        let result: Result<JSONValue, JSONParseError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            do throws(JSONParseError) {
                return .success(try JSONParser.parse(bytes))
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }

    /// Parses a JSON text.
    ///
    /// ```swift
    /// let query = try JSONValue(parsing: #"{"term":{"uuid":"a-1"}}"#)
    /// ```
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    public init(parsing text: String) throws(JSONParseError) {
        var text = text
        let result: Result<JSONValue, JSONParseError> = text.withUTF8 { bytes in
            do throws(JSONParseError) {
                return .success(try JSONParser.parse(bytes))
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }

    /// Parses a JSON text given as UTF-8 bytes.
    public init(parsing bytes: [UInt8]) throws(JSONParseError) {
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { pointer in
            do throws(JSONParseError) {
                return .success(try JSONParser.parse(pointer))
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }
}
