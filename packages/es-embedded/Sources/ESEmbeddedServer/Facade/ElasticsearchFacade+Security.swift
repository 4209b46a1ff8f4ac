import ESEmbedded
import ESModels
import Foundation
import HTTPKit

extension ElasticsearchFacade {
    /// `_security/_authenticate` and API keys (`_security/api_key`: create, get, invalidate),
    /// served when the facade has a realm (`es-embedded serve --auth FILE`).
    func registerSecurityRoutes(on router: Router, realm: SecurityRealm) {
        router.get("/_security/_authenticate") { request, context in
            guard let subject = context.storage[SecuritySubjectKey.self] else {
                return SecurityMiddleware.unauthenticated(
                    "missing authentication credentials for REST request [\(request.target)]",
                    request: request)
            }
            var answer: [String: JSONValue] = [
                "username": .string(subject.username),
                "roles": .array(subject.roles.map { .string($0.name) }),
                "full_name": .null, "email": .null, "metadata": [:], "enabled": true,
            ]
            if let key = subject.apiKey {
                answer["authentication_realm"] = ["name": "_es_api_key", "type": "_es_api_key"]
                answer["lookup_realm"] = ["name": "_es_api_key", "type": "_es_api_key"]
                answer["authentication_type"] = "api_key"
                answer["api_key"] = ["id": .string(key.id), "name": .string(key.name)]
            } else {
                answer["authentication_realm"] = ["name": "file", "type": "file"]
                answer["lookup_realm"] = ["name": "file", "type": "file"]
                answer["authentication_type"] = "realm"
            }
            return RESTResponse.json(.object(answer), request: request)
        }
        for method in [HTTPMethod.put, .post] {
            router.on("/_security/api_key", method: method) { request, context in
                try request.checkParameters(["refresh"])
                guard let subject = context.storage[SecuritySubjectKey.self] else {
                    throw ElasticsearchError.illegalArgument("no authenticated user")
                }
                let body = try request.jsonBody()
                guard let name = body["name"]?.stringValue, !name.isEmpty else {
                    throw ElasticsearchError(
                        type: "action_request_validation_exception",
                        reason: "Validation Failed: 1: api key name is required;", status: 400)
                }
                let roles = try Self.keyRoles(body["role_descriptors"], owner: subject)
                let expires = try body["expiration"]?.stringValue.map {
                    try Self.expiry($0, from: backend.clock.now())
                }
                let key = realm.createKey(name: name, owner: subject.username, roles: roles, expires: expires)
                var answer: [String: JSONValue] = [
                    "id": .string(key.id), "name": .string(key.name), "api_key": .string(key.secret),
                    "encoded": .string(Data("\(key.id):\(key.secret)".utf8).base64EncodedString()),
                ]
                if let expires { answer["expiration"] = .int(Int(expires.timeIntervalSince1970 * 1000)) }
                return RESTResponse.json(.object(answer), request: request)
            }
        }
        router.get("/_security/api_key") { request, context in
            try request.checkParameters(["id", "name", "owner", "username", "realm_name", "with_limited_by"])
            guard let subject = context.storage[SecuritySubjectKey.self] else {
                throw ElasticsearchError.illegalArgument("no authenticated user")
            }
            let owner = try request.flag("owner") == true || !subject.allowsCluster() ? subject.username : nil
            let keys = realm.keys(owner: owner).filter { key in
                (request.query["id"].map { $0 == key.id } ?? true)
                    && (request.query["name"].map { $0 == key.name } ?? true)
            }
            return RESTResponse.json(
                [
                    "api_keys": .array(
                        keys.map { key in
                            [
                                "id": .string(key.id), "name": .string(key.name),
                                "username": .string(key.owner),
                                "realm": "file", "invalidated": .bool(key.invalidated),
                                "expiration": key.expires.map { .int(Int($0.timeIntervalSince1970 * 1000)) }
                                    ?? .null,
                            ]
                        })
                ], request: request)
        }
        router.delete("/_security/api_key") { request, context in
            guard let subject = context.storage[SecuritySubjectKey.self] else {
                throw ElasticsearchError.illegalArgument("no authenticated user")
            }
            let body = try request.jsonBody()
            let ids =
                (body["ids"]?.arrayValue ?? []).compactMap(\.stringValue)
                + [body["id"]?.stringValue].compactMap { $0 }
            let name = body["name"]?.stringValue
            let owner = body["owner"]?.boolValue == true ? subject.username : body["username"]?.stringValue
            guard !ids.isEmpty || name != nil || owner != nil else {
                throw ElasticsearchError(
                    type: "action_request_validation_exception",
                    reason:
                        "Validation Failed: 1: One of [api key id(s), api key name, username, realm name] must be specified if [owner] flag is false;",
                    status: 400)
            }
            // Others' keys only for a subject that manages the cluster.
            let mine = subject.allowsCluster() ? nil : subject.username
            let candidates = Set(realm.keys(owner: mine).map(\.id))
            let (now, before) = realm.invalidateKeys(
                ids: ids.filter(candidates.contains), name: mine == nil ? name : nil, owner: mine ?? owner)
            return RESTResponse.json(
                [
                    "invalidated_api_keys": .array(now.map(JSONValue.string)),
                    "previously_invalidated_api_keys": .array(before.map(JSONValue.string)), "error_count": 0,
                ], request: request)
        }
    }

