/// `fuzziness` of full-text queries: how many edits (insertions, deletions, substitutions,
/// transpositions) a query term may be away from an indexed term.
///
/// ```swift
/// Fuzziness.auto.json                       // "AUTO": 0 edits below 3 characters, 1 below 6, else 2
/// Fuzziness.auto(low: 5, high: 8).json      // "AUTO:5,8"
/// Fuzziness.edits(1).json                   // 1
/// ```
public enum Fuzziness: Sendable, Equatable {
    /// A fixed number of edits (0, 1 or 2).
    case edits(Int)
    /// `AUTO`: Elasticsearch's default length bounds, 3 and 6.
    case auto
    /// `AUTO:low,high`: no edit for terms shorter than `low` characters, one below `high`, else two.
    case autoRange(low: Int, high: Int)

    /// `AUTO:low,high` (plain `AUTO` when the bounds are Elasticsearch's defaults).
    public static func auto(low: Int, high: Int) -> Fuzziness {
        low == 3 && high == 6 ? .auto : .autoRange(low: low, high: high)
    }

    /// The edits allowed for a term of `length` characters.
    public func edits(forLength length: Int) -> Int {
        switch self {
        case .edits(let edits): min(edits, 2)
        case .auto: length < 3 ? 0 : length < 6 ? 1 : 2
        case .autoRange(let low, let high): length < low ? 0 : length < high ? 1 : 2
        }
    }
}

extension Fuzziness: JSONConvertible {
    /// Decodes `0`, `1`, `2` (or the same as strings, `"1.0"` included), `"AUTO"` or
    /// `"AUTO:low,high"` (any case).
    ///
    /// - Throws: `parse_exception` "failed to find low and high distance values" for a bad
    ///   `AUTO:` form, `illegal_argument_exception` "Invalid fuzziness value: [x]" otherwise.
    public init(json: JSONValue) throws {
        if let number = json.intValue {
            self = .edits(number)
            return
        }
        guard let text = json.stringValue else {
            throw ElasticsearchError.parsing(
                "[fuzziness] must be a number or a string, found [\(json.tokenName)]")
        }
        let upper = text.uppercased()
        if upper == "AUTO" {
            self = .auto
        } else if upper.hasPrefix("AUTO:") {
            // The bounds are the whole numbers between the commas (es-embedded's reading since
            // its first release, kept so that no query it ran starts failing).
            let bounds = upper.dropFirst(5).split(separator: ",").compactMap { Int($0) }
            guard bounds.count == 2, bounds[0] >= 0, bounds[1] >= bounds[0] else {
                throw ElasticsearchError.parse("failed to find low and high distance values")
            }
            self = .auto(low: bounds[0], high: bounds[1])
        } else if let number = Double(text), number.isFinite, abs(number) <= Double(Int32.max) {
            // Elasticsearch reads a textual fuzziness as a float and keeps its whole part.
            self = .edits(Int(number))
        } else {
            throw ElasticsearchError.illegalArgument("Invalid fuzziness value: [\(text)]")
        }
    }

    /// `1`, `"AUTO"` or `"AUTO:5,8"`.
    public var json: JSONValue {
        switch self {
        case .edits(let edits): .int(edits)
        case .auto: "AUTO"
        case .autoRange(let low, let high): .string("AUTO:\(low),\(high)")
        }
    }
}
