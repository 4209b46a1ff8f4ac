import CLIKit
import Testing

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

    @Test func listsAndHints() {
        #expect(NearMatch.list(["a", "b", "c"]) == "'a', 'b' or 'c'")
        #expect(NearMatch.list(["a"]) == "'a'")
        #expect(NearMatch.hint(for: "tv2", among: ["tv", "web"]) == "; did you mean 'tv'?")
        #expect(NearMatch.hint(for: "qqqq", among: ["tv", "web"]) == "")
    }
}
