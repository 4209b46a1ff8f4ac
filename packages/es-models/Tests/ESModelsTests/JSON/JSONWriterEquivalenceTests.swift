import Testing

@testable import ESModels

/// The writer against the reference (the writer as it was before it was made faster): the same
/// bytes, in both styles, for random documents.
@Suite struct JSONWriterEquivalenceTests {
    // Hands the cooperative threads over now and then: a test looping for seconds on one of the
    // two a 2-core machine has would otherwise starve the wire tests' servers beside it.
    @Test(arguments: 0..<4) func writesTheSameBytesAsTheReference(seed: UInt64) async {
        var random = SplitMix64(seed: 100 + seed)
        for _ in 0..<500 {
            await Task.yield()
            let document = JSONFuzzing.value(depth: 4, using: &random)
            for style in [JSONWriter.Style.compact, .canonical] {
                let referenceStyle: ReferenceJSONWriter.Style = style == .compact ? .compact : .canonical
                #expect(
                    JSONWriter.write(document, style: style)
                        == ReferenceJSONWriter.write(document, style: referenceStyle))
            }
        }
    }

    @Test func sortsKeysByTheirUTF8Bytes() {
        let keys = ["b", "a", "ab", "", "\u{E9}", "e\u{301}", "Z", "\u{1F600}", "\u{FFFF}", "a\u{0}"]
        let sorted = keys.sorted { JSONWriter.precedes($0, $1) }
        #expect(sorted == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }
}
