import ESModels
import Testing

@testable import ESEmbedded

/// The fast date reader agrees with the general one wherever it answers.
@Suite struct FastISODateTests {
    @Test(arguments: [
        "2024-03-15", "2024-02-29", "1969-12-31T23:59:59Z", "2024-03-15T12:30:00.250Z",
        "2024-03-15T12:30:00+02:00",
        "2024-03-15T12:30:00-05:30", "0001-01-01", "2400-02-29T00:00:00Z",
    ])
    func agreesWithTheDefaultFormat(text: String) throws {
        #expect(FastISODate.millis(text) == (try DateFormat.default.parseMillis(text)))
    }

    @Test(arguments: [
        "2024-02-30", "2023-02-29", "2024-13-01", "2024-03-15T24:00:00Z", "2024-03", "2024-03-15T12:30",
        "1700000000000", "2024-03-15 12:30:00Z",
    ])
    func leavesOtherFormsToTheGeneralParser(text: String) {
        #expect(FastISODate.millis(text) == nil)
    }
}
