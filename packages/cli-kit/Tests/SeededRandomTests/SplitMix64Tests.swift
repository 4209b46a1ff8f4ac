import SeededRandom
import Testing

@Suite struct SplitMix64Tests {
    /// The published SplitMix64 sequence for seed 0; the same on every machine.
    @Test func theSequenceIsTheReferenceOne() {
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func drawsAreDeterministicAndInRange() {
        var first = SplitMix64(seed: 7)
        var second = SplitMix64(seed: 7)
        let a = (0..<50).map { _ in first.int(in: 1...6) }
        let b = (0..<50).map { _ in second.int(in: 1...6) }
        #expect(a == b)
        #expect(a.allSatisfy { (1...6).contains($0) })
        #expect(Set(a).count > 3)
        var random = SplitMix64(seed: 3)
        #expect((0..<100).allSatisfy { _ in random.int(below: 5) < 5 })
        let sample = random.sample(Array(0..<20), count: 5)
        #expect(sample.count == 5 && sample == sample.sorted() && Set(sample).count == 5)
        let uuid = random.uuid()
        #expect(uuid.count == 36)
        #expect(Array(uuid)[14] == "4")
        #expect("89ab".contains(Array(uuid)[19]))
    }
}
