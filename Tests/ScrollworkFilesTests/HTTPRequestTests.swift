import Testing
import ScrollworkTestSupport
@testable import ScrollworkFiles

/// The HTTP client under the ClickHouse source (#69): answers read as HTTP says, whatever comes back.
@Suite struct HTTPRequestTests {
    static func parse(_ text: String) throws(HTTPError) -> HTTPResponse { try HTTPResponse(parsing: Array(text.utf8)) }

    @Test("headers are heard as they arrive, before the answer is whole: a server that reports progress in headers while it works is heard while it works")
    func headersHeardAsTheyCome() throws {
        let gate = LoopbackListener.Gate()
        let port = try LoopbackListener.answering("HTTP/1.1 200 OK\r\nX-ClickHouse-Progress: {\"read_rows\":\"5\",\"total_rows_to_read\":\"10\"}\r\n",
                                                  then: "X-ClickHouse-Progress: {\"read_rows\":\"10\",\"total_rows_to_read\":\"10\"}\r\nContent-Length: 2\r\n\r\nok",
                                                  after: gate)
        final class Heard { var values: [String] = [] }
        let heard = Heard()
        // The server holds back the rest until the first header is heard: heard only at the end,
        // the request would wait its five seconds out and fail.
        let answer = try HTTPRequest(method: "GET", host: "127.0.0.1", port: port, target: "/").send(timeout: 5, onHeader: { header in
            heard.values.append(header.value)
            gate.open()
        })
        #expect(answer.status == 200 && answer.body == Array("ok".utf8))
        #expect(heard.values == ["{\"read_rows\":\"5\",\"total_rows_to_read\":\"10\"}", "{\"read_rows\":\"10\",\"total_rows_to_read\":\"10\"}", "2"])
    }

    @Test("a chunked answer is its chunks joined (extensions and trailers ignored); a sized one is its length; headers by any case")
    func bodies() throws {
        let chunked = try Self.parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-ClickHouse-Query-Id: q1\r\n\r\n5;ext=1\r\nhello\r\n7\r\n, world\r\n0\r\nTrailer: x\r\n\r\n")
        #expect(chunked.status == 200 && String(decoding: chunked.body, as: UTF8.self) == "hello, world")
        #expect(chunked.header("x-clickhouse-query-id") == "q1" && chunked.header("nothing") == nil)
        let sized = try Self.parse("HTTP/1.0 500 Internal\r\nContent-Length: 4\r\n\r\nCode and more")
        #expect(sized.status == 500 && sized.body == Array("Code".utf8))
        let toClose = try Self.parse("HTTP/1.1 200 OK\r\n\r\nall of it")
        #expect(toClose.body == Array("all of it".utf8))
    }

    @Test("a header's text is data: no carriage return or line feed reaches the request, a CR LF pair (one Swift character) included, nor a colon in a name")
    func headerLinesCarryNoLineBreaks() {
        #expect(HTTPHeader("X-ClickHouse-User", "ann\r\nX-ClickHouse-Key: stolen").line == "X-ClickHouse-User: annX-ClickHouse-Key: stolen")
        #expect(HTTPHeader("A\r:B", "one\rtwo\nthree").line == "AB: onetwothree")
        #expect(HTTPHeader("Range", "bytes=0-9").line == "Range: bytes=0-9")
        #expect(!HTTPHeader("X", "\u{301}\r\n\r\n").line.unicodeScalars.contains { $0 == "\r" || $0 == "\n" })
    }

    @Test("what is not HTTP, or ends early, is said so, never read as an answer")
    func malformed() {
        for text in ["", "HTTP/1.1 200 OK\r\n", "SSH-2.0-OpenSSH\r\n\r\n", "HTTP/1.1 abc OK\r\n\r\n", "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort",
                     "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nshort"] {
            #expect(throws: HTTPError.self, "\(text.debugDescription)") { try Self.parse(text) }
        }
    }

    @Test("no server, no name: a clear error, never a trap, for any port or timeout")
    func unreachable() {
        for (host, port, timeout) in [("127.0.0.1", 1, 1.0), ("127.0.0.1", Int.min, Double.nan), ("no-such-host.invalid", Int.max, -Double.infinity), ("", 0, Double.infinity)] {
            #expect(throws: HTTPError.self) { try HTTPRequest(host: host, port: port, target: "/").send(timeout: timeout) }
        }
    }
}
