import Foundation

/// The executables SwiftPM built next to the running tests.
public enum BuiltProducts {
    /// The directory holding the built products (`.build/debug`): where the test bundle is.
    public static var directory: URL {
        #if canImport(Darwin)
            // Tests run inside an .xctest bundle, itself in the products directory.
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
    }

    /// The built executable `name`.
    ///
    /// - Throws: ``ChildProcessError/notBuilt(_:)`` when it is not there (the test target must
    ///   depend on the executable target so that `swift build --build-tests` builds it).
    public static func executable(_ name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw ChildProcessError.notBuilt(url.path)
        }
        return url
    }
}
