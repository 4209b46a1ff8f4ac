import ESModels
import Foundation
import IntegrationFixtures
import Testing

@Suite struct FixtureEnvironmentTests {
    @Test func createsEveryIndexFromTheCopy() async throws {
        try await withFixtureEnvironment(FixtureData(), store: .embedded) { environment async throws in
            #expect(environment.indexPrefix == "")
            #expect(Set(environment.createdIndices) == Set(IndexName.allCases.map(\.rawValue)))
            for index in IndexName.allCases {
                let mapping = try await environment.backend.getMapping(environment.indexName(index))
                let copy = try FixtureMappings.shared.mapping(for: index.rawValue)
                #expect(mapping.mappings.values.first?.field(at: "uuid") == copy.field(at: "uuid"))
                #expect(mapping.mappings.values.first?.dynamic == copy.dynamic, "\(index)")
            }
        }
    }

    @Test func loadsReferenceDataByDefaultAndContentOnRequest() async throws {
        let data = FixtureData(assetflats: [[:], [:]], promos: [[:]])
        try await withFixtureEnvironment(data, store: .embedded) { environment async throws in
            let count = { (index: IndexName) async throws -> Int in
                try await environment.backend.count(environment.indexName(index), request: CountRequest())
                    .count
            }
            #expect(try await count(.territories) == 6)
            #expect(try await count(.languages) == 4)
            #expect(try await count(.categories) == Fixtures.categories.count)
            #expect(try await count(.ratings) == 14)
            #expect(try await count(.assetflat) == 2)
            #expect(try await count(.marketingPromos) == 1)
            #expect(try await count(.sportsEvents) == 0)
            #expect(environment.documents(in: .assetflat).map(\.id) == ["uuid-1", "uuid-2"])
        }
    }

    @Test func documentsAreSearchableAtOnceWithTheirDatesResolved() async throws {
        let data = FixtureData(assetflats: [["uuid": "gone", "license_windows": [["end": .datetimePassed]]]])
        try await withFixtureEnvironment(data, store: .embedded) { environment async throws in
            let found = try await environment.backend.search(
                environment.indexName(.assetflat),
                request: SearchRequest(
                    query: .nested(
                        path: "license_windows",
                        query: .range(
                            "license_windows.end", lt: .string(ISODate.string(from: environment.now))))))
            #expect(found.ids == ["gone"])
        }
    }

    @Test func unknownFieldFailsWithTheStrictMappingError() async throws {
        let data = FixtureData(assetflats: [["uuid": "uuid-1", "titel": "Heat"]])
        let error = await #expect(throws: FixtureError.self) {
            try await withFixtureEnvironment(data, store: .embedded) { _ in }
        }
        guard case .documentRejected(let index, let id, let type, let reason) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(index == "assetflat")
        #expect(id == "uuid-1")
        #expect(type == "strict_dynamic_mapping_exception")
        #expect(reason.contains("[titel]"))
        #expect(error?.description.contains("Mappings/assetflat.json") == true)
    }

    @Test func unknownFieldInsideANestedWindowFailsToo() async throws {
        let data = FixtureData(assetflats: [["license_windows": [["country": ["KE"]]]]])
        let error = await #expect(throws: FixtureError.self) {
            try await withFixtureEnvironment(data, store: .embedded) { _ in }
        }
        guard case .documentRejected(_, _, let type, let reason) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(type == "strict_dynamic_mapping_exception")
        #expect(reason.contains("[country]"))
    }

    @Test func wrongValueTypeFailsWithTheParsingError() async throws {
        let data = FixtureData(promos: [["priority": "high"]])
        let error = await #expect(throws: FixtureError.self) {
            try await withFixtureEnvironment(data, store: .embedded) { _ in }
        }
        guard case .documentRejected(let index, _, let type, _) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(index == "marketing_promos")
        #expect(type.hasSuffix("parsing_exception"))
    }

    @Test func dynamicMapsTakeAnyLanguage() async throws {
        let data = FixtureData(assetflats: [["titles": ["zu": "Umfula"]]])
        try await withFixtureEnvironment(data, store: .embedded) { environment async throws in
            let found = try await environment.backend.search(
                environment.indexName(.assetflat),
                request: SearchRequest(query: .match("titles.zu", "umfula")))
            #expect(found.ids == ["uuid-1"])
        }
    }

    @Test func publishesItselfAsCurrentAndNotOutside() async throws {
        #expect(FixtureEnvironment.current == nil)
        #expect(throws: FixtureError.noEnvironment) { try FixtureEnvironment.required() }
        try await withFixtureEnvironment(FixtureData(), store: .embedded) { environment async throws in
            #expect(try FixtureEnvironment.required() === environment)
            #expect(environment.clock.now() == Fixtures.now)
        }
        #expect(FixtureEnvironment.current == nil)
    }

    @Test func honoursAnotherNow() async throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        try await withFixtureEnvironment(FixtureData(now: now, assetflats: [[:]]), store: .embedded) {
            environment async throws in
            #expect(environment.clock.now() == now)
            let asset = try #require(
                try await environment.backend.document(
                    AssetFlat.self, id: "uuid-1", from: environment.indexName(.assetflat)))
            #expect(asset.isLicensed(at: now, in: "KE"))
            #expect(!asset.isLicensed(at: Fixtures.now, in: "KE"))
        }
    }

    @Test func loadsMoreDocumentsLater() async throws {
        try await withFixtureEnvironment(FixtureData(assetflats: [[:]]), store: .embedded) {
            environment async throws in
            let added = try await environment.load([FixtureSet(.assetflat, [["uuid": "late"]])])
            #expect(added.map(\.id) == ["late"])
            #expect(environment.documents(in: .assetflat).map(\.id) == ["uuid-1", "late"])
            let count = try await environment.backend.count(
                environment.indexName(.assetflat), request: CountRequest())
            #expect(count.count == 2)
        }
    }

    @Test func sharedValuesAreMadeOnce() async throws {
        final class Box: Sendable {}
        try await withFixtureEnvironment(FixtureData(), store: .embedded) { environment async throws in
            let first = environment.shared(Box.self) { Box() }
            let second = environment.shared(Box.self) { Box() }
            #expect(first === second)
        }
    }

    @Test func selectedIndicesOnly() async throws {
        let data = FixtureData(sets: [FixtureSet(.territory, [["code": "KE"]])], indices: ["territories"])
        try await withFixtureEnvironment(data, store: .embedded) { environment async throws in
            #expect(environment.createdIndices == ["territories"])
            #expect(try await !environment.backend.indexExists("assetflat"))
        }
    }

    @Test func bodyErrorsPropagate() async throws {
        struct Boom: Error {}
        await #expect(throws: Boom.self) {
            try await withFixtureEnvironment(FixtureData(), store: .embedded) { _ in throw Boom() }
        }
    }
}
