/// CRC-32 (IEEE 802.3, the polynomial of zlib and gzip), slicing by 8 bytes at a time.
enum CRC32 {
    private static let tables: [[UInt32]] = {
        var tables = [[UInt32]](repeating: [UInt32](repeating: 0, count: 256), count: 8)
        for index in 0..<256 {
            var crc = UInt32(index)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            tables[0][index] = crc
        }
        for index in 0..<256 {
            for slice in 1..<8 {
                let previous = tables[slice - 1][index]
                tables[slice][index] = (previous >> 8) ^ tables[0][Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The checksum of `bytes`.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        let t = tables
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            let low =
                (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
                    | UInt32(bytes[index + 3]) << 24) ^ crc
            crc =
                t[7][Int(low & 0xFF)] ^ t[6][Int((low >> 8) & 0xFF)] ^ t[5][Int((low >> 16) & 0xFF)]
                ^ t[4][Int(low >> 24)] ^ t[3][Int(bytes[index + 4])] ^ t[2][Int(bytes[index + 5])]
                ^ t[1][Int(bytes[index + 6])] ^ t[0][Int(bytes[index + 7])]
            index += 8
        }
        while index < count {
            crc = (crc >> 8) ^ t[0][Int((crc ^ UInt32(bytes[index])) & 0xFF)]
            index += 1
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The checksum of `bytes`.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }
}
