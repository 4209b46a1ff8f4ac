import HTTPKit

/// An ISO 3166-1 alpha-2 country code as given in a request (`KE`; lower case is accepted);
/// whether the catalogue serves it is checked against the territories index.
public struct CountryCode: Sendable, Hashable, CustomStringConvertible {
    /// The upper-case code.
    public let code: String

    /// The code in `text`, or `nil` when it is not two ASCII letters.
    public init?(_ text: String) {
        let upper = text.uppercased()
        guard upper.utf8.count == 2,
            upper.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
        else { return nil }
        self.code = upper
    }

    public var description: String { code }
}

extension QueryItems {
    /// The country given in `name`, or `nil` when absent.
    ///
    /// - Throws: ``CatalogueError/invalidParameter(name:value:expected:)`` when it is not a
    ///   two-letter code.
    func country(_ name: String) throws -> CountryCode? {
        guard let text = trimmed(name) else { return nil }
        guard let country = CountryCode(text) else {
            throw CatalogueError.invalidParameter(
                name: name, value: text, expected: "must be a two-letter ISO 3166-1 country code such as 'KE'"
            )
        }
        return country
    }
}
