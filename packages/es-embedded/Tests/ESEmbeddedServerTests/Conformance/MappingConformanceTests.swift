import ESModels
import Testing

/// Mappings enforced as Elasticsearch's mapping documentation describes (dynamic mapping,
/// `dynamic` parameter, field data types, put-mapping), each case against both backends.
@Suite struct MappingConformanceTests {
    @Test(arguments: BackendMode.allCases)
    func strictDynamicRefusesUnknownFieldWithElasticsearchsReason(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, [])
            let error = await elasticsearchError {
                _ = try await backend.index("catalogue", id: "1", document: ["uuid": "1", "colour": "red"])
            }
            #expect(error?.type == "strict_dynamic_mapping_exception")
            #expect(error?.status == 400)
            #expect(
                error?.reason
                    == "mapping set to strict, dynamic introduction of [colour] within [_doc] is not allowed")
            let nested = await elasticsearchError {
                _ = try await backend.index(
                    "catalogue", id: "2", document: ["windows": [["countries": ["KE"], "price": 3]]])
            }
            #expect(
                nested?.reason
                    == "mapping set to strict, dynamic introduction of [price] within [windows] is not allowed"
            )
            #expect(try await backend.getDocument("catalogue", id: "1").found == false)
        }
    }

    /// Dynamic field mapping table: string -> text + keyword (ignore_above 256), long, float,
    /// boolean, date detection, object.
    @Test(arguments: BackendMode.allCases)
    func dynamicTrueInfersElasticsearchsTypes(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            _ = try await backend.index(
                "dyn", id: "1",
                document: [
                    "name": "Kenya", "count": 3, "ratio": 0.5, "active": true,
                    "created": "2024-03-01T10:00:00Z",
                    "slashed": "2024/03/01", "address": ["city": "Nairobi"], "tags": ["a", "b"],
                    "nothing": nil,
                    "empty": [],
                ], refresh: .immediate)
            let mapping = try #require(try await backend.getMapping("dyn")["dyn"])
            #expect(mapping.field(at: "name")?.type == .text)
            #expect(mapping.field(at: "name.keyword")?.type == .keyword)
            #expect(mapping.field(at: "name.keyword")?.ignoreAbove == 256)
            #expect(mapping.field(at: "count")?.type == .long)
            #expect(mapping.field(at: "ratio")?.type == .float)
            #expect(mapping.field(at: "active")?.type == .boolean)
            #expect(mapping.field(at: "created")?.type == .date)
            #expect(mapping.field(at: "created")?.format == nil)
            #expect(mapping.field(at: "slashed")?.type == .date)
            #expect(mapping.field(at: "slashed")?.format == "yyyy/MM/dd HH:mm:ss||yyyy/MM/dd||epoch_millis")
            #expect(mapping.field(at: "address")?.type == .object)
            #expect(mapping.field(at: "address.city")?.type == .text)
            #expect(mapping.field(at: "tags")?.type == .text)
            #expect(mapping.field(at: "nothing") == nil)
            #expect(mapping.field(at: "empty") == nil)
            let byKeyword = try await backend.search(
                "dyn", request: SearchRequest(query: .term("address.city.keyword", "Nairobi")))
            #expect(byKeyword.ids == ["1"])
            let byDate = try await backend.search(
                "dyn", request: SearchRequest(query: .range("created", gte: "2024-03-01", lt: "2024-03-02")))
            #expect(byDate.ids == ["1"])
        }
    }

    @Test(arguments: BackendMode.allCases)
    func dynamicFalseKeepsFieldsInSourceOnly(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            let mapping = Mapping(dynamic: .false) { Property.keyword("code") }
            try await seed(
                backend, index: "loose", mapping: mapping, [("1", ["code": "KE", "extra": "visible"])])
            let document = try await backend.getDocument("loose", id: "1")
            #expect(document.source?["extra"] == "visible")
            let search = try await backend.search(
                "loose", request: SearchRequest(query: .match("extra", "visible")))
            #expect(search.hits.total?.value == 0)
            let exists = try await backend.search("loose", request: SearchRequest(query: .exists("extra")))
            #expect(exists.hits.total?.value == 0)
            #expect(try await backend.getMapping("loose")["loose"]?.field(at: "extra") == nil)
        }
    }

    /// `coerce` (on by default): numeric strings are accepted, fractions truncated for integers.
    @Test(arguments: BackendMode.allCases)
    func numericStringsAreCoerced(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(
                backend, [("1", ["year": "1995"]), ("2", ["year": 2001.7]), ("3", ["rating": "7.5"])])
            let exact = try await backend.search(
                "catalogue", request: SearchRequest(query: .term("year", 1995)))
            #expect(exact.ids == ["1"])
            let truncated = try await backend.search(
                "catalogue", request: SearchRequest(query: .term("year", 2001)))
            #expect(truncated.ids == ["2"])
            let rating = try await backend.search(
                "catalogue", request: SearchRequest(query: .range("rating", gte: 7.5, lte: 7.5)))
            #expect(rating.ids == ["3"])
            #expect(try await backend.getDocument("catalogue", id: "1").source?["year"] == "1995")
        }
    }

    @Test(arguments: BackendMode.allCases)
    func malformedValuesAreRejectedWithDocumentParsingException(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, [])
            let number = await elasticsearchError {
                _ = try await backend.index("catalogue", id: "1", document: ["year": "nineteen"])
            }
            #expect(number?.type == "document_parsing_exception")
            #expect(number?.status == 400)
            #expect(
                number?.reason
                    == "failed to parse field [year] of type [integer] in document with id '1'. Preview of field's value: 'nineteen'"
            )
            #expect(number?.cause.causedBy?.type == "number_format_exception")
            #expect(number?.cause.causedBy?.reason == "For input string: \"nineteen\"")
            let range = await elasticsearchError {
                _ = try await backend.index("catalogue", id: "2", document: ["year": 3_000_000_000])
            }
            #expect(range?.cause.causedBy?.reason == "Value [3000000000] is out of range for an integer")
            let date = await elasticsearchError {
                _ = try await backend.index("catalogue", id: "3", document: ["published": "yesterday"])
            }
            #expect(
                date?.cause.causedBy?.reason
                    == "failed to parse date field [yesterday] with format [strict_date_optional_time||epoch_millis]"
            )
            let flag = await elasticsearchError {
                _ = try await backend.index("catalogue", id: "4", document: ["featured": "yes"])
            }
            #expect(
                flag?.cause.causedBy?.reason
                    == "Failed to parse value [yes] as only [true] or [false] are allowed.")
            let object = await elasticsearchError {
                _ = try await backend.index("catalogue", id: "5", document: ["titles": "Heat"])
            }
            #expect(
                object?.reason
                    == "object mapping for [titles] tried to parse field [titles] as object, but found a concrete value"
            )
            let keyword = await elasticsearchError {
                _ = try await backend.index("catalogue", id: "6", document: ["uuid": ["a": 1]])
            }
            #expect(keyword?.cause.causedBy?.type == "illegal_state_exception")
            _ = try await backend.refresh("catalogue")
            #expect(try await backend.count("catalogue", request: CountRequest()).count == 0)
        }
    }

    @Test(arguments: BackendMode.allCases)
    func putMappingAddsFieldsAndRefusesTypeChanges(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, [])
            _ = try await backend.putMapping("catalogue", mapping: Mapping { Property.keyword("studio") })
            #expect(
                try await backend.getMapping("catalogue")["catalogue"]?.field(at: "studio")?.type == .keyword)
            _ = try await backend.index(
                "catalogue", id: "1", document: ["studio": "Warner"], refresh: .immediate)
            #expect(
                try await backend.search(
                    "catalogue", request: SearchRequest(query: .term("studio", "Warner"))
                ).ids
                    == ["1"])
            let error = await elasticsearchError {
                _ = try await backend.putMapping("catalogue", mapping: Mapping { Property.keyword("year") })
            }
            #expect(error?.type == "illegal_argument_exception")
            #expect(error?.reason == "mapper [year] cannot be changed from type [integer] to [keyword]")
            #expect(
                try await backend.getMapping("catalogue")["catalogue"]?.field(at: "year")?.type == .integer)
        }
    }

    /// `ignore_above`: longer strings stay in `_source` but are not indexed.
    @Test(arguments: BackendMode.allCases)
    func ignoreAboveSkipsLongKeywords(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            let mapping = Mapping { Property.keyword("code", ignoreAbove: 3) }
            try await seed(
                backend, index: "codes", mapping: mapping, [("1", ["code": "KEN"]), ("2", ["code": "KENYA"])])
            #expect(
                try await backend.search("codes", request: SearchRequest(query: .exists("code"))).ids == ["1"]
            )
            #expect(try await backend.getDocument("codes", id: "2").source?["code"] == "KENYA")
        }
    }
}
