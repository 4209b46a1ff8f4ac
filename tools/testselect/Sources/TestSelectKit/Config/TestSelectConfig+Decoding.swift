import TestSelectManifest
import TestSelectSupport

extension TestSelectConfig {
    /// Parses the text of a configuration file, checking every key.
    ///
    /// - Parameter file: the name used in error messages.
    /// - Throws: `ConfigError` naming the key at fault.
    public static func parse(_ text: String, file: String = TestSelectConfig.fileName) throws(ConfigError)
        -> TestSelectConfig
    {
        let json: JSONValue
        do {
            json = try JSONValue.parse(text)
        } catch {
            throw .invalidJSON(file: file, message: "\(error)")
        }
        guard let members = json.objectValue else { throw .notAnObject(file: file) }
        var config = TestSelectConfig.defaults
        for (key, value) in members {
            switch key {
            case "ignore": config.ignore = try globs(value, key: key, file: file)
            case "global": config.global = try globs(value, key: key, file: file)
            case "ignorePackages": config.ignorePackages = try globs(value, key: key, file: file)
            case "documentation": config.documentation = try globs(value, key: key, file: file)
            case "extraInputs":
                guard let entries = value.objectValue else {
                    throw .wrongType(
                        file: file, key: key, expected: "an object of \"<package dir>:<Target>\": [globs]",
                        found: value.typeName)
                }
                config.extraInputs = []
                for (name, patterns) in entries {
                    let entryKey = "extraInputs.\(name)"
                    guard let target = SuiteReference(parsing: name) else {
                        throw .invalidSuite(file: file, key: entryKey, value: name)
                    }
                    config.extraInputs.append((target, try globs(patterns, key: entryKey, file: file)))
                }
            case "alwaysRun":
                guard let entries = value.arrayValue else {
                    throw .wrongType(
                        file: file, key: key, expected: "an array of \"<package dir>:<Target>\"",
                        found: value.typeName)
                }
                config.alwaysRun = []
                for entry in entries {
                    guard let name = entry.stringValue else {
                        throw .wrongType(
                            file: file, key: key, expected: "an array of strings",
                            found: "an array holding \(entry.typeName)")
                    }
                    guard let suite = SuiteReference(parsing: name) else {
                        throw .invalidSuite(file: file, key: key, value: name)
                    }
                    config.alwaysRun.append(suite)
                }
            case "quarantine":
                guard let entries = value.arrayValue else {
                    throw .wrongType(
                        file: file, key: key,
                        expected: "an array of \"[<package dir>:]<Module>.<Suite>/<test>\"",
                        found: value.typeName)
                }
                config.quarantine = Quarantine()
                for entry in entries {
                    guard let name = entry.stringValue else {
                        throw .wrongType(
                            file: file, key: key, expected: "an array of strings",
                            found: "an array holding \(entry.typeName)")
                    }
                    guard let parsed = Quarantine.Entry(parsing: name) else {
                        throw .wrongType(
                            file: file, key: key, expected: "test names that are not empty",
                            found: "\"\(name)\"")
                    }
                    config.quarantine.entries.append(parsed)
                }
            case "unowned":
                guard let name = value.stringValue else {
                    throw .wrongType(file: file, key: key, expected: "a string", found: value.typeName)
                }
                guard let policy = UnownedPolicy(rawValue: name) else {
                    throw .invalidUnownedPolicy(file: file, value: name)
                }
                config.unowned = policy
            default:
                throw .unknownKey(file: file, key: key, suggestion: NearMatch.closest(to: key, among: keys))
            }
        }
        return config
    }

    private static func globs(_ value: JSONValue, key: String, file: String) throws(ConfigError) -> [Glob] {
        guard let entries = value.arrayValue else {
            throw .wrongType(
                file: file, key: key, expected: "an array of glob strings", found: value.typeName)
        }
        var result: [Glob] = []
        for entry in entries {
            guard let pattern = entry.stringValue else {
                throw .wrongType(
                    file: file, key: key, expected: "an array of glob strings",
                    found: "an array holding \(entry.typeName)")
            }
            guard let glob = Glob(pattern) else { throw .invalidGlob(file: file, key: key, pattern: pattern) }
            result.append(glob)
        }
        return result
    }
}
