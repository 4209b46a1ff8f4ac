import TestSelectManifest
import TestSelectSupport

/// Problems in `.testselect.json`.
public enum ConfigError: Error, CustomStringConvertible, Equatable, BadInputError {
    /// The file is not valid JSON.
    case invalidJSON(file: String, message: String)
    /// The top level is not an object.
    case notAnObject(file: String)
    /// A key the configuration does not know.
    case unknownKey(file: String, key: String, suggestion: String?)
    /// A key whose value has the wrong type.
    case wrongType(file: String, key: String, expected: String, found: String)
    /// An empty or unusable glob pattern.
    case invalidGlob(file: String, key: String, pattern: String)
    /// A suite name that is not `<package dir>:<Target>`.
    case invalidSuite(file: String, key: String, value: String)
    /// An `unowned` value that is not one of the policies.
    case invalidUnownedPolicy(file: String, value: String)

    public var description: String {
        switch self {
        case .invalidJSON(let file, let message):
            return "'\(file)' is not valid JSON (\(message)); fix the syntax"
        case .notAnObject(let file):
            return "'\(file)' must hold a JSON object with keys such as 'ignore', 'global', 'extraInputs'"
        case .unknownKey(let file, let key, let suggestion):
            let hint =
                suggestion.map { "; did you mean '\($0)'?" }
                ?? "; known keys: \(TestSelectConfig.keys.joined(separator: ", "))"
            return "'\(file)': unknown key '\(key)'\(hint)"
        case .wrongType(let file, let key, let expected, let found):
            return "'\(file)': key '\(key)' must be \(expected), found \(found)"
        case .invalidGlob(let file, let key, let pattern):
            return
                "'\(file)': key '\(key)' holds an invalid glob '\(pattern)'; use patterns like 'ci/**' or '*.md'"
        case .invalidSuite(let file, let key, let value):
            return "'\(file)': key '\(key)' names '\(value)', which is not '<package dir>:<Target>' "
                + "(e.g. 'services/catalogue:CatalogueTests', '.:MyTests' for the root package)"
        case .invalidUnownedPolicy(let file, let value):
            return "'\(file)': key 'unowned' is '\(value)'; use 'tests-tree', 'package' or 'all'"
        }
    }

    /// Configuration errors are always bad input.
    public var isBadInput: Bool { true }
}