    /// The roles of a new key: its `role_descriptors` limited to what the owner may do, or the
    /// owner's own roles without any.
    static func keyRoles(_ descriptors: JSONValue?, owner: SecurityRealm.Subject) throws -> [SecurityRealm
        .Role]
    {
        guard case .object(let members)? = descriptors, !members.isEmpty else { return owner.roles }
        var roles: [SecurityRealm.Role] = []
        for (name, descriptor) in members.sorted(by: { $0.key < $1.key }) {
            let cluster = (descriptor["cluster"]?.arrayValue ?? []).compactMap(\.stringValue)
            for entry in descriptor["indices"]?.arrayValue ?? [] {
                var privileges: Set<SecurityRealm.Privilege> = []
                for word in (entry["privileges"]?.arrayValue ?? []).compactMap(\.stringValue) {
                    switch word {
                    case "all": privileges.formUnion([.read, .write, .manage])
                    case "read": privileges.insert(.read)
                    case "write", "index", "create", "create_doc", "delete": privileges.insert(.write)
                    case "manage", "create_index", "delete_index": privileges.insert(.manage)
                    default:
                        throw ElasticsearchError.illegalArgument(
                            "unknown index privilege [\(word)]. a privilege must be either one of the predefined fixed indices privileges [all,create,create_doc,create_index,delete,delete_index,index,manage,read,write] or a pattern over one of the available index actions"
                        )
                    }
                }
                let patterns = (entry["names"]?.arrayValue ?? [entry["names"] ?? .null]).compactMap(
                    \.stringValue)
                // A key never does more than its owner: each pattern's privileges only as far as
                // the owner holds them on it.
                let allowed = privileges.filter { privilege in
                    patterns.allSatisfy { owner.allows(privilege, on: $0) }
                }
                roles.append(SecurityRealm.Role(name: name, privileges: allowed, patterns: patterns))
            }
            if cluster.contains(where: { ["all", "manage"].contains($0) }) && owner.allowsCluster() {
                roles.append(SecurityRealm.Role(name: name, privileges: [.cluster], patterns: []))
            }
        }
        return roles
    }

    /// An API key's expiry: `expiration` (`1d`, `12h`, `30m`, `10s`) after `now`.
    static func expiry(_ text: String, from now: Date) throws -> Date {
        let units: [Character: Double] = ["d": 86_400, "h": 3_600, "m": 60, "s": 1]
        guard let unit = text.last, let seconds = units[unit], let count = Double(text.dropLast()), count > 0
        else {
            throw ElasticsearchError.parsing(
                "failed to parse setting [expiration] with value [\(text)] as a time value: unit is missing or unrecognized"
            )
        }
        return now.addingTimeInterval(count * seconds)
    }
}
