import ESModels
import Foundation
import HTTPKit

/// Who made the request, for the routes that answer about it (`_security/_authenticate`).
enum SecuritySubjectKey: ContextKey {
    typealias Value = SecurityRealm.Subject
}

/// Authenticates every request (HTTP Basic, or `Authorization: ApiKey base64(id:key)`) against
/// the realm and checks its action against the subject's roles, answering as Elasticsearch 8
/// does: 401 with `WWW-Authenticate` and a `security_exception` for missing or wrong
/// credentials, 403 with a `security_exception` naming the action, the user, the roles and the
/// indices for a forbidden action.
struct SecurityMiddleware: Middleware {
    let realm: SecurityRealm
    let clock: WallClock

    /// What `WWW-Authenticate` offers, as Elasticsearch 8 with API keys enabled.
    static let challenges = [#"Basic realm="security" charset="UTF-8""#, "ApiKey"]

    func handle(_ request: Request, context: RequestContext, next: NextResponder) async throws -> Response {
        let subject: SecurityRealm.Subject
        switch authenticate(request) {
        case .success(let found): subject = found
        case .failure(let reason): return Self.unauthenticated(reason, request: request)
        }
        if let denial = try authorize(subject, request) {
            throw denial
        }
        var context = context
        context.storage[SecuritySubjectKey.self] = subject
        return try await next(request, context)
    }

    private enum Authentication {
        case success(SecurityRealm.Subject)
        case failure(String)
    }

    private func authenticate(_ request: Request) -> Authentication {
        let target = request.target
        guard let header = request.headers["Authorization"], let space = header.firstIndex(of: " ") else {
            return .failure("missing authentication credentials for REST request [\(target)]")
        }
        let scheme = header[..<space].lowercased()
        let credentials = header[header.index(after: space)...].trimmingCharacters(in: .whitespaces)
        let decoded = Data(base64Encoded: credentials).map { String(decoding: $0, as: UTF8.self) }
        switch scheme {
        case "basic":
            guard let decoded, let colon = decoded.firstIndex(of: ":") else {
                return .failure("missing authentication credentials for REST request [\(target)]")
            }
            let user = String(decoded[..<colon])
            let password = String(decoded[decoded.index(after: colon)...])
            guard let subject = realm.authenticate(user: user, password: password) else {
                return .failure("unable to authenticate user [\(user)] for REST request [\(target)]")
            }
            return .success(subject)
        case "apikey":
            guard let decoded, let colon = decoded.firstIndex(of: ":"),
                let subject = realm.authenticate(
                    apiKey: String(decoded[..<colon]),
                    secret: String(decoded[decoded.index(after: colon)...]),
                    now: clock.now())
            else {
                return .failure(
                    "unable to authenticate with provided credentials and anonymous access is not allowed for this request"
                )
            }
            return .success(subject)
        default:
            return .failure("missing authentication credentials for REST request [\(target)]")
        }
    }

    static func unauthenticated(_ reason: String, request: Request) -> Response {
        let cause: JSONValue = [
            "type": "security_exception", "reason": .string(reason),
            "header": ["WWW-Authenticate": .array(challenges.map(JSONValue.string))],
        ]
        var response = RESTResponse.json(
            [
                "error": [
                    "root_cause": [cause], "type": "security_exception", "reason": .string(reason),
                    "header": cause["header"] ?? .null,
                ], "status": 401,
            ],
            status: .unauthorized, request: request)
        if request.method == .head { response.body = Data() }
        for challenge in challenges { response.headers.add(name: "WWW-Authenticate", value: challenge) }
        return response
    }

    // MARK: Authorization

    /// What a request does, for the roles to allow or not.
    struct Action {
        var name: String
        /// The index privilege it needs on each of `indices`; `nil` for a cluster action.
        var privilege: SecurityRealm.Privilege?
        var indices: [String] = []
        /// Whether any authenticated subject may do it.
        var open = false
    }

    private func authorize(_ subject: SecurityRealm.Subject, _ request: Request) throws -> ElasticsearchError?
    {
        for action in try Self.actions(of: request) where !action.open {
            guard let privilege = action.privilege else {
                if subject.allowsCluster() { continue }
                return denial(
                    action.name, subject: subject, indices: nil,
                    granted: "this action is granted by the cluster privileges [manage,all]")
            }
            let forbidden = action.indices.filter { !subject.allows(privilege, on: $0) }
            if !forbidden.isEmpty {
                return denial(
                    action.name, subject: subject, indices: forbidden,
                    granted: "this action is granted by the index privileges [\(privilege.rawValue),all]")
            }
        }
        return nil
    }

    private func denial(_ action: String, subject: SecurityRealm.Subject, indices: [String]?, granted: String)
        -> ElasticsearchError
    {
        let who =
            subject.apiKey.map { "API key id [\($0.id)] of user [\(subject.username)]" }
            ?? "user [\(subject.username)] with effective roles [\(subject.roles.map(\.name).sorted().joined(separator: ","))]"
        let on = indices.map { " on indices [\($0.joined(separator: ","))]" } ?? ""
        return ElasticsearchError(
            type: "security_exception",
            reason: "action [\(action)] is unauthorized for \(who)\(on), \(granted)",
            status: 403)
    }

    /// The actions `request` performs (a bulk request one per target index), with what each needs.
    static func actions(of request: Request) throws -> [Action] {
        let segments = request.pathSegments
        let method = request.method
        let reading = method == .get || method == .head
        guard let first = segments.first else {
            return [Action(name: "cluster:monitor/main", privilege: nil, open: true)]
        }
        if first.hasPrefix("_") && first != "_all" {
            switch first {
            case "_security", "_analyze":
                return [Action(name: "cluster:admin/xpack/security", privilege: nil, open: true)]
            case "_bulk":
                return bulkActions(request, defaultIndex: nil)
            case "_mget":
                return [
                    Action(
                        name: "indices:data/read/mget", privilege: .read,
                        indices: bodyIndices(request, key: "docs"))
                ]
            case "_msearch":
                return [
                    Action(
                        name: "indices:data/read/msearch", privilege: .read, indices: msearchIndices(request))
                ]
            case "_reindex":
                let body = (try? JSONValue(parsing: request.body)) ?? .null
                return [
                    Action(
                        name: "indices:data/read/search", privilege: .read,
                        indices: names(body["source"]?["index"])),
                    Action(
                        name: "indices:data/write/reindex", privilege: .write,
                        indices: names(body["dest"]?["index"])),
                ]
            case "_search" where segments.count > 1, "_pit":
                // Scrolls continue, and closing a point in time ends, a search already allowed.
                return [Action(name: "indices:data/read/scroll", privilege: .read, open: true)]
            case "_search", "_count":
                return [Action(name: "indices:data/read/search", privilege: .read, indices: ["_all"])]
            case "_aliases":
                let body = (try? JSONValue(parsing: request.body)) ?? .null
                var indices: [String] = []
                for action in body["actions"]?.arrayValue ?? [] {
                    for (_, definition) in action.objectValue ?? [:] {
                        indices += names(definition["index"]) + names(definition["indices"])
                    }
                }
                return [Action(name: "indices:admin/aliases", privilege: .manage, indices: indices)]
            case "_refresh", "_flush", "_forcemerge", "_cache":
                return [
                    Action(name: "indices:admin/\(first.dropFirst())", privilege: .write, indices: ["_all"])
                ]
            case "_mapping", "_settings", "_alias", "_stats":
                return [
                    Action(
                        name: "indices:monitor/\(first.dropFirst())", privilege: reading ? .read : .manage,
                        indices: ["_all"])
                ]
            default:
                // The cluster's own APIs: reading them is monitoring, changing them managing.
                let names: [String: String] = [
                    "_cluster": "cluster:admin/settings/update",
                    "_index_template": "indices:admin/index_template/put",
                    "_template": "indices:admin/template/put",
                    "_component_template": "cluster:admin/component_template/put",
                    "_snapshot": "cluster:admin/repository/put",
                    "_data_stream": "indices:admin/data_stream/create",
                ]
                let name =
                    reading
                    ? "cluster:monitor/\(first.dropFirst())"
                    : method == .delete
                        ? (names[first] ?? "cluster:admin/\(first.dropFirst())").replacingOccurrences(
                            of: "/put", with: "/delete"
                        ).replacingOccurrences(of: "/create", with: "/delete").replacingOccurrences(
                            of: "/update", with: "/delete")
                        : names[first] ?? "cluster:admin/\(first.dropFirst())"
                return [Action(name: name, privilege: nil, open: reading)]
            }
        }
        let indices = first.split(separator: ",").map(String.init)
        guard segments.count > 1 else {
            switch method {
            case .put: return [Action(name: "indices:admin/create", privilege: .manage, indices: indices)]
            case .delete: return [Action(name: "indices:admin/delete", privilege: .manage, indices: indices)]
            default: return [Action(name: "indices:admin/get", privilege: .read, indices: indices)]
            }
        }
        switch segments[1] {
        case "_doc", "_create", "_update", "_source":
            if reading { return [Action(name: "indices:data/read/get", privilege: .read, indices: indices)] }
            let name =
                method == .delete
                ? "indices:data/write/delete"
                : segments[1] == "_update" ? "indices:data/write/update" : "indices:data/write/index"
            return [Action(name: name, privilege: .write, indices: indices)]
        case "_bulk":
            return bulkActions(request, defaultIndex: first)
        case "_mget":
            return [
                Action(
                    name: "indices:data/read/mget", privilege: .read,
                    indices: indices + bodyIndices(request, key: "docs"))
            ]
        case "_msearch":
            return [
                Action(
                    name: "indices:data/read/msearch", privilege: .read,
                    indices: indices + msearchIndices(request))
            ]
        case "_search", "_count", "_explain", "_validate", "_field_caps", "_analyze", "_pit", "_terms_enum",
            "_termvectors":
            return [
                Action(
                    name: "indices:data/read/\(segments[1].dropFirst())", privilege: .read, indices: indices)
            ]
        case "_delete_by_query", "_update_by_query":
            return [
                Action(name: "indices:data/read/search", privilege: .read, indices: indices),
                Action(
                    name: "indices:data/write/\(segments[1].dropFirst())", privilege: .write, indices: indices
                ),
            ]
        case "_refresh", "_flush", "_forcemerge", "_cache":
            return [
                Action(name: "indices:admin/\(segments[1].dropFirst())", privilege: .write, indices: indices)
            ]
        default:
            return [
                Action(
                    name: reading
                        ? "indices:monitor/\(segments[1].dropFirst())"
                        : "indices:admin/\(segments[1].dropFirst())",
                    privilege: reading ? .read : .manage, indices: indices)
            ]
        }
    }

    /// The target indices of a bulk body's actions (the path's index for actions without one).
    private static func bulkActions(_ request: Request, defaultIndex: String?) -> [Action] {
        var indices: [String] = []
        var expectSource = false
        for line in request.body.split(separator: UInt8(ascii: "\n")) {
            if expectSource {
                expectSource = false
                continue
            }
            guard let action = try? JSONValue(parsing: Data(line)), case .object(let members) = action,
                let (kind, metadata) = members.first
            else { continue }
            expectSource = kind != "delete"
            if let index = metadata["_index"]?.stringValue ?? defaultIndex { indices.append(index) }
        }
        if indices.isEmpty, let defaultIndex { indices = [defaultIndex] }
        return [
            Action(name: "indices:data/write/bulk", privilege: .write, indices: Array(Set(indices)).sorted())
        ]
    }

    private static func bodyIndices(_ request: Request, key: String) -> [String] {
        let body = (try? JSONValue(parsing: request.body)) ?? .null
        return (body[key]?.arrayValue ?? []).compactMap { $0["_index"]?.stringValue }
    }

    private static func msearchIndices(_ request: Request) -> [String] {
        var indices: [String] = []
        for (number, line) in request.body.split(separator: UInt8(ascii: "\n")).enumerated()
        where number % 2 == 0 {
            indices += names((try? JSONValue(parsing: Data(line)))?["index"])
        }
        return indices
    }

    private static func names(_ value: JSONValue?) -> [String] {
        switch value {
        case .string(let text)?: text.split(separator: ",").map(String.init)
        case .array(let items)?: items.compactMap(\.stringValue)
        default: []
        }
    }
}
