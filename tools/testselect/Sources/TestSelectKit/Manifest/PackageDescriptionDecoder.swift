import TestSelectSupport

/// Turns the evaluated `Package(...)` value into the declared model, insisting that every field
/// the graph uses (names, kinds, paths, sources, dependencies, plugins, products) is known.
struct PackageDescriptionDecoder {
    let toolsVersion: ToolsVersion
    /// The objects `.object` values refer to.
    var objects: [HeapObject] = []

    typealias Failure = UnknownValue

    func fail(_ reason: String) -> UnknownValue {
        UnknownValue(reason: reason, line: 0)
    }

    /// An object as the symbolic call that made it, with its current properties.
    func resolved(_ value: ManifestValue) -> ManifestValue {
        if case .object(let id) = value, id < objects.count {
            return .call(objects[id].factory, objects[id].fields)
        }
        return value
    }

    func decodePackage(_ value: ManifestValue) throws(Failure) -> DeclaredPackage {
        let value = resolved(value)
        if case .unknown(let why) = value { throw why }
        guard case .call("Package", _) = value else {
            throw fail("'package' is not a 'Package(...)'")
        }
        let name = try string(value.argument("name"), "the package name")
        let products = try list(value.argument("products"), "the products").map(decodeProduct)
        let dependencies = try list(value.argument("dependencies"), "the package dependencies").map(
            decodeDependency)
        let targets = try list(value.argument("targets"), "the targets").map(decodeTarget)
        return DeclaredPackage(
            name: name, toolsVersion: toolsVersion, products: products, targets: targets,
            dependencies: dependencies)
    }

    func decodeProduct(_ value: ManifestValue) throws(Failure) -> DeclaredProduct {
        let value = resolved(value)
        if case .unknown(let why) = value { throw why }
        guard case .call(let callee, _) = value else { throw fail("a product that is not a call") }
        let name = try string(value.argument("name"), "a product name")
        let targets = try strings(value.argument("targets"), "the targets of product '\(name)'")
        switch callee {
        case "library":
            var linkage = DeclaredProduct.Linkage.automatic
            switch value.argument("type") {
            case nil, .null?: break
            case .member("static")?: linkage = .static
            case .member("dynamic")?: linkage = .dynamic
            case .unknown(let why)?: throw why
            default: throw fail("the type of library '\(name)'")
            }
            return DeclaredProduct(name: name, kind: .library, linkage: linkage, targets: targets)
        case "executable":
            return DeclaredProduct(name: name, kind: .executable, targets: targets)
        case "plugin":
            return DeclaredProduct(name: name, kind: .plugin, targets: targets)
        default:
            throw fail("the product '.\(callee)(...)' is not a library, executable or plugin")
        }
    }

    func decodeDependency(_ value: ManifestValue) throws(Failure) -> DeclaredPackageDependency {
        let value = resolved(value)
        if case .unknown(let why) = value { throw why }
        guard case .call("package", _) = value else {
            throw fail("a package dependency that is not '.package(...)'")
        }
        let name = try optionalString(value.argument("name"), "the name of a package dependency")
        if let path = value.argument("path") {
            let text = try string(path, "the path of a package dependency")
            return DeclaredPackageDependency(
                identity: PackageIdentity.forPath(text), kind: .path,
                path: text.hasPrefix("/") ? text : RepoPath.normalize(text), name: name)
        }
        if let url = value.argument("url") {
            var text = try string(url, "the url of a package dependency")
            if PackageIdentity.isLocalURL(text), !text.hasPrefix("/") { text = RepoPath.normalize(text) }
            return DeclaredPackageDependency(
                identity: PackageIdentity.forURL(text), kind: .url, url: text, name: name)
        }
        if let id = value.argument("id") {
            let text = try string(id, "the id of a registry dependency")
            return DeclaredPackageDependency(identity: text, kind: .registry, registryID: text, name: name)
        }
        throw fail("a '.package(...)' without 'path:', 'url:' or 'id:'")
    }

    static let targetKinds: [String: TargetKind] = [
        "target": .regular, "executableTarget": .executable, "testTarget": .test, "plugin": .plugin,
        "macro": .macro, "systemLibrary": .system, "binaryTarget": .binary,
    ]

