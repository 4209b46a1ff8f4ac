import Testing

@testable import ESModels

@Suite struct SourceFilterApplyTests {
    private let document: JSONValue = [
        "uuid": "a-1",
        "titles": ["en": "Heat", "fr": "Heat (fr)"],
        "descriptions": ["en": "A heist."],
        "license_windows": [
            ["countries": ["KE"], "type": "SVOD", "rules": ["downloadable": true]],
            ["countries": ["ZA"], "type": "AVOD", "rules": ["downloadable": false]],
        ],
        "empty": [:],
    ]

    @Test func fetchFalseReturnsNothingAndNoFilterReturnsAll() {
        #expect(SourceFilter.fetch(false).apply(to: document) == nil)
        #expect(SourceFilter.fetch(true).apply(to: document) == document)
    }

    @Test func includesKeepMatchingFieldsAndTheirParents() {
        #expect(SourceFilter.includes(["uuid"]).apply(to: document) == ["uuid": "a-1"])
        #expect(
            SourceFilter.includes(["titles"]).apply(to: document) == [
                "titles": ["en": "Heat", "fr": "Heat (fr)"]
            ])
        #expect(SourceFilter.includes(["titles.en"]).apply(to: document) == ["titles": ["en": "Heat"]])
        #expect(
            SourceFilter.includes(["*.en"]).apply(to: document)
                == ["titles": ["en": "Heat"], "descriptions": ["en": "A heist."]])
        #expect(
            SourceFilter.includes(["license_windows.countries"]).apply(to: document)
                == ["license_windows": [["countries": ["KE"]], ["countries": ["ZA"]]]])
        #expect(SourceFilter.includes(["nothing"]).apply(to: document) == [:])
    }

    @Test func excludesDropMatchingFieldsEvenInsideIncludes() {
        let filter = SourceFilter(
            includes: ["titles", "license_windows"], excludes: ["titles.fr", "*.rules"])
        #expect(
            filter.apply(to: document)
                == [
                    "titles": ["en": "Heat"],
                    "license_windows": [
                        ["countries": ["KE"], "type": "SVOD"], ["countries": ["ZA"], "type": "AVOD"],
                    ],
                ])
        let excludeOnly = SourceFilter(excludes: ["license_windows", "descriptions", "empty"])
        #expect(
            excludeOnly.apply(to: document) == ["uuid": "a-1", "titles": ["en": "Heat", "fr": "Heat (fr)"]])
    }

    @Test func wildcardMatching() {
        #expect(SourceFilter.matches("obj1.*", "obj1.a.b"))
        #expect(SourceFilter.matches("*", "anything.at.all"))
        #expect(SourceFilter.matches("a*c", "abbbc"))
        #expect(!SourceFilter.matches("a*c", "abbbd"))
        #expect(!SourceFilter.matches("obj1.*", "obj2.a"))
        #expect(SourceFilter.matches("exact", "exact"))
    }
}
