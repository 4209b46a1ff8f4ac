/// A small, fast, seeded pseudo-random generator (SplitMix64): the same seed gives the same
/// sequence on every machine, toolchain and run, unlike the system generator. The one generator
/// for test data, demo data and benchmark workloads of the services.
///
/// The root package (testselect), which depends on nothing, keeps a deliberate copy of the same
/// sequence in `tools/testselect/Sources/TestSelectKit/Support/SplitMix64.swift`: change both.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let n = Int.random(in: 1...6, using: &random)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
