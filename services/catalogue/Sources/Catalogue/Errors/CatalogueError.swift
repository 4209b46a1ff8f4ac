import HTTPKit

/// The errors the Catalogue API answers with: bad input (400), unknown assets (404) and an
/// unavailable search store (503), each rendered as `{"error":{"message":..}}`.
public enum CatalogueError: HTTPResponseError, Equatable {
    /// A required query parameter is absent.
    case missingParameter(String)
    /// A query parameter's value is not acceptable; `expected` says what is.
    case invalidParameter(name: String, value: String, expected: String)
    /// A header's value is not acceptable; `expected` says what is.
    case invalidHeader(name: String, value: String, expected: String)
    /// A header that must be sent at most once was sent more than once.
    case repeatedHeader(name: String, values: [String])
    /// The `id` list is malformed (an empty element, a character ids never have).
    case malformedIDList(String)
    /// More ids than one request may ask for.
    case tooManyIDs(count: Int, limit: Int)
    /// `content_country` (or another country parameter) names no territory the catalogue serves.
    case unknownCountry(parameter: String, code: String)
    /// No asset with this uuid is available (unknown, or not licensed now where asked).
    case assetNotFound(uuid: String, country: String?)
    /// No row with this slug is showing now for this client (unknown, scheduled for another
    /// time, for other platforms, API majors or territories, or with nothing to show).
    case rowNotFound(slug: String, country: String?, platform: String, apiMajor: Int)
    /// The search store cannot be reached, did not answer in time, or answered nonsense;
    /// `reason` is logged, never sent (it names internal addresses).
    case searchStoreUnavailable(reason: String)
    /// An index the catalogue reads does not exist (nothing was indexed yet).
    case indexMissing(String)
    /// The store did not answer within the request's deadline; `reason` is logged, never sent.
    case searchStoreTimedOut(reason: String)
    /// The circuit breaker is open after repeated store failures: the store is not asked.
    case searchStoreCircuitOpen(retryAfterSeconds: Int)
    /// An index's mapping is not the one the catalogue was built against; `reason` names the
    /// fields, logged, never sent.
    case incompatibleMapping(index: String, reason: String)

    public var status: HTTPStatus {
        switch self {
        case .missingParameter, .invalidParameter, .invalidHeader, .repeatedHeader, .malformedIDList,
            .tooManyIDs,
            .unknownCountry:
            .badRequest
        case .assetNotFound, .rowNotFound: .notFound
        case .searchStoreUnavailable, .indexMissing, .searchStoreTimedOut, .searchStoreCircuitOpen,
            .incompatibleMapping:
            .serviceUnavailable
        }
    }

    /// When a client should try again after this 503, in seconds (`nil` for other statuses).
    public var retryAfterSeconds: Int? {
        switch self {
        case .searchStoreCircuitOpen(let seconds): max(1, seconds)
        case .searchStoreTimedOut: 1
        case .searchStoreUnavailable, .indexMissing: 5
        case .incompatibleMapping: 30
        default: nil
        }
    }

    /// 503 answers tell clients when to retry.
    public func response(context: RequestContext) -> Response {
        let headers: HTTPHeaders = retryAfterSeconds.map { ["Retry-After": String($0)] } ?? [:]
        return Response.error(status: status, message: description, headers: headers)
    }
}

extension CatalogueError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .missingParameter(let name):
            "missing query parameter '\(name)'"
        case .invalidParameter(let name, let value, let expected):
            "invalid value '\(value)' for query parameter '\(name)': \(expected)"
        case .invalidHeader(let name, let value, let expected):
            "invalid value '\(value)' for header '\(name)': \(expected)"
        case .repeatedHeader(let name, let values):
            "header '\(name)' sent \(values.count) times ("
                + values.map { "'\($0)'" }.joined(separator: ", ") + "); send it once"
        case .malformedIDList(let reason):
            "malformed 'id' list: \(reason); send ids separated by commas, such as 'id[]=uuid-1,uuid-2'"
        case .tooManyIDs(let count, let limit):
            "too many ids: \(count) given, at most \(limit) per request; split the list"
        case .unknownCountry(let parameter, let code):
            "unknown country '\(code)' in '\(parameter)'; use a territory code listed by /catalogue/territories"
        case .assetNotFound(let uuid, let country):
            "asset '\(uuid)' not found" + (country.map { " or not available in '\($0)'" } ?? "")
        case .rowNotFound(let slug, let country, let platform, let apiMajor):
            "row '\(slug)' not found or not showing now" + (country.map { " in '\($0)'" } ?? "")
                + " on '\(platform)' at API major \(apiMajor)"
        case .searchStoreUnavailable:
            "the search store is unavailable; try again later"
        case .indexMissing(let index):
            "the catalogue index '\(index)' does not exist; index the catalogue first (cms-indexer index)"
        case .searchStoreTimedOut:
            "the search store did not answer in time; try again later"
        case .searchStoreCircuitOpen:
            "the search store is failing and is not being asked for now; try again later"
        case .incompatibleMapping(let index, _):
            "the catalogue index '\(index)' has a mapping this catalogue cannot read; try again later"
        }
    }
}
