extension SplitMix64 {
    /// An integer in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// An integer from 0 to `bound - 1` (`bound` > 0).
    public mutating func int(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
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
        let hex = Array(
            String(high, radix: 16).leftPadded(to: 16) + String(low, radix: 16).leftPadded(to: 16))
        let variant = Array("89ab")[Int(low >> 62)]
        return String(hex[0..<8]) + "-" + String(hex[8..<12]) + "-4" + String(hex[13..<16]) + "-"
            + String(variant) + String(hex[17..<20]) + "-" + String(hex[20..<32])
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
