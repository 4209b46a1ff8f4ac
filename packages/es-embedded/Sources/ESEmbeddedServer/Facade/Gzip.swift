import Foundation

#if canImport(CZlib)
    import CZlib
#endif

/// gzip bodies (`Content-Encoding: gzip`), through zlib.
enum Gzip {
    /// Why a body could not be decompressed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Whether zlib is linked (it is wherever its headers were found at build time).
    static var isAvailable: Bool {
        #if canImport(CZlib)
            true
        #else
            false
        #endif
    }

    /// The bytes a gzip (or zlib) stream holds.
    static func decompress(_ data: Data) throws(Failure) -> Data {
        #if canImport(CZlib)
            var stream = z_stream()
            // 15 + 32: a gzip or zlib header, detected.
            guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
            else {
                throw Failure(description: "cannot initialise zlib")
            }
            defer { inflateEnd(&stream) }
            var input = [UInt8](data)
            var output = Data()
            var chunk = [UInt8](repeating: 0, count: max(16_384, input.count * 4))
            var status: Int32 = Z_OK
            try input.withUnsafeMutableBufferPointer { (source) throws(Failure) in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                repeat {
                    let produced = chunk.withUnsafeMutableBufferPointer { target -> Int in
                        stream.next_out = target.baseAddress
                        stream.avail_out = UInt32(target.count)
                        status = inflate(&stream, Z_NO_FLUSH)
                        return target.count - Int(stream.avail_out)
                    }
                    guard status == Z_OK || status == Z_STREAM_END else {
                        throw Failure(description: "not a valid gzip stream")
                    }
                    output.append(contentsOf: chunk[0..<produced])
                    if status == Z_OK, stream.avail_in == 0, produced == 0 {
                        throw Failure(description: "the gzip stream is truncated")
                    }
                } while status != Z_STREAM_END
            }
            return output
        #else
            throw Failure(description: "es-embedded was built without zlib")
        #endif
    }

    /// `data` as a gzip stream.
    static func compress(_ data: Data) -> Data? {
        #if canImport(CZlib)
            var stream = z_stream()
            // 15 + 16: a gzip header and trailer.
            guard
                deflateInit2_(
                    &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                    Int32(MemoryLayout<z_stream>.size)) == Z_OK
            else { return nil }
            defer { deflateEnd(&stream) }
            var input = [UInt8](data)
            var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 32)
            let status = input.withUnsafeMutableBufferPointer { source in
                output.withUnsafeMutableBufferPointer { target in
                    stream.next_in = source.baseAddress
                    stream.avail_in = UInt32(source.count)
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    return deflate(&stream, Z_FINISH)
                }
            }
            guard status == Z_STREAM_END else { return nil }
            return Data(output[0..<Int(stream.total_out)])
        #else
            return nil
        #endif
    }
}
