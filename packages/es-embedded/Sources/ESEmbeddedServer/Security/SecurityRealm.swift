import Digest
import ESModels
import Foundation
import Synchronization

/// Users, roles and API keys of `es-embedded serve --auth FILE`: security as Elasticsearch 8
/// ships it, in the part a test suite meets (HTTP Basic and `ApiKey` authentication, roles
/// limited to index patterns with read, write and manage privileges).
///
/// The file has one definition per line; `#` starts a comment:
///
/// ```
/// # role NAME PRIVILEGES INDEX_PATTERNS   (read, write, manage, all = the three; cluster)
/// role catalogue-reader read assetflat*,rows*
/// role indexer read,write,manage assetflat*,rows*,cms-indexer-state
/// # user NAME PASSWORD ROLES               (the password as written, or sha256:HEX of it)
/// user elastic changeme superuser
/// user catalogue sha256:5e88489... catalogue-reader
/// ```
///
/// `superuser` is built in (every privilege on every index and the cluster).
public final class SecurityRealm: Sendable {
    /// What a role allows on the indices its patterns match.
    public enum Privilege: String, Sendable, CaseIterable, Comparable {
        /// Searching and reading documents, mappings and settings.
        case read
        /// Writing and deleting documents.
        case write
        /// Creating, deleting and changing indices (mappings, settings, aliases).
        case manage
        /// The cluster's own settings, templates, snapshot repositories and data streams (the
        /// patterns do not matter).
        case cluster

        public static func < (lhs: Privilege, rhs: Privilege) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// A named set of privileges on index patterns.
    public struct Role: Sendable, Equatable {
        public var name: String
        public var privileges: Set<Privilege>
        public var patterns: [String]
        /// Whether the role manages the cluster.
        public var cluster: Bool { privileges.contains(.cluster) }

        public init(name: String, privileges: Set<Privilege>, patterns: [String]) {
            self.name = name
            self.privileges = privileges
            self.patterns = patterns
        }

        static let superuser = Role(name: "superuser", privileges: Set(Privilege.allCases), patterns: ["*"])
    }

    /// Who a request was authenticated as.
    public struct Subject: Sendable {
        public var username: String
        public var roles: [Role]
        /// The API key used, if any (`id`, `name`).
        public var apiKey: (id: String, name: String)?

        /// Whether the subject's roles grant `privilege` on the index (or expression) `name`.
        func allows(_ privilege: Privilege, on name: String) -> Bool {
            roles.contains { role in
                role.privileges.contains(privilege)
                    && role.patterns.contains { SecurityRealm.covers($0, name) }
            }
        }

        func allowsCluster() -> Bool { roles.contains(where: \.cluster) }
    }

    struct User: Sendable {
        var name: String
        var password: Password
        var roles: [String]
    }

    enum Password: Sendable {
        case plain(String)
        case sha256(String)

        func matches(_ candidate: String) -> Bool {
            switch self {
            case .plain(let password):
                return Self.constantTimeEqual(Array(password.utf8), Array(candidate.utf8))
            case .sha256(let hex):
                return Self.constantTimeEqual(
                    Array(hex.utf8), Array(SHA256.hex(SHA256.digest(Array(candidate.utf8))).utf8))
            }
        }

        private static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
            guard a.count == b.count else { return false }
            var difference: UInt8 = 0
            for index in a.indices { difference |= a[index] ^ b[index] }
            return difference == 0
        }
    }

    struct APIKey: Sendable {
        var id: String
        var name: String
        var secret: String
        var owner: String
        var roles: [Role]
        var expires: Date?
        var invalidated = false
    }

    let users: [String: User]
    let roles: [String: Role]
    private let keys = Mutex<[String: APIKey]>([:])

