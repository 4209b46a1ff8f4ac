import TestSelectSupport
import Testing

/// The cases of cli-kit's NearMatchTests that the root package's copy has (it has no `list` or
/// `hint`): the two copies answer the same vectors.
@Suite struct NearMatchTests {
    @Test func suggestsTheClosestLikelyTypo() {
        #expect(NearMatch.closest(to: "--prot", among: ["--host", "--port"]) == "--port")
        #expect(NearMatch.closest(to: "ANDROID", among: ["ios", "android"]) == "android")
        #expect(NearMatch.closest(to: "indx", among: ["index", "migrate"]) == "index")
    }

    @Test func suggestsNothingFarOrForTinyWords() {
        #expect(NearMatch.closest(to: "--zzzzzzzz", among: ["--data", "--port"]) == nil)
        #expect(NearMatch.closest(to: "x", among: ["y", "ab"]) == nil)
        #expect(NearMatch.closest(to: "ke", among: ["za"]) == nil)
    }

    @Test func theThresholdGrowsWithTheWord() {
        // 12 characters allow 4 edits; 6 allow 2.
        #expect(NearMatch.closest(to: "--batchhsiez", among: ["--batch-size"]) == "--batch-size")
        #expect(NearMatch.closest(to: "serxxx", among: ["server"]) == nil)
    }
}
