import HTTPKit

/// Serializes a request into HTTP/1.1 bytes exactly as given (no header is added).
enum RequestEncoder {
    static func encode(_ request: Request) -> [UInt8] {
        var head = "\(request.method) \(request.target) \(request.version)\r\n"
        for field in request.headers {
            head += "\(field.name): \(field.value)\r\n"
        }
        head += "\r\n"
        var bytes = Array(head.utf8)
        bytes.append(contentsOf: request.body)
        return bytes
    }
}
