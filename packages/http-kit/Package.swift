// swift-tools-version:6.0
import PackageDescription

// HTTPKit (values, routing, middleware, logging, the wire format) and HTTPKitTesting (the
// in-process test client) are portable; HTTPKitServer is the socket server, with an event loop
// on epoll (Linux), kqueue (Darwin) or poll(2) (both; HTTPKIT_EVENT_LOOP=poll selects it);
// HTTPKitClient is a plain-http client over the same sockets.
let package = Package(
    name: "http-kit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "HTTPKit", targets: ["HTTPKit"]),
        .library(name: "HTTPKitTesting", targets: ["HTTPKitTesting"]),
        .library(name: "HTTPKitServer", targets: ["HTTPKitServer"]),
        .library(name: "HTTPKitServerTesting", targets: ["HTTPKitServerTesting"]),
        .library(name: "HTTPKitClient", targets: ["HTTPKitClient"]),
        .executable(name: "http-kit-bench", targets: ["http-kit-bench"]),
    ],
    dependencies: [
        .package(path: "../cli-kit"),
        .package(path: "../time-kit"),
    ],
    targets: [
        .target(name: "HTTPKit"),
        .target(name: "HTTPKitTesting", dependencies: ["HTTPKit"]),
        // Linux's epoll and eventfd headers, which Glibc's Swift module does not export.
        .systemLibrary(name: "CHTTPKitEpoll"),
        .target(
            name: "HTTPKitServer",
            dependencies: [
                "HTTPKit", .product(name: "TimeKit", package: "time-kit"),
                .product(name: "CLIKit", package: "cli-kit"),
                .target(name: "CHTTPKitEpoll", condition: .when(platforms: [.linux])),
            ]),
        .target(
            name: "HTTPKitServerTesting",
            dependencies: [
                "HTTPKit", "HTTPKitTesting", "HTTPKitServer", .product(name: "TimeKit", package: "time-kit"),
            ]),
        // The plain-http client (keep-alive pool, timeouts, deadlines), on the server's sockets
        // and event loop.
        .target(
            name: "HTTPKitClient",
            dependencies: ["HTTPKit", "HTTPKitServer", .product(name: "TimeKit", package: "time-kit")]),
        .target(
            name: "HTTPKitBenchmark",
            dependencies: ["HTTPKit", "HTTPKitServer", .product(name: "CLIKit", package: "cli-kit")]),
        .executableTarget(
            name: "http-kit-bench",
            dependencies: ["HTTPKitBenchmark", .product(name: "CLIKit", package: "cli-kit")]),
        // A server with few descriptors to spare, run by HTTPKitServerTests in its own process.
        .executableTarget(name: "http-kit-starved-server", dependencies: ["HTTPKit", "HTTPKitServer"]),
        .testTarget(name: "HTTPKitTests", dependencies: ["HTTPKit", "HTTPKitTesting"]),
        .testTarget(
            name: "HTTPKitServerTests",
            dependencies: [
                "HTTPKit", "HTTPKitServer", "HTTPKitTesting", "HTTPKitServerTesting",
                "http-kit-starved-server", .product(name: "TimeKit", package: "time-kit"),
                .product(name: "TimeKitTesting", package: "time-kit"),
                .product(name: "CLIKitTesting", package: "cli-kit"),
            ]),
        .testTarget(
            name: "HTTPKitClientTests",
            dependencies: [
                "HTTPKit", "HTTPKitClient", "HTTPKitServer", "HTTPKitServerTesting",
                .product(name: "TimeKitTesting", package: "time-kit"),
            ]),
        .testTarget(
            name: "HTTPKitTestingTests",
            dependencies: ["HTTPKit", "HTTPKitTesting", "HTTPKitServer", "HTTPKitServerTesting"]),
        .testTarget(
            name: "HTTPKitBenchmarkTests",
            dependencies: [
                "HTTPKitBenchmark", "http-kit-bench", .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "CLIKitTesting", package: "cli-kit"),
            ]),
    ]
)
