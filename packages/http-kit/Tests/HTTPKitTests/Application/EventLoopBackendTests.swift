import HTTPKit
import Testing

@Suite struct EventLoopBackendTests {
    @Test func theEnvironmentChoosesAmongThePlatformsBackEnds() throws {
        #expect(try EventLoopBackend.selected(environment: [:]) == EventLoopBackend.platformDefault)
        #expect(try EventLoopBackend.selected(environment: ["HTTPKIT_EVENT_LOOP": ""]) == .platformDefault)
        #expect(try EventLoopBackend.selected(environment: ["HTTPKIT_EVENT_LOOP": "POLL"]) == .poll)
        #expect(EventLoopBackend.available.contains(.poll))
        #if os(Linux)
            #expect(EventLoopBackend.platformDefault == .epoll)
            #expect(throws: EventLoopBackendError(name: "kqueue")) {
                try EventLoopBackend.selected(environment: ["HTTPKIT_EVENT_LOOP": "kqueue"])
            }
        #elseif canImport(Darwin)
            #expect(EventLoopBackend.platformDefault == .kqueue)
        #endif
        let unknown = EventLoopBackendError(name: "select")
        #expect(
            unknown.description.hasPrefix(
                "HTTPKIT_EVENT_LOOP='select' names no event loop of this platform; use one of 'epoll', 'poll'"
            ) || !EventLoopBackend.available.contains(.epoll))
    }
}
