import Foundation
import Testing

@testable import ESModels

@Suite struct HTTPSearchBackendConfigurationTests {
    @Test func readsTheEnvironment() throws {
        #expect(try HTTPSearchBackendConfiguration(environment: [:]) == nil)
        let basic = try #require(
            try HTTPSearchBackendConfiguration(environment: [
                "ELASTICSEARCH_URL": "https://search.internal:9200", "ELASTICSEARCH_USERNAME": "u",
                "ELASTICSEARCH_PASSWORD": "p", "ELASTICSEARCH_TIMEOUT": "2.5",
            ]))
        #expect(basic.baseURL.absoluteString == "https://search.internal:9200")
        #expect(basic.authentication == .basic(username: "u", password: "p"))
        #expect(basic.requestTimeout == 2.5)
        let key = try #require(
            try HTTPSearchBackendConfiguration(environment: [
                "ELASTICSEARCH_URL": "http://127.0.0.1:9200", "ELASTICSEARCH_API_KEY": "abc==",
            ]))
        #expect(key.authentication == .apiKey("abc=="))
        #expect(throws: SearchConfigurationError.invalidURL("localhost:9200")) {
            try HTTPSearchBackendConfiguration(environment: ["ELASTICSEARCH_URL": "localhost:9200"])
        }
        #expect(throws: SearchConfigurationError.invalidTimeout("soon")) {
            try HTTPSearchBackendConfiguration(environment: [
                "ELASTICSEARCH_URL": "http://h:1", "ELASTICSEARCH_TIMEOUT": "soon",
            ])
        }
        #expect(SearchConfigurationError.invalidURL("x").description.contains("use an http or https url"))
    }

    @Test func backoffGrowsExponentiallyUpToTheCap() {
        let policy = RetryPolicy(maxAttempts: 5, initialBackoff: 0.1, maxBackoff: 0.5, multiplier: 2)
        #expect((1...4).map { policy.backoff(afterAttempt: $0) } == [0.1, 0.2, 0.4, 0.5])
        #expect(policy.backoff(afterAttempt: 1, retryAfter: 0.3) == 0.3)
        #expect(policy.backoff(afterAttempt: 1, retryAfter: 30) == 0.5)
        #expect(RetryPolicy.none.maxAttempts == 1)
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
        #expect(RetryPolicy().retryableStatuses == [429, 502, 503, 504])
    }
}
