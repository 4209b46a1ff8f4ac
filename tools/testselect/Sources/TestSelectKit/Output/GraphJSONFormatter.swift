import TestSelectManifest
import TestSelectSupport

/// The JSON form of the graph (`testselect graph --format json`, schema `testselect-graph/1`):
/// one object per package, describing the manifest SwiftPM would use, with target paths resolved
/// by SwiftPM's conventions and path dependencies resolved to repository directories.
public enum GraphJSONFormatter {
    /// The schema name.
    public static let schema = "testselect-graph/1"

    /// `{"packages":[...]}`.
    public static func json(_ graph: ResolvedGraph) -> JSONValue {
        .object([("packages", .array(graph.packages.map(package)))])
    }

    /// Pretty-printed JSON text with a final newline.
    public static func format(_ graph: ResolvedGraph) -> String {
        json(graph).serialized(pretty: true) + "\n"
    }

    /// The graph of one package.
    public static func package(_ package: ResolvedGraph.Package) -> JSONValue {
        let declared = package.loaded.chosen
        var header: [(String, JSONValue)] = [
            ("name", .string(package.name)), ("identity", .string(package.identity)),
            ("dir", .string(package.directory)), ("manifest", .string(package.loaded.manifestFile)),
            ("tools_version", .string(declared?.toolsVersion.description)),
        ]
        switch package.loaded.reading {
        case .staticReader: break
        case .swiftPM: header.append(("reader", .string("swiftpm")))
        case .unreadable(let reason):
            header.append(("reader", .string("unreadable")))
            header.append(("reason", .string(reason)))
        }
        if !package.loaded.environmentReads.isEmpty {
            header.append(("environment_reads", .strings(package.loaded.environmentReads)))
        }
        if !package.loaded.notes.isEmpty { header.append(("notes", .strings(package.loaded.notes))) }
        let products = (declared?.products ?? []).map { product -> JSONValue in
            .object([
                ("name", .string(product.name)), ("type", .string(product.kind.rawValue)),
                ("linkage", .string(product.linkage?.rawValue)), ("targets", .strings(product.targets)),
            ])
        }
        let targets = (declared?.targets ?? []).map { target in self.target(target, layout: package.layout) }
        let dependencies = (declared?.dependencies ?? []).enumerated().map { index, dependency -> JSONValue in
            let resolved =
                index < package.dependencyDirectories.count ? package.dependencyDirectories[index] : nil
            return .object([
                ("identity", .string(dependency.identity)), ("kind", .string(dependency.kind.rawValue)),
                ("path", .string(dependency.path)), ("url", .string(dependency.url)),
                ("name", .string(dependency.name)),
                ("resolved_dir", .string(resolved)),
            ])
        }
        return .object([
            ("schema", .string(schema)), ("package", .object(header)), ("products", .array(products)),
            ("targets", .array(targets)), ("dependencies", .array(dependencies)),
        ])
    }

    static func target(_ target: DeclaredTarget, layout: [String: String?]) -> JSONValue {
        let path: String?? = layout[target.name]
        let dependencies = target.dependencies.map { dependency -> JSONValue in
            let (kind, package): (String, String?) =
                switch dependency {
                case .target: ("target", nil)
                case .product(_, let package, _): ("product", package)
                case .byName: ("byName", nil)
                }
            return .object([
                ("kind", .string(kind)), ("name", .string(dependency.name)), ("package", .string(package)),
                ("condition", condition(dependency.condition)),
            ])
        }
        return .object([
            ("name", .string(target.name)), ("type", .string(target.kind.rawValue)),
            ("path", .string(path ?? nil)),
            ("sources", target.sources.map(JSONValue.strings) ?? .null),
            ("exclude", .strings(target.exclude)), ("resources", .strings(target.resources)),
            ("dependencies", .array(dependencies)),
            (
                "plugins",
                .array(
                    target.plugins.map {
                        .object([("name", .string($0.name)), ("package", .string($0.package))])
                    })
            ),
        ])
    }

    static func condition(_ condition: DependencyCondition?) -> JSONValue {
        guard let condition else { return .null }
        return .object([
            ("platforms", .strings(condition.platforms)), ("config", .string(condition.config)),
            ("traits", condition.traits.map(JSONValue.strings) ?? .null),
        ])
    }
}
