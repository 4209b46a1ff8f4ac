/// The request line and header fields of a request, with its body framing worked out.
package struct RequestHead: Sendable, Equatable {
    package var method: HTTPMethod
    package var target: String
    package var version: HTTPVersion
    package var headers: HTTPHeaders
    package var framing: BodyFraming
    /// Whether the client sent `Expect: 100-continue` and waits for an interim response
    /// before sending the body.
    package var expectsContinue: Bool
}
