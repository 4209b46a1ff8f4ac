/// `track_total_hits`: how exactly a search counts its total hits.
public enum TrackTotalHits: Sendable, Equatable {
    /// Count every hit (`true`).
    case accurate
    /// Do not count (`false`); the response has no `hits.total`.
    case disabled
    /// Count accurately up to this many, then report `gte` (`10000` is the default).
    case upTo(Int)

    /// Elasticsearch's default, `10000`.
    public static let `default` = TrackTotalHits.upTo(10_000)
}

extension TrackTotalHits: JSONConvertible {
    /// Decodes `true`, `false` or a count (`-1` means disabled, as in Elasticsearch).
    public init(json: JSONValue) throws {
        switch json {
        case .bool(let flag): self = flag ? .accurate : .disabled
        case .string("true"): self = .accurate
        case .string("false"): self = .disabled
        default:
            guard let count = json.intValue ?? json.stringValue.flatMap({ Int($0) }) else {
                throw ElasticsearchError.parsing(
                    "[track_total_hits] must be a boolean or a number, found [\(json.tokenName)]")
            }
            if count == -1 {
                self = .disabled
            } else if count < 0 {
                throw ElasticsearchError.illegalArgument(
                    "[track_total_hits] parameter must be positive or equals to -1, got \(count)")
            } else {
                self = .upTo(count)
            }
        }
    }

    /// `true`, `false` or the count.
    public var json: JSONValue {
        switch self {
        case .accurate: true
        case .disabled: false
        case .upTo(let count): .int(count)
        }
    }

    /// The count limit this setting implies: `Int.max` when accurate, `nil` when disabled.
    public var limit: Int? {
        switch self {
        case .accurate: Int.max
        case .disabled: nil
        case .upTo(let count): count
        }
    }
}
