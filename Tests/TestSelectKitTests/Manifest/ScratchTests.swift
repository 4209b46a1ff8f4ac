import Testing

@testable import TestSelectKit

@Suite struct ScratchTests {
    @Test func basic() throws {
        let text = """
            // swift-tools-version:5.9
            import PackageDescription

            let common: [Target.Dependency] = [.product(name: "NIO", package: "swift-nio")]
            var targets: [Target] = [
                .target(name: "A", dependencies: common + ["B"]),
            ]
            #if os(Linux)
            targets.append(.target(name: "LinuxOnly"))
            #else
            targets += [.target(name: "MacOnly", path: "Sources/Mac")]
            #endif
            let package = Package(
                name: "Demo\\(1)",
                products: [.library(name: "ALib", type: .dynamic, targets: ["A"])],
                dependencies: [.package(url: "https://github.com/apple/swift-nio.git", from: "2.0.0")],
                targets: targets + [
                    .testTarget(name: "ATests", dependencies: ["A"]),
                ]
            )
            package.targets.append(.target(name: "B"))
            for target in package.targets {
                var settings = target.swiftSettings ?? []
                settings.append(.enableUpcomingFeature("ExistentialAny"))
                target.swiftSettings = settings
            }
            """
        let result = StaticManifestReader.read(text)
        print(result)
        let package = try result.get()
        #expect(package.targets.map(\.name) == ["A", "LinuxOnly", "MacOnly", "ATests", "B"])
    }
}
