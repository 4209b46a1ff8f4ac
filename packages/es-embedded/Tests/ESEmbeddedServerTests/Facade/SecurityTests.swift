import CLIKitTesting
import Digest
import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

/// Security as Elasticsearch 8 ships it (`es-embedded serve --auth FILE`): 401 with
/// `WWW-Authenticate` without or with wrong credentials, 403 naming the action for what a
/// user's roles do not allow, API keys created, used, limited and invalidated, and
/// `_security/_authenticate`; over the real HTTP server on loopback.
@Suite struct SecurityTests {
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static let file = """
        # who may do what
        role reader read logs-*
        role writer read,write,manage logs-*   # their own indices
        role operator cluster *
        user elastic changeme superuser
        user bob secret reader
        user wendy pw writer,operator
        user hashed sha256:\(SHA256.hex(SHA256.digest(Array("letmein".utf8)))) reader
        """

    private func withSecuredFacade(_ body: (TestClient) async throws -> Void) async throws {
        try await FacadeFixture.test(.live, security: try SecurityRealm(text: Self.file), body)
    }

    static func basic(_ user: String, _ password: String) -> HTTPHeaders {
        [
            "Authorization": "Basic \(Data("\(user):\(password)".utf8).base64EncodedString())",
            "Content-Type": "application/json",
        ]
    }

    private func json(_ response: Response) throws -> JSONValue { try JSONValue(parsing: response.body) }

    @Test func requestsWithoutOrWithWrongCredentialsAreUnauthenticated() async throws {
        try await withSecuredFacade { client in
            let missing = try await client.get("/")
            #expect(missing.status == .unauthorized)
            #expect(
                missing.headers.values(for: "WWW-Authenticate") == [
                    #"Basic realm="security" charset="UTF-8""#, "ApiKey",
                ])
            let body = try json(missing)
            #expect(body["error"]?["type"] == "security_exception")
            #expect(body["error"]?["reason"] == "missing authentication credentials for REST request [/]")
            #expect(body["status"] == 401)

            let wrong = try await client.get("/_search", headers: Self.basic("bob", "nope"))
            #expect(wrong.status == .unauthorized)
            #expect(
                try json(wrong)["error"]?["reason"]
                    == "unable to authenticate user [bob] for REST request [/_search]")
            let unknownKey = try await client.get(
                "/", headers: ["Authorization": "ApiKey \(Data("id:secret".utf8).base64EncodedString())"])
            #expect(unknownKey.status == .unauthorized)
            #expect(try await client.head("/").status == .unauthorized)

