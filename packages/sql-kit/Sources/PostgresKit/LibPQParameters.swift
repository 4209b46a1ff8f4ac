import CLibPQ
import Foundation

/// The connection parameters libpq will use: the connection string parsed by libpq itself, what
/// it leaves out taken from the configuration's `PG*` variables, and our defaults last.
struct LibPQParameters: Sendable, Equatable {
    /// Keyword and value, in libpq's order.
    var values: [(keyword: String, value: String)]

    static func == (lhs: LibPQParameters, rhs: LibPQParameters) -> Bool {
        lhs.values.map(\.keyword) == rhs.values.map(\.keyword)
            && lhs.values.map(\.value) == rhs.values.map(\.value)
    }

    /// Parses and completes `configuration`.
    ///
    /// - Throws: ``PostgresError/invalidConnectionString(_:message:)``.
    init(_ configuration: PostgresConfiguration) throws(PostgresError) {
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(configuration.connectionString, &message) else {
            let text = message.map { String(cString: $0) } ?? "libpq could not parse it"
            PQfreemem(message)
            throw .invalidConnectionString(
                Self.redacted(configuration.connectionString), message: Self.clean(text))
        }
        defer { PQconninfoFree(options) }
        var values: [(String, String)] = []
        var option = options
        while let keyword = option.pointee.keyword {
            let name = String(cString: keyword)
            if let value = option.pointee.val {
                values.append((name, String(cString: value)))
            } else if let variable = option.pointee.envvar,
                let value = configuration.environment[String(cString: variable)], !value.isEmpty
            {
                values.append((name, value))
            }
            option += 1
        }
        // libpq checks these only when connecting; checked here, a typo is bad input at once.
        for (keyword, value) in values {
            switch keyword {
            case "port" where value.split(separator: ",").contains(where: { UInt16($0) == nil }):
                throw .invalidConnectionString(
                    Self.redacted(configuration.connectionString),
                    message: "the port '\(value)' is not a number")
            case "connect_timeout" where Int(value) == nil:
                throw .invalidConnectionString(
                    Self.redacted(configuration.connectionString),
                    message: "connect_timeout '\(value)' is not a number of seconds")
            case "sslmode" where !Self.sslModes.contains(value):
                throw .invalidConnectionString(
                    Self.redacted(configuration.connectionString),
                    message: "sslmode '\(value)' is not one of \(Self.sslModes.joined(separator: ", "))")
            default: continue
            }
        }
        if !values.contains(where: { $0.0 == "connect_timeout" }) {
            values.append(("connect_timeout", String(configuration.defaultConnectTimeout)))
        }
        values.append(("fallback_application_name", configuration.applicationName))
        self.values = values
    }

    /// libpq's SSL modes.
    static let sslModes = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]

    /// The value of a keyword, if set.
    subscript(keyword: String) -> String? {
        values.last(where: { $0.keyword == keyword })?.value
    }

    /// Seconds libpq may spend connecting (0: no limit, as libpq reads it).
    var connectTimeout: Int {
        max(0, Int(self["connect_timeout"] ?? "") ?? 0)
    }

    /// `postgres://user@host:port/dbname` as far as it is known before connecting.
    var displayName: String {
        var text = "'postgres://"
        if let user = self["user"] { text += "\(user)@" }
        text += self["host"] ?? self["hostaddr"] ?? ""
        if let port = self["port"] { text += ":\(port)" }
        text += "/" + (self["dbname"] ?? "")
        return text + "'"
    }

    /// The connection string with any password replaced by `***`.
    static func redacted(_ text: String) -> String {
        PostgresConfiguration.redacted(text)
    }

    /// libpq's message on one line, without its final newline.
    static func clean(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
    }
}

extension PostgresConfiguration {
    /// Checks that libpq can parse the connection string, without connecting.
    ///
    /// - Throws: ``PostgresError/invalidConnectionString(_:message:)``.
    public func validate() throws(PostgresError) {
        _ = try LibPQParameters(self)
    }
}
