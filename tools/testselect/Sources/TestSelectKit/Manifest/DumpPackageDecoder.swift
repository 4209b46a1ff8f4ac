import TestSelectSupport

/// Converts `swift package dump-package` JSON into the declared model.
public enum DumpPackageDecoder {
    /// A field of the JSON that does not have the expected shape.
    public struct Failure: Error, CustomStringConvertible {
        /// What is wrong.
        public var description: String
    }

    /// Decodes the JSON of one package whose absolute directory is `packageDirectory`.
    public static func decode(_ json: JSONValue, packageDirectory: String) throws -> DeclaredPackage {
        guard let name = json["name"]?.stringValue else { throw Failure(description: "no package name") }
        let tools = json["toolsVersion"]?["_version"]?.stringValue.flatMap(ToolsVersion.init(string:))
        guard let toolsVersion = tools else { throw Failure(description: "no tools version") }
        let products = try (json["products"]?.arrayValue ?? []).map(decodeProduct)
        let targets = try (json["targets"]?.arrayValue ?? []).map(decodeTarget)
        let dependencies = try (json["dependencies"]?.arrayValue ?? []).map {
            try decodeDependency($0, packageDirectory: packageDirectory)
        }
        return DeclaredPackage(
            name: name, toolsVersion: toolsVersion, products: products, targets: targets,
            dependencies: dependencies)
    }

    static func decodeProduct(_ json: JSONValue) throws -> DeclaredProduct {
        guard let name = json["name"]?.stringValue, let type = json["type"]?.objectValue?.first else {
            throw Failure(description: "a product without a name or type")
        }
        let targets = (json["targets"]?.arrayValue ?? []).compactMap(\.stringValue)
        guard let kind = DeclaredProduct.Kind(rawValue: type.0) else {
            throw Failure(description: "unknown product type '\(type.0)'")
        }
        var linkage: DeclaredProduct.Linkage? = nil
        if kind == .library {
            linkage =
                type.1.arrayValue?.first?.stringValue.flatMap(DeclaredProduct.Linkage.init(rawValue:))
                ?? .automatic
        }
        return DeclaredProduct(name: name, kind: kind, linkage: linkage, targets: targets)
    }

    static func decodeTarget(_ json: JSONValue) throws -> DeclaredTarget {
        guard let name = json["name"]?.stringValue, let typeName = json["type"]?.stringValue,
            let kind = TargetKind(rawValue: typeName)
        else { throw Failure(description: "a target without a name or a known type") }
        let sources = json["sources"]?.arrayValue.map { $0.compactMap(\.stringValue).map(RepoPath.normalize) }
        let exclude = (json["exclude"]?.arrayValue ?? []).compactMap(\.stringValue).map(RepoPath.normalize)
        let resources = (json["resources"]?.arrayValue ?? []).compactMap { $0["path"]?.stringValue }.map(
            RepoPath.normalize)
        var dependencies: [TargetDependency] = []
        for entry in json["dependencies"]?.arrayValue ?? [] {
            guard let (key, value) = entry.objectValue?.first, let fields = value.arrayValue,
                let dependencyName = fields.first?.stringValue
            else { throw Failure(description: "a malformed dependency of target '\(name)'") }
            switch key {
            case "byName":
                dependencies.append(.byName(name: dependencyName, condition: decodeCondition(fields.last)))
            case "target":
                dependencies.append(.target(name: dependencyName, condition: decodeCondition(fields.last)))
            case "product":
                let package = fields.count > 1 ? fields[1].stringValue : nil
                dependencies.append(
                    .product(name: dependencyName, package: package, condition: decodeCondition(fields.last)))
            default:
                throw Failure(description: "unknown dependency kind '\(key)' in target '\(name)'")
            }
        }
        var plugins: [PluginUsage] = []
        for usage in json["pluginUsages"]?.arrayValue ?? [] {
            guard let fields = usage["plugin"]?.arrayValue, let pluginName = fields.first?.stringValue else {
                throw Failure(description: "a malformed plugin usage of target '\(name)'")
            }
            plugins.append(
                PluginUsage(name: pluginName, package: fields.count > 1 ? fields[1].stringValue : nil))
        }
        return DeclaredTarget(
            name: name, kind: kind, path: json["path"]?.stringValue, url: json["url"]?.stringValue,
            sources: sources, exclude: exclude, resources: resources, dependencies: dependencies,
            plugins: plugins)
    }

    static func decodeCondition(_ json: JSONValue?) -> DependencyCondition? {
        guard let json, json.objectValue != nil else { return nil }
        let platforms = (json["platformNames"]?.arrayValue ?? []).compactMap(\.stringValue)
        let traits = json["traits"]?.arrayValue.map { $0.compactMap(\.stringValue) }
        return DependencyCondition(platforms: platforms, config: json["config"]?.stringValue, traits: traits)
    }

    static func decodeDependency(_ json: JSONValue, packageDirectory: String) throws
        -> DeclaredPackageDependency
    {
        guard let (kind, value) = json.objectValue?.first, let details = value.arrayValue?.first,
            let identity = details["identity"]?.stringValue
        else { throw Failure(description: "a malformed package dependency") }
        let name = details["nameForTargetDependencyResolutionOnly"]?.stringValue
        switch kind {
        case "fileSystem":
            guard let absolute = details["path"]?.stringValue else {
                throw Failure(description: "a path dependency without a path")
            }
            let relative = RepoPath.normalize(
                RepoPath.relativePath(
                    from: String(packageDirectory.drop { $0 == "/" }), to: String(absolute.drop { $0 == "/" })
                ))
            return DeclaredPackageDependency(identity: identity, kind: .path, path: relative, name: name)
        case "sourceControl":
            let location = details["location"]
            var url =
                location?["remote"]?.arrayValue?.first?["urlString"]?.stringValue
                ?? location?["remote"]?.arrayValue?.first?.stringValue
            if url == nil, let local = location?["local"]?.arrayValue?.first?.stringValue {
                // A repository on disk (`url: "../.."`): relative to the package, as the manifest wrote it.
                url = RepoPath.normalize(
                    RepoPath.relativePath(
                        from: String(packageDirectory.drop { $0 == "/" }),
                        to: String(local.drop { $0 == "/" })))
            }
            return DeclaredPackageDependency(identity: identity, kind: .url, url: url, name: name)
        case "registry":
            return DeclaredPackageDependency(
                identity: identity, kind: .registry, registryID: identity, name: name)
        default:
            throw Failure(description: "unknown package dependency kind '\(kind)'")
        }
    }
}