    /// Reads an auth file's text.
    ///
    /// - Throws: ``AuthFileError`` naming the line and what is wrong with it.
    public init(text: String) throws(AuthFileError) {
        var roles: [String: Role] = ["superuser": .superuser]
        var users: [String: User] = [:]
        // Users may name roles defined further down: checked once every line is read.
        var references: [(line: Int, user: User)] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let content =
                raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(
                String.init)
            guard let kind = words.first else { continue }
            switch kind {
            case "role":
                guard words.count == 4 else {
                    throw AuthFileError(
                        line: line,
                        message:
                            "a role is 'role NAME PRIVILEGES INDEX_PATTERNS', got \(words.count - 1) fields after 'role'"
                    )
                }
                let name = words[1]
                guard roles[name] == nil else {
                    throw AuthFileError(line: line, message: "role '\(name)' is defined twice")
                }
                var privileges: Set<Privilege> = []
                for word in words[2].split(separator: ",").map(String.init) {
                    if word == "all" {
                        privileges.formUnion([.read, .write, .manage])
                    } else if let privilege = Privilege(rawValue: word) {
                        privileges.insert(privilege)
                    } else {
                        throw AuthFileError(
                            line: line,
                            message: "unknown privilege '\(word)' (use read, write, manage, all or cluster)")
                    }
                }
                roles[name] = Role(
                    name: name, privileges: privileges,
                    patterns: words[3].split(separator: ",").map(String.init))
            case "user":
                guard words.count == 4 else {
                    throw AuthFileError(
                        line: line,
                        message:
                            "a user is 'user NAME PASSWORD ROLES', got \(words.count - 1) fields after 'user'"
                    )
                }
                let name = words[1]
                guard users[name] == nil else {
                    throw AuthFileError(line: line, message: "user '\(name)' is defined twice")
                }
                let password: Password
                if words[2].hasPrefix("sha256:") {
                    let hex = String(words[2].dropFirst("sha256:".count)).lowercased()
                    guard hex.count == 64, hex.allSatisfy(\.isHexDigit) else {
                        throw AuthFileError(
                            line: line, message: "a sha256: password must be 64 hexadecimal digits")
                    }
                    password = .sha256(hex)
                } else {
                    password = .plain(words[2])
                }
                let user = User(
                    name: name, password: password, roles: words[3].split(separator: ",").map(String.init))
                users[name] = user
                references.append((line, user))
            default:
                throw AuthFileError(
                    line: line, message: "unknown definition '\(kind)' (a line starts with 'role' or 'user')")
            }
        }
        for (line, user) in references {
            for role in user.roles where roles[role] == nil {
                throw AuthFileError(
                    line: line,
                    message:
                        "user '\(user.name)' has role '\(role)', which is not defined (define it with a 'role' line)"
                )
            }
        }
        guard !users.isEmpty else {
            throw AuthFileError(
                line: 0, message: "no user is defined; add a line such as 'user elastic PASSWORD superuser'")
        }
        self.users = users
        self.roles = roles
    }

    /// Reads the auth file at `url`.
    public convenience init(contentsOf url: URL) throws(AuthFileError) {
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw AuthFileError(line: 0, message: "cannot read \(url.path): \(error.localizedDescription)")
        }
        try self.init(text: text)
    }

    /// The subject of a username and password, or `nil`.
    func authenticate(user name: String, password: String) -> Subject? {
        guard let user = users[name], user.password.matches(password) else { return nil }
        return Subject(username: name, roles: user.roles.compactMap { roles[$0] }, apiKey: nil)
    }

    /// The subject of an API key (`id` and secret), or `nil` when unknown, invalidated or expired.
    func authenticate(apiKey id: String, secret: String, now: Date) -> Subject? {
        guard let key = keys.withLock({ $0[id] }), !key.invalidated, key.secret == secret,
            key.expires.map({ $0 > now }) ?? true
        else { return nil }
        return Subject(username: key.owner, roles: key.roles, apiKey: (key.id, key.name))
    }

    /// Creates an API key for `owner` with the privileges of `roles` (never more than the
    /// owner's own, which the caller passes when no role descriptors were given).
    func createKey(name: String, owner: String, roles: [Role], expires: Date?) -> APIKey {
        let key = APIKey(
            id: Self.randomToken(20), name: name, secret: Self.randomToken(22), owner: owner, roles: roles,
            expires: expires)
        keys.withLock { $0[key.id] = key }
        return key
    }

    /// Invalidates the keys `ids` names, or those named `name`, or those of `owner`; returns
    /// the ids invalidated now and those invalidated before.
    func invalidateKeys(ids: [String], name: String?, owner: String?) -> (now: [String], before: [String]) {
        keys.withLock { keys in
            var now: [String] = []
            var before: [String] = []
            for (id, key) in keys.sorted(by: { $0.key < $1.key }) {
                let selected =
                    ids.contains(id) || (name.map { $0 == key.name } ?? false)
                    || (owner.map { $0 == key.owner } ?? false)
                guard selected else { continue }
                if key.invalidated { before.append(id) } else { now.append(id) }
                keys[id]?.invalidated = true
            }
            return (now, before)
        }
    }

    /// The keys of `owner` (every key for `nil`).
    func keys(owner: String?) -> [APIKey] {
        keys.withLock { $0.values.filter { owner == nil || $0.owner == owner }.sorted { $0.id < $1.id } }
    }

    /// Whether the role pattern `pattern` covers `name`: a glob match for a name; for an
    /// expression with wildcards (`logs-*`, `_all`), a pattern at least as wide.
    static func covers(_ pattern: String, _ name: String) -> Bool {
        if pattern == "*" { return true }
        if name == "_all" || name == "*" { return false }
        if name.contains("*") {
            guard pattern.hasSuffix("*") else { return false }
            let prefix = pattern.dropLast()
            return !prefix.contains("*") && name.hasPrefix(prefix)
        }
        return globMatches(Substring(pattern), Substring(name))
    }

    private static func globMatches(_ pattern: Substring, _ text: Substring) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == "*" {
            var rest = text
            while true {
                if globMatches(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let character = text.first, character == first else { return false }
        return globMatches(pattern.dropFirst(), text.dropFirst())
    }

    private static func randomToken(_ length: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }
}

/// An auth file that cannot be used: its line (0 for the file as a whole) and why.
public struct AuthFileError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}
