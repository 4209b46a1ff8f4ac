import Foundation

/// The tests of a package's test bundle, as `swift test list` prints them (`Module.Class/test`,
/// `Module.Suite/test()`, `Module.freeFunction()`).
public struct TestInventory: Sendable, Hashable {
    /// Every listed test identifier, in order.
    public var identifiers: [String]

    /// Reads `swift test list` output; lines that are not test identifiers are ignored.
    public init(listing: String) {
        identifiers = listing.split(whereSeparator: \.isNewline).compactMap { rawLine in
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard let first = line.unicodeScalars.first, first == "_" || first.properties.isAlphabetic,
                line.contains("."), !line.contains(" ")
            else { return nil }
            return line
        }
    }

    /// The module (test target) of an identifier.
    static func module(of identifier: String) -> String {
        String(identifier.prefix { $0 != "." })
    }

    /// The test target of each class or suite (`MappingTests` -> `ESModelsTests`), which Linux XCTest
    /// output leaves out.
    public var modulesByClass: [String: String] {
        var map: [String: String] = [:]
        for identifier in identifiers {
            guard let slash = identifier.firstIndex(of: "/") else { continue }
            let qualified = identifier[..<slash]
            guard let dot = qualified.firstIndex(of: ".") else { continue }
            map[String(qualified[qualified.index(after: dot)...])] = String(qualified[..<dot])
        }
        return map
    }

    /// How many tests belong to the modules of these test targets (all tests when `targets` is nil).
    public func count(inTargets targets: [String]?) -> Int {
        guard let targets else { return identifiers.count }
        return identifiers.filter { identifier in
            let module = TestInventory.module(of: identifier)
            return targets.contains { ModuleName.matches(module: module, target: $0) }
        }.count
    }
}
