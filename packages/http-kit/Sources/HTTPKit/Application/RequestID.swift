import Synchronization

/// Request identifiers: 16 hexadecimal digits, a random per-process prefix followed by a
/// counter, so they are unique within a process, unlikely to repeat across restarts, and cost
/// no system call (random numbers per request would).
enum RequestID {
    private static let prefix = UInt32.random(in: .min ... .max)
    private static let counter = Atomic<UInt32>(0)
    private static let digits = Array("0123456789abcdef".utf8)

    /// The next identifier.
    static func next() -> String {
        let value = UInt64(prefix) << 32 | UInt64(counter.add(1, ordering: .relaxed).newValue)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<16 {
            bytes[index] = digits[Int((value >> (60 - 4 * UInt64(index))) & 0xF)]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The client's `X-Request-ID` when it is 1 to 128 visible ASCII characters, otherwise a
    /// new identifier.
    static func forRequest(_ request: Request) -> String {
        if let given = request.headers["X-Request-ID"], (1...128).contains(given.utf8.count),
            given.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        {
            return given
        }
        return next()
    }
}
