/// An error reported by Elasticsearch (or by code speaking for it): its `type`, `reason` and
/// HTTP `status`, with root causes.
///
/// Its JSON form is Elasticsearch's error envelope, both ways:
/// ```json
/// {"error": {"root_cause": [{"type": "index_not_found_exception", "reason": "no such index [x]"}],
///            "type": "index_not_found_exception", "reason": "no such index [x]"},
///  "status": 404}
/// ```
/// Backends throw it for every error the cluster reports; ``SearchTransportError`` is for
/// failures to talk to the cluster at all.
public struct ElasticsearchError: Error, Sendable, Equatable {
    /// The top-level cause: `type`, `reason`, `caused_by` and other members.
    public var cause: ErrorCause
    /// The HTTP status Elasticsearch answers with.
    public var status: Int
    /// The root causes; empty means the top-level cause is its own root cause.
    public var rootCauses: [ErrorCause]

    /// Creates an error from its top-level cause.
    public init(cause: ErrorCause, status: Int, rootCauses: [ErrorCause] = []) {
        self.cause = cause
        self.status = status
        self.rootCauses = rootCauses
    }

    /// Creates an error from its parts.
    ///
    /// ```swift
    /// throw ElasticsearchError(type: "illegal_argument_exception", reason: "[size] must be positive", status: 400)
    /// ```
    public init(
        type: String, reason: String, status: Int, metadata: [String: JSONValue] = [:],
        causedBy: ErrorCause? = nil
    ) {
        self.init(
            cause: ErrorCause(type: type, reason: reason, metadata: metadata, causedBy: causedBy),
            status: status)
    }

    /// Elasticsearch's error type (`index_not_found_exception`, ...).
    public var type: String { cause.type }

    /// Elasticsearch's reason.
    public var reason: String { cause.reason }

    /// The root causes as Elasticsearch lists them: ``rootCauses``, or the top-level cause
    /// alone when none are recorded.
    public var effectiveRootCauses: [ErrorCause] {
        if !rootCauses.isEmpty { return rootCauses }
        var root = cause
        root.causedBy = nil
        return [root]
    }

    /// Whether a retry may succeed: Elasticsearch is overloaded or unavailable (429, 502,
    /// 503, 504).
    public var isRetryable: Bool {
        [429, 502, 503, 504].contains(status)
    }

    /// Errors are equal when Elasticsearch would write them the same way (an empty
    /// ``rootCauses`` equals a list holding the top-level cause alone).
    public static func == (lhs: ElasticsearchError, rhs: ElasticsearchError) -> Bool {
        lhs.cause == rhs.cause && lhs.status == rhs.status
            && lhs.effectiveRootCauses == rhs.effectiveRootCauses
    }
}

extension ElasticsearchError: CustomStringConvertible {
    /// `elasticsearch error index_not_found_exception (status 404): no such index [x]`.
    public var description: String {
        var text = "elasticsearch error \(type) (status \(status)): \(reason)"
        var next = cause.causedBy
        while let inner = next {
            text += "; caused by \(inner.type): \(inner.reason)"
            next = inner.causedBy
        }
        return text
    }
}

extension ElasticsearchError: JSONConvertible {
    /// Decodes the envelope `{"error": {...}, "status": N}`, including the short form
    /// `{"error": "alias [x] missing", "status": 404}` some APIs answer with.
    public init(json: JSONValue) throws {
        guard let status = json["status"]?.intValue else {
            throw ElasticsearchError.xContentParse("error envelope is missing an integer [status]")
        }
        switch json["error"] {
        case .string(let reason)?:
            self.init(cause: ErrorCause(type: "status_exception", reason: reason), status: status)
        case .object(var members)?:
            let roots = members.removeValue(forKey: "root_cause")
            let cause = try ErrorCause(json: .object(members))
            let rootCauses = try (roots?.arrayValue ?? []).map(ErrorCause.init(json:))
            self.init(cause: cause, status: status, rootCauses: rootCauses)
        default:
            throw ElasticsearchError.xContentParse("error envelope is missing an [error] object")
        }
    }

    /// The envelope `{"error": {"root_cause": [...], "type": ..., "reason": ...}, "status": N}`.
    public var json: JSONValue {
        var error = cause.json
        error["root_cause"] = .array(effectiveRootCauses.map(\.json))
        return ["error": error, "status": .int(status)]
    }
}
