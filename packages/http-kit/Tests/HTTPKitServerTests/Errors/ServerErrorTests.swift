import HTTPKit
import HTTPKitServer
import Testing

@Suite struct ServerErrorTests {
    @Test func describesServerErrorsWithWhatToDo() {
        let error = ServerError.bindFailed(address: "127.0.0.1:80", reason: "permission denied")
        #expect(
            error.description.hasPrefix(
                "cannot listen on '127.0.0.1:80': permission denied; choose another port"))
    }
}

@Suite struct UnavailableEventLoopTests {
    /// A back end this platform lacks is refused with the ones it has, never half-started.
    @Test func aForeignBackEndIsRefusedWithTheAvailableOnes() throws {
        let foreign = EventLoopBackend.allCases.filter { !EventLoopBackend.available.contains($0) }
        for backend in foreign {
            #expect(throws: ServerError.self) {
                _ = try Application(
                    router: Router(), configuration: ServerConfiguration(port: 0, eventLoop: backend),
                    logger: Logger(label: "test", level: .critical)
                ).makeServer()
            }
            do {
                _ = try EventLoop.shared(backend)
            } catch {
                #expect(error.description.contains("'poll'"), "\(error)")
            }
        }
    }
}
