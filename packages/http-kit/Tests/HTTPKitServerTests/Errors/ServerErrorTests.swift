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