    func decodeTarget(_ value: ManifestValue) throws(Failure) -> DeclaredTarget {
        let value = resolved(value)
        if case .unknown(let why) = value { throw why }
        guard case .call(let callee, _) = value, let kind = PackageDescriptionDecoder.targetKinds[callee]
        else {
            throw fail(
                "a target that is not one of '.target', '.executableTarget', '.testTarget', '.plugin', "
                    + "'.macro', '.systemLibrary', '.binaryTarget'")
        }
        let name = try string(value.argument("name"), "a target name")
        let what = "target '\(name)'"
        let path = try optionalString(value.argument("path"), "the path of \(what)")
        let url = try optionalString(value.argument("url"), "the url of \(what)")
        var sources: [String]? = nil
        if let given = value.argument("sources"), given != .null {
            sources = try strings(given, "the sources of \(what)").map(RepoPath.normalize)
        }
        let exclude = try strings(value.argument("exclude"), "the excludes of \(what)").map(
            RepoPath.normalize)
        var resources: [String] = []
        for resource in try list(value.argument("resources"), "the resources of \(what)") {
            let resource = resolved(resource)
            guard case .call(let rule, let arguments) = resource,
                ["process", "copy", "embedInCode"].contains(rule),
                let first = arguments.first, first.label == nil
            else {
                if case .unknown(let why) = resource { throw why }
                throw fail("a resource of \(what)")
            }
            resources.append(RepoPath.normalize(try string(first.value, "a resource path of \(what)")))
        }
        var dependencies: [TargetDependency] = []
        for dependency in try list(value.argument("dependencies"), "the dependencies of \(what)") {
            dependencies.append(try decodeTargetDependency(dependency, of: name))
        }
        var plugins: [PluginUsage] = []
        for usage in try list(value.argument("plugins"), "the plugins of \(what)") {
            let usage = resolved(usage)
            if case .unknown(let why) = usage { throw why }
            // `PluginUsage` is expressible by a string literal: a plugin of the same package.
            if case .string(let plugin) = usage {
                plugins.append(PluginUsage(name: plugin, package: nil))
                continue
            }
            guard case .call("plugin", _) = usage else { throw fail("a plugin usage of \(what)") }
            plugins.append(
                PluginUsage(
                    name: try string(usage.argument("name"), "a plugin name of \(what)"),
                    package: try optionalString(usage.argument("package"), "a plugin package of \(what)")))
        }
        return DeclaredTarget(
            name: name, kind: kind, path: path, url: url, sources: sources, exclude: exclude,
            resources: resources,
            dependencies: dependencies, plugins: plugins)
    }

    func decodeTargetDependency(_ value: ManifestValue, of target: String) throws(Failure) -> TargetDependency
    {
        let what = "a dependency of target '\(target)'"
        let value = resolved(value)
        switch value {
        case .unknown(let why):
            throw why
        case .string(let name):
            return .byName(name: name, condition: nil)
        case .call("target", _):
            return .target(
                name: try string(value.argument("name"), what),
                condition: try condition(value.argument("condition")))
        case .call("product", _):
            return .product(
                name: try string(value.argument("name"), what),
                package: try optionalString(value.argument("package"), what),
                condition: try condition(value.argument("condition")))
        case .call("byName", _):
            return .byName(
                name: try string(value.argument("name"), what),
                condition: try condition(value.argument("condition")))
        default:
            throw fail("\(what) is not a name, '.target', '.product' or '.byName'")
        }
    }

    func condition(_ value: ManifestValue?) throws(Failure) -> DependencyCondition? {
        guard let value, value != .null, value != .inert else { return nil }
        if case .unknown(let why) = value { throw why }
        guard case .call("when", _) = value else {
            throw fail("a dependency condition that is not '.when(...)'")
        }
        var platforms: [String] = []
        for platform in try list(value.argument("platforms"), "the platforms of a condition") {
            switch platform {
            case .member(let name): platforms.append(name.lowercased())
            case .call("custom", let arguments):
                platforms.append(try string(arguments.first?.value, "a custom platform"))
            case .unknown(let why): throw why
            default: throw fail("a platform of a condition")
            }
        }
        var config: String? = nil
        switch value.argument("configuration") {
        case nil, .null?: break
        case .member(let name)?: config = name
        case .unknown(let why)?: throw why
        default: throw fail("the configuration of a condition")
        }
        var traits: [String]? = nil
        if let given = value.argument("traits"), given != .null {
            traits = try strings(given, "the traits of a condition")
        }
        return DependencyCondition(platforms: platforms, config: config, traits: traits)
    }

    func string(_ value: ManifestValue?, _ what: String) throws(Failure) -> String {
        switch value {
        case .string(let text)?: return text
        case .unknown(let why)?: throw why
        case .inert?: throw fail("\(what) is a build setting")
        case nil: throw fail("\(what) is missing")
        default: throw fail("\(what) is not a string")
        }
    }

    func optionalString(_ value: ManifestValue?, _ what: String) throws(Failure) -> String? {
        switch value {
        case nil, .null?: return nil
        default: return try string(value, what)
        }
    }

    func list(_ value: ManifestValue?, _ what: String) throws(Failure) -> [ManifestValue] {
        switch value {
        case nil, .null?: return []
        case .array(let elements)?: return elements
        case .unknown(let why)?: throw why
        default: throw fail("\(what) is not an array")
        }
    }

    func strings(_ value: ManifestValue?, _ what: String) throws(Failure) -> [String] {
        var result: [String] = []
        for element in try list(value, what) { result.append(try string(element, what)) }
        return result
    }
}
