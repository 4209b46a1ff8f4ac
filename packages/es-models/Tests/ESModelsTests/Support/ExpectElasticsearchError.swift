import Testing

@testable import ESModels

/// Checks that `body` throws an ``ElasticsearchError`` with this type, reason and status
/// (metadata such as `line`/`col` is not compared).
func expectElasticsearchError(
    type: String, reason: String, status: Int = 400, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected \(type) '\(reason)', but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as ElasticsearchError {
        #expect(error.type == type, sourceLocation: sourceLocation)
        #expect(error.reason == reason, sourceLocation: sourceLocation)
        #expect(error.status == status, sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected an ElasticsearchError, got \(error)", sourceLocation: sourceLocation)
    }
}
