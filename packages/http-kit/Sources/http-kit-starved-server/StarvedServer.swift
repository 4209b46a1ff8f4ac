import Foundation
import HTTPKit
import HTTPKitServer

/// `http-kit-starved-server <headroom>`: serves `GET /hello` on a free loopback port with only
/// `headroom` file descriptors to spare, so that accepting soon fails with `EMFILE`.
///
/// A fixture for HTTPKit's tests: a test process cannot lower its own descriptor limit without
/// starving its other tests, so the server under exhaustion runs in this process instead.
@main
struct StarvedServer {
    static let help = """
        OVERVIEW: Serve GET /hello with few file descriptors to spare (a fixture for HTTPKit's tests).

        USAGE: http-kit-starved-server <headroom>

        ARGUMENTS:
          <headroom>    descriptors left free once the server listens (1 to 1000)

        OPTIONS:
          -h, --help    show this help

        Prints the port on stdout, logs on stderr at info level, and serves on 127.0.0.1 until
        killed (two minutes at most).
        """

    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--help"] || arguments == ["-h"] {
            print(help)
            exit(0)
        }
        guard arguments.count == 1, let headroom = Int(arguments[0]), (1...1000).contains(headroom) else {
            fail(
                "expected one headroom between 1 and 1000, got '\(arguments.joined(separator: " "))';"
                    + " see '--help'", status: 64)
        }
        // Exits even if the test that started it cannot stop it (long after any test on a
        // loaded machine needs it); a sleeping thread needs no descriptor, where a timer might.
        Thread {
            Thread.sleep(forTimeInterval: 120)
            exit(1)
        }
        .start()
        let router = Router()
        router.get("/hello") { _, _ in .text("hello") }
        let application = Application(
            router: router, configuration: ServerConfiguration(port: 0),
            logger: Logger(label: "starved", level: .info))
        do {
            let server = try application.makeServer()
            // As `run()` does first (see HTTPServer.run): Dispatch's timer descriptors are opened
            // while there is room, before the limit leaves none.
            try await Task.sleep(for: .milliseconds(1))
            try limitDescriptors(headroom: headroom)
            FileHandle.standardOutput.write(Data("\(server.address.port)\n".utf8))
            try await server.run()
        } catch {
            fail("\(error)", status: 1)
        }
    }

    /// Lowers the soft descriptor limit so that exactly `headroom` descriptor numbers are free
    /// below it (descriptors inherited at high numbers stay open but leave no room).
    static func limitDescriptors(headroom: Int) throws {
        let open = Set(
            try FileManager.default.contentsOfDirectory(atPath: Descriptors.openListing).compactMap {
                Int($0)
            })
        var free = 0
        var bound = 0
        while free < headroom {
            if !open.contains(bound) { free += 1 }
            bound += 1
        }
        guard Descriptors.lowerSoftLimit(to: bound) else {
            fail("cannot lower the descriptor limit to \(bound)", status: 1)
        }
    }

    static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("http-kit-starved-server: error: \(message)\n".utf8))
        exit(status)
    }
}
