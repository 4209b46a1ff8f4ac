/// A seeded pseudo-random generator (SplitMix64): the same seed gives the same demo data on
/// every machine and toolchain, unlike the system generator.
public struct DemoRandom: RandomNumberGenerator, Sendable {
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

    /// An integer in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// `true` with the given probability (0...1).
    public mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    /// One element of a non-empty array.
    public mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[int(in: 0...(elements.count - 1))]
    }

    /// `count` distinct elements, in their original order.
    public mutating func sample<Element>(_ elements: [Element], count: Int) -> [Element] {
        var indices = Array(elements.indices)
        indices.shuffle(using: &self)
        return indices.prefix(max(0, min(count, elements.count))).sorted().map { elements[$0] }
    }

    /// A version-4-shaped UUID string in lower case, drawn from this generator.
    public mutating func uuid() -> String {
        let high = next()
        let low = next()
        let hex = String(high, radix: 16).leftPadded(to: 16) + String(low, radix: 16).leftPadded(to: 16)
        let chars = Array(hex)
        let variant = "89ab"[("89ab".index("89ab".startIndex, offsetBy: Int(low >> 62)))]
        return String(chars[0..<8]) + "-" + String(chars[8..<12]) + "-4" + String(chars[13..<16]) + "-"
            + String(variant) + String(chars[17..<20]) + "-" + String(chars[20..<32])
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
