import ESModels
import Foundation
import IntegrationFixtures
import Testing

@Suite struct FixtureStoreTests {
    @Test func embeddedWithoutESURL() throws {
        #expect(try !FixtureStore.fromEnvironment([:]).isCluster)
        #expect(try !FixtureStore.fromEnvironment(["ES_URL": ""]).isCluster)
    }

    @Test func clusterWithESURL() throws {
        #expect(try FixtureStore.fromEnvironment(["ES_URL": "http://127.0.0.1:9200"]).isCluster)
    }

    @Test func badESURLIsAnError() {
        #expect(throws: FixtureError.invalidClusterURL("ftp://nowhere")) {
            try FixtureStore.fromEnvironment(["ES_URL": "ftp://nowhere"])
        }
    }
}