            #expect(try await client.get("/", headers: Self.basic("elastic", "changeme")).status == .ok)
            #expect(try await client.get("/", headers: Self.basic("hashed", "letmein")).status == .ok)
            #expect(
                try await client.get("/", headers: Self.basic("hashed", "sha256")).status == .unauthorized)
        }
    }

    @Test func rolesAllowTheirPrivilegesOnTheirPatternsOnly() async throws {
        try await withSecuredFacade { client in
            let wendy = Self.basic("wendy", "pw")
            let bob = Self.basic("bob", "secret")
            #expect(try await client.put("/logs-1", headers: wendy).status == .ok)
            let bulk = try await client.post(
                "/_bulk", query: ["refresh": "true"], headers: wendy,
                body: .text("{\"index\":{\"_index\":\"logs-1\",\"_id\":\"1\"}}\n{\"m\":\"hi\"}\n"))
            #expect(bulk.status == .ok)
            #expect(try json(bulk)["errors"] == false)

            #expect(try await client.get("/logs-*/_search", headers: bob).status == .ok)
            #expect(try await client.get("/logs-1/_doc/1", headers: bob).status == .ok)

            let write = try await client.put("/logs-1/_doc/2", headers: bob, body: .text("{\"m\":2}"))
            #expect(write.status == .forbidden)
            #expect(
                try json(write)["error"]?["reason"]
                    == "action [indices:data/write/index] is unauthorized for user [bob] with effective roles [reader] on indices [logs-1], this action is granted by the index privileges [write,all]"
            )
            let elsewhere = try await client.post(
                "/_bulk", headers: wendy, body: .text("{\"index\":{\"_index\":\"secret\"}}\n{\"m\":1}\n"))
            #expect(elsewhere.status == .forbidden)
            #expect(
                try json(elsewhere)["error"]?["reason"]?.stringValue?.contains("on indices [secret]") == true)
            // Every index requires a pattern that covers it: "_all" only "*".
            #expect(try await client.get("/_search", headers: bob).status == .forbidden)
            #expect(
                try await client.get("/_search", headers: Self.basic("elastic", "changeme")).status == .ok)

            let settings = try await client.put(
                "/_cluster/settings", headers: bob,
                body: .text("{\"persistent\":{\"cluster.routing.allocation.enable\":\"all\"}}"))
            #expect(settings.status == .forbidden)
            #expect(
                try json(settings)["error"]?["reason"]
                    == "action [cluster:admin/settings/update] is unauthorized for user [bob] with effective roles [reader], this action is granted by the cluster privileges [manage,all]"
            )
            #expect(
                try await client.put(
                    "/_cluster/settings", headers: wendy,
                    body: .text("{\"persistent\":{\"cluster.routing.allocation.enable\":\"all\"}}")
                )
                .status == .ok)

            let me = try json(try await client.get("/_security/_authenticate", headers: bob))
            #expect(me["username"] == "bob")
            #expect(me["roles"] == ["reader"])
            #expect(me["authentication_type"] == "realm")
        }
    }

    @Test func apiKeysActAsTheirOwnerWithinTheirDescriptorsUntilInvalidated() async throws {
        try await withSecuredFacade { client in
            let wendy = Self.basic("wendy", "pw")
            #expect(try await client.put("/logs-1", headers: wendy).status == .ok)
            let created = try json(
                try await client.post(
                    "/_security/api_key", headers: wendy,
                    body: .text(
                        #"{"name": "reading", "role_descriptors": {"r": {"indices": [{"names": ["logs-*"], "privileges": ["read"]}]}}}"#
                    )))
            let encoded = try #require(created["encoded"]?.stringValue)
            #expect(created["name"] == "reading")
            let key: HTTPHeaders = ["Authorization": "ApiKey \(encoded)", "Content-Type": "application/json"]

            #expect(try await client.get("/logs-1/_search", headers: key).status == .ok)
            let write = try await client.put("/logs-1/_doc/1", headers: key, body: .text("{}"))
            #expect(write.status == .forbidden)
            #expect(
                try json(write)["error"]?["reason"]?.stringValue?.hasPrefix(
                    "action [indices:data/write/index] is unauthorized for API key id [\(created["id"]?.stringValue ?? "")] of user [wendy]"
                ) == true)
            let me = try json(try await client.get("/_security/_authenticate", headers: key))
            #expect(me["username"] == "wendy")
            #expect(me["authentication_type"] == "api_key")
            #expect(me["api_key"]?["name"] == "reading")

            // A key never does more than its owner: bob's key asking for write gets read only.
            let bobs = try json(
                try await client.post(
                    "/_security/api_key", headers: Self.basic("bob", "secret"),
                    body: .text(
                        #"{"name": "greedy", "role_descriptors": {"w": {"indices": [{"names": ["logs-*"], "privileges": ["write"]}]}}}"#
                    )))
            let greedy: HTTPHeaders = [
                "Authorization": "ApiKey \(bobs["encoded"]?.stringValue ?? "")",
                "Content-Type": "application/json",
            ]
            #expect(
                try await client.put("/logs-1/_doc/1", headers: greedy, body: .text("{}")).status
                    == .forbidden)

            let invalidated = try json(
                try await client.delete(
                    "/_security/api_key", headers: wendy,
                    body: .text("{\"ids\": [\"\(created["id"]?.stringValue ?? "")\"]}")))
            #expect(invalidated["invalidated_api_keys"] == [.string(created["id"]?.stringValue ?? "")])
            #expect(try await client.get("/logs-1/_search", headers: key).status == .unauthorized)
            let again = try json(
                try await client.delete(
                    "/_security/api_key", headers: wendy,
                    body: .text("{\"ids\": [\"\(created["id"]?.stringValue ?? "")\"]}")))
            #expect(again["previously_invalidated_api_keys"] == [.string(created["id"]?.stringValue ?? "")])
        }
    }

    @Test(arguments: [
        (
            "role reader read",
            "line 1: a role is 'role NAME PRIVILEGES INDEX_PATTERNS', got 2 fields after 'role'"
        ),
        (
            "role r reed logs-*\nuser a b r",
            "line 1: unknown privilege 'reed' (use read, write, manage, all or cluster)"
        ),
        (
            "user a b nobody",
            "line 1: user 'a' has role 'nobody', which is not defined (define it with a 'role' line)"
        ),
        (
            "role r read x\nuser a b r,nobody   # a comment",
            "line 2: user 'a' has role 'nobody', which is not defined (define it with a 'role' line)"
        ),
        ("# only a comment", "no user is defined; add a line such as 'user elastic PASSWORD superuser'"),
        ("user a b superuser\nuser a c superuser", "line 2: user 'a' is defined twice"),
        ("usr a b superuser", "line 1: unknown definition 'usr' (a line starts with 'role' or 'user')"),
        ("user a sha256:abc superuser", "line 1: a sha256: password must be 64 hexadecimal digits"),
    ])
    func malformedAuthFilesAreRefusedNamingTheLine(text: String, message: String) {
        #expect(throws: AuthFileError.self) { try SecurityRealm(text: text) }
        do {
            _ = try SecurityRealm(text: text)
        } catch {
            #expect(error.description == message)
        }
    }
}
