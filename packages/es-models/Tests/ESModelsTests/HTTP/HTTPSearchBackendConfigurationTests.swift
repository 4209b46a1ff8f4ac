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
        #expect(basic.requestTimeout == .milliseconds(2500))
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
        let policy = RetryPolicy(
            maxAttempts: 5, initialBackoff: .milliseconds(100), maxBackoff: .milliseconds(500), multiplier: 2)
        #expect(
            (1...4).map { policy.backoff(afterAttempt: $0) }
                == [100, 200, 400, 500].map { .milliseconds($0) })
        #expect(policy.backoff(afterAttempt: 1, retryAfter: .milliseconds(300)) == .milliseconds(300))
        #expect(policy.backoff(afterAttempt: 1, retryAfter: .seconds(30)) == .milliseconds(500))
        #expect(RetryPolicy.none.maxAttempts == 1)
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
        #expect(RetryPolicy().retryableStatuses == [429, 502, 503, 504])
    }
}
