/// A growable byte buffer with a read position, used to accumulate bytes from a socket and
/// consume them as they are parsed.
///
/// Consumed bytes are reclaimed by moving the unread tail to the front when more room is
/// needed, so a long keep-alive connection does not grow its buffer without bound.
package struct ByteBuffer: Sendable {
    private var storage: [UInt8]
    private var readerIndex = 0
    private var writerIndex = 0

    /// Creates an empty buffer with room for `capacity` bytes.
    package init(capacity: Int = 16 * 1024) {
        storage = [UInt8](repeating: 0, count: capacity)
    }

    /// Creates a buffer holding `bytes`.
    package init<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        storage = Array(bytes)
        writerIndex = storage.count
    }

    /// The number of unread bytes.
    package var readableCount: Int { writerIndex - readerIndex }

    /// The bytes of storage held, read or not.
    package var capacity: Int { storage.count }

    /// Whether there are no unread bytes.
    package var isEmpty: Bool { readerIndex == writerIndex }

    /// The unread bytes, indexed from `readerIndex` (use the slice's own indices).
    package var readable: ArraySlice<UInt8> { storage[readerIndex..<writerIndex] }

    /// Marks `count` unread bytes as consumed.
    package mutating func consume(_ count: Int) {
        precondition(count <= readableCount, "consumed more bytes than are readable")
        readerIndex += count
        if readerIndex == writerIndex {
            readerIndex = 0
            writerIndex = 0
        }
    }

    /// Removes and returns the first `count` unread bytes.
    package mutating func read(_ count: Int) -> ArraySlice<UInt8> {
        let bytes = storage[readerIndex..<readerIndex + count]
        consume(count)
        return bytes
    }

    /// Appends bytes.
    package mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        reserveWritable(bytes.count)
        storage.replaceSubrange(writerIndex..<writerIndex + bytes.count, with: bytes)
        writerIndex += bytes.count
    }

    /// Lets `body` write up to `minimum` or more bytes after the unread ones (at least
    /// `minimum` bytes of room are made) and keeps the number it reports.
    package mutating func writeWithUnsafeMutableBytes(
        minimumWritable minimum: Int, _ body: (UnsafeMutableRawBufferPointer) throws -> Int
    ) rethrows -> Int {
        reserveWritable(minimum)
        let start = writerIndex
        let written = try storage.withUnsafeMutableBytes { all in
            try body(UnsafeMutableRawBufferPointer(rebasing: all[start...]))
        }
        writerIndex += written
        return written
    }

    private mutating func reserveWritable(_ count: Int) {
        guard storage.count - writerIndex < count else { return }
        if readerIndex > 0 {
            let unread = readableCount
            storage.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                base.copyMemory(from: base + readerIndex, byteCount: unread)
            }
            readerIndex = 0
            writerIndex = unread
        }
        if storage.count - writerIndex < count {
            let newCount = max(storage.count * 2, writerIndex + count)
            storage.append(contentsOf: repeatElement(0, count: newCount - storage.count))
        }
    }
}
