// swift-tools-version:6.0
import PackageDescription

// TimeKit: where elapsed time comes from and how to wait for it, injected into every timing
// decision of the services' libraries (deadlines, back-off, retries, caches); TimeKitTesting: a
// manual clock that tests move forward.
let package = Package(
    name: "time-kit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TimeKit", targets: ["TimeKit"]),
        .library(name: "TimeKitTesting", targets: ["TimeKitTesting"]),
    ],
    targets: [
        .target(name: "TimeKit"),
        .target(name: "TimeKitTesting", dependencies: ["TimeKit"]),
        .testTarget(name: "TimeKitTests", dependencies: ["TimeKit", "TimeKitTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
