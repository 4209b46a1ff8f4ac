import HTTPKit
import Testing

@Suite struct ByteBufferTests {
    @Test func appendsConsumesAndReclaimsSpace() {
        var buffer = ByteBuffer(capacity: 8)
        buffer.append(Array("abcdef".utf8))
        #expect(Array(buffer.read(4)) == Array("abcd".utf8))
        buffer.append(Array("ghijklmnop".utf8))
        #expect(buffer.readableCount == 12)
        #expect(Array(buffer.readable) == Array("efghijklmnop".utf8))
        buffer.consume(12)
        #expect(buffer.isEmpty)
    }

    @Test func letsACallerWriteIntoReservedRoom() {
        var buffer = ByteBuffer(capacity: 2)
        let written = buffer.writeWithUnsafeMutableBytes(minimumWritable: 16) { room in
            #expect(room.count >= 16)
            room.copyBytes(from: Array("xyz".utf8))
            return 3
        }
        #expect(written == 3)
        #expect(Array(buffer.readable) == Array("xyz".utf8))
    }
}
