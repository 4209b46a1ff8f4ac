/// CRC-32 (IEEE 802.3, the polynomial of zlib and gzip), slicing by 8 bytes at a time.
enum CRC32 {
    /// Eight tables of 256 entries, one after the other (table `k` at `k * 256`).
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var crc = UInt32(index)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            tables[index] = crc
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The checksum of `bytes`.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        tables.withUnsafeBufferPointer { table in
            guard let t = table.baseAddress else { return 0 }
            var crc: UInt32 = 0xFFFF_FFFF
            var index = 0
            let count = bytes.count
            while index + 8 <= count {
                // Eight bytes at once, read as two little-endian words whatever the alignment.
                let low =
                    UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self)) ^ crc
                let high = UInt32(
                    littleEndian: bytes.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
                crc =
                    t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                    ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ t[256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                index += 8
            }
            while index < count {
                crc = (crc >> 8) ^ t[Int((crc ^ UInt32(bytes[index])) & 0xFF)]
                index += 1
            }
            return crc ^ 0xFFFF_FFFF
        }
    }

    /// The checksum of `bytes`.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }
}
