#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import ScrollworkTestSupport
@testable import ScrollworkFiles

/// Debian's lighttpd.
private let lighttpdPath = "/usr/sbin/lighttpd"

/// Files over HTTP (#69 item 2), against Debian's lighttpd (ranges served) and Python's
/// `http.server` (ranges refused), each started here on a free loopback port and stopped after.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: lighttpdPath), "lighttpd is not installed (scripts/test installs it)"))
struct HTTPFileTests {
    static let lighttpd = lighttpdPath

    /// A folder of files served by a server started for the test, and the server.
    final class Served {
        let folder: URL
        let port: Int
        let process: Process

        /// `files` (name → bytes) in a new folder, served by lighttpd (`ranges`) or by Python's
        /// server, which answers every GET whole.
        convenience init(_ files: [String: [UInt8]], ranges: Bool = true) throws {
            try self.init(files, ranges: ranges, password: nil)
        }

        /// True when served over TLS (`https://`), with a certificate made for 127.0.0.1 alone.
        let tls: Bool
        /// The certificate the server shows, which a client must be told to trust.
        var certificate: String { folder.appendingPathComponent("cert.pem").path }

        /// As ``init(_:ranges:)``, the folder `private/` kept for `ann` with `password` (Basic),
        /// over TLS with `tls` (lighttpd's mod_openssl).
        init(_ files: [String: [UInt8]], ranges: Bool = true, password: String?, tls: Bool = false) throws {
            self.tls = tls
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrollwork-http-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("www"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("www/private"), withIntermediateDirectories: true)
            for (name, bytes) in files { try Data(bytes).write(to: folder.appendingPathComponent("www/\(name)")) }
            if let password { try "ann:\(password)\n".write(to: folder.appendingPathComponent("users"), atomically: true, encoding: .utf8) }
            port = try LoopbackListener.freePort()
            process = Process()
            if ranges {
                let pemfile = tls ? try Self.makeCertificate(in: folder) : ""
                let config = """
                    server.document-root = "\(folder.path)/www"
                    server.bind = "127.0.0.1"
                    server.port = \(port)
                    server.errorlog = "\(folder.path)/error.log"
                    server.stat-cache-engine = "disable"
                    server.modules += ( "mod_redirect" )
                    url.redirect = ( "^/moved/(.*)$" => "/$1", "^/loop$" => "/loop" )
                    mimetype.assign = ( "" => "application/octet-stream" )
                    """ + (!tls ? "" : """

                    server.modules += ( "mod_openssl" )
                    ssl.engine = "enable"
                    ssl.pemfile = "\(pemfile)"
                    """) + (password == nil ? "" : """

                    server.modules += ( "mod_auth", "mod_authn_file" )
                    auth.backend = "plain"
                    auth.backend.plain.userfile = "\(folder.path)/users"
                    auth.require = ( "/private/" => ( "method" => "basic", "realm" => "test", "require" => "valid-user" ) )
                    """)
                try config.write(to: folder.appendingPathComponent("lighttpd.conf"), atomically: true, encoding: .utf8)
                process.executableURL = URL(fileURLWithPath: HTTPFileTests.lighttpd)
                process.arguments = ["-D", "-f", folder.appendingPathComponent("lighttpd.conf").path]
            } else if tls {
                // Python's server, which serves no ranges, over TLS.
                _ = try Self.makeCertificate(in: folder)
                let script = """
                    import functools, http.server, ssl
                    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory='\(folder.path)/www')
                    server = http.server.ThreadingHTTPServer(('127.0.0.1', \(port)), handler)
                    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
                    context.load_cert_chain('\(folder.path)/cert.pem', '\(folder.path)/key.pem')
                    server.socket = context.wrap_socket(server.socket, server_side=True)
                    server.serve_forever()
                    """
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["python3", "-c", script]
            } else {
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["python3", "-m", "http.server", "--bind", "127.0.0.1", "--directory", folder.appendingPathComponent("www").path, "\(port)"]
            }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Up once it answers: within 20 s, as Python's server can take seconds to start on a
            // machine whose two cores the other suites fill.
            for _ in 0..<400 where process.isRunning {
                if tls, (try? HTTPSRequest(url: url(""), host: "127.0.0.1", port: port, headers: []).send(timeout: 1, authorities: certificate)) != nil { return }
                if !tls, (try? HTTPRequest(method: "GET", host: "127.0.0.1", port: port, target: "/").send(timeout: 1)) != nil { return }
                usleep(50_000)
            }
            throw HTTPError.cannotConnect(host: "127.0.0.1", port: port, reason: "the test's server did not start")
        }

        func url(_ name: String) -> String { "\(tls ? "https" : "http")://127.0.0.1:\(port)/\(name)" }

        /// A key and a self-signed certificate for 127.0.0.1 in `folder` (cert.pem, and both in
        /// server.pem for lighttpd), made by openssl; the path of server.pem.
        static func makeCertificate(in folder: URL) throws -> String {
            let openssl = Process()
            openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            openssl.arguments = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                                 "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", folder.appendingPathComponent("key.pem").path,
                                 "-out", folder.appendingPathComponent("cert.pem").path]
            openssl.standardOutput = FileHandle.nullDevice
            openssl.standardError = FileHandle.nullDevice
            try openssl.run()
            openssl.waitUntilExit()
            let pem = try Data(contentsOf: folder.appendingPathComponent("key.pem")) + Data(contentsOf: folder.appendingPathComponent("cert.pem"))
            try pem.write(to: folder.appendingPathComponent("server.pem"))
            return folder.appendingPathComponent("server.pem").path
        }

        deinit {
            // A test runner's children may not hear TERM (its signal mask is theirs): KILL.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Three and a half blocks of numbered lines.
    static let text: [UInt8] = {
        var bytes: [UInt8] = Array("n,word\n".utf8)
        var i = 0
        while bytes.count < 3 * HTTPFile.blockSize + HTTPFile.blockSize / 2 {
            bytes += Array("\(i),w\(i % 97)\n".utf8)
            i += 1
        }
        return bytes
    }()

    @Test("a file on a server that serves ranges is read by range: any offset gives the file's bytes, across blocks, and its size is known at once")
    func readsByRange() throws {
        let served = try Served(["data.csv": Self.text])
        let file = try FileBytes(url: served.url("data.csv"))
        #expect(file.isStream && file.streamHasEnded && file.compression == nil && file.isRemote, "read by range, not fetched whole")
        #expect(file.size == UInt64(Self.text.count))
        var random = SystemRandomNumberGenerator()
        for _ in 0..<40 {
            let offset = Int.random(in: 0..<Self.text.count, using: &random)
            let count = Int.random(in: 0...(2 * HTTPFile.blockSize), using: &random)
            let expected = Array(Self.text[offset..<Swift.min(Self.text.count, offset + count)])
            #expect(try file.read(at: UInt64(offset), count: count) == expected, "\(offset) + \(count)")
        }
        #expect(try file.read(at: UInt64(Self.text.count), count: 10).isEmpty)
        #expect(try file.read(at: .max, count: .max).isEmpty)
        // An empty file, and one smaller than a block, are what they are.
        let small = try Served(["empty.csv": [], "small.csv": Array("a,b\n1,2\n".utf8)])
        #expect(try FileBytes(url: small.url("empty.csv")).size == 0)
        #expect(try FileBytes(url: small.url("small.csv")).read(at: 0, count: 100) == Array("a,b\n1,2\n".utf8))
        // A redirect is followed to the file.
        let moved = try FileBytes(url: served.url("moved/data.csv"))
        #expect(try moved.read(at: 5, count: 100) == Array(Self.text[5..<105]))
    }

    /// Takes in what `file`, a stream, has come until it has all come (within a minute).
    static func drained(_ file: FileBytes) -> Bool {
        for _ in 0..<60_000 where !file.streamHasEnded {
            _ = file.size
            usleep(1_000)
        }
        return file.streamHasEnded
    }

    @Test("a file from a server that refuses ranges is kept as it comes, as standard input is, a compressed one decompressed as it comes")
    func keptAsItComes() throws {
        let gzip = Process()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrollwork-gz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.text).write(to: folder.appendingPathComponent("data.csv"))
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["gzip", "-k", folder.appendingPathComponent("data.csv").path]
        try gzip.run()
        gzip.waitUntilExit()
        let compressed = try [UInt8](Data(contentsOf: folder.appendingPathComponent("data.csv.gz")))
        let whole = try Served(["data.csv": Self.text, "data.csv.gz": compressed], ranges: false)
        let fetched = try FileBytes(url: whole.url("data.csv"))
        // A stream read from what has come: no read waits on the network.
        #expect(fetched.isStream && !fetched.isRemote)
        #expect(Self.drained(fetched) && fetched.size == UInt64(Self.text.count) && fetched.damage == nil)
        let unpacked = try FileBytes(url: whole.url("data.csv.gz"))
        #expect(unpacked.compression == "gzip" && !unpacked.isRemote)
        #expect(Self.drained(unpacked) && unpacked.damage == nil, "\(unpacked.damage ?? "")")
        #expect(try unpacked.read(at: 2_000_000, count: 64) == Array(Self.text[2_000_000..<2_000_064]))
        #expect(try fetched.read(at: 3_000_000, count: 50) == Array(Self.text[3_000_000..<3_000_050]))
    }

    @Test("a file a server sends whole shows its first lines while the rest is still coming, in chunks or by length; one whose answer breaks off says so, never ends as if whole")
    func firstLinesWhileTheRestComes() throws {
        let lines = (1...2_000).map { "row \($0),\($0 * 7)\n" }.joined()
        let first = String(lines.prefix(5_000)), rest = String(lines.dropFirst(5_000))
        for chunked in [false, true] {
            let gate = LoopbackListener.Gate()
            let head = chunked ? "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" : "HTTP/1.1 200 OK\r\nContent-Length: \(lines.utf8.count)\r\n\r\n"
            func chunks(_ text: String) -> String { chunked ? String(text.utf8.count, radix: 16) + "\r\n" + text + "\r\n" : text }
            let port = try LoopbackListener.answering(head + chunks(first), then: chunks(rest) + (chunked ? "0\r\n\r\n" : ""), after: gate)
            let file = try FileBytes(url: "http://127.0.0.1:\(port)/growing.csv")
            // The first screen, while the server holds the rest back.
            var shown: [UInt8] = []
            for _ in 0..<10_000 where shown.count < 100 {
                shown = try file.read(at: 0, count: 100)
                usleep(1_000)
            }
            #expect(shown == Array(lines.utf8.prefix(100)) && !file.streamHasEnded, "chunked: \(chunked)")
            gate.open()
            #expect(Self.drained(file) && file.size == UInt64(lines.utf8.count) && file.damage == nil, "chunked: \(chunked)")
            #expect(try file.read(at: UInt64(lines.utf8.count - 12), count: 12) == Array(lines.utf8.suffix(12)))
        }
        // The connection closed halfway through a body of announced length: damage, not an end.
        let gate = LoopbackListener.Gate()
        let port = try LoopbackListener.answering("HTTP/1.1 200 OK\r\nContent-Length: \(lines.utf8.count)\r\n\r\n" + first, then: nil, after: gate)
        let broken = try FileBytes(url: "http://127.0.0.1:\(port)/broken.csv")
        gate.open()
        #expect(Self.drained(broken) && broken.size == UInt64(first.utf8.count))
        #expect(broken.damage?.contains("broke off after 5000 bytes") == true, "\(broken.damage ?? "no damage")")
    }

    @Test("a user and password in the URL are sent to its host as Basic credentials and never shown: the file's name and every message leave the password out")
    func credentials() throws {
        let served = try Served(["private/data.csv": Array("a,b\n1,2\n".utf8)], password: "s3cr@t")
        let base = "http://127.0.0.1:\(served.port)/private/data.csv"
        // The password is "s3cr@t", written with its @ escaped.
        let file = try FileBytes(url: base.replacingOccurrences(of: "http://", with: "http://ann:s3cr%40t@"))
        #expect(try file.read(at: 0, count: 100) == Array("a,b\n1,2\n".utf8))
        #expect(file.path == base.replacingOccurrences(of: "http://", with: "http://ann@") && !file.path.contains("s3cr"))
        #expect(throws: FileError.permissionDenied(path: base)) { try FileBytes(url: base) }
        #expect {
            _ = try FileBytes(url: base.replacingOccurrences(of: "http://", with: "http://ann:wrong-one@"))
        } throws: { error in
            "\(error)".contains("permission denied") && !"\(error)".contains("wrong-one")
        }
        #expect(HTTPAddress.withoutPassword("http://ann:pw@h:1/x@y") == "http://ann@h:1/x@y")
        #expect(HTTPAddress.withoutPassword("http://ann@h/x") == "http://ann@h/x" && HTTPAddress.withoutPassword("no scheme:pw@x") == "no scheme:pw@x")
        // Read a Unicode scalar at a time: a combining mark after // or beside the : hides nothing.
        for url in ["http://\u{301}ann:s3cret@h/x", "http://ann\u{301}:s3cret@h/x", "HTTP://ann:s3cret@h:8\u{301}/x", "http://ann:s3?cr#et@h/x"] {
            #expect(!HTTPAddress.withoutPassword(url).contains("cr"), "\(url)")
            do {
                let address = try HTTPAddress(url)
                #expect(!address.url.contains("cr") && address.authorization != nil, "\(url)")
            } catch {
                #expect(!"\(error)".contains("cr"), "\(error)")
            }
        }
        let address = try HTTPAddress("http://ann:s3?cr#et@[::1]:8080/data/x.csv?v=2#top")
        #expect(address.host == "::1" && address.port == 8080 && address.target == "/data/x.csv?v=2")
        #expect(try HTTPAddress("http://h?x=1").target == "/?x=1")
    }

    @Test("a server that serves less of a range than asked for (holes) or more is not read by range: the file is asked for whole, kept as it comes")
    func shortRangesAreNotTrusted() throws {
        // The first range as the server serves it (from byte 0 to `last`), then the whole file.
        func served(_ body: String, rangeEndingAt last: Int) throws -> FileBytes {
            let range = String(body.utf8.prefix(last + 1))!
            let port = try LoopbackListener.answering([
                "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 0-\(last)/\(body.utf8.count)\r\nContent-Length: \(last + 1)\r\n\r\n\(range)",
                "HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)",
            ])
            let file = try FileBytes(url: "http://127.0.0.1:\(port)/file.csv")
            #expect(file.isStream && !file.isRemote && Self.drained(file) && file.size == UInt64(body.utf8.count))
            return file
        }
        let body = String(repeating: "0123456789\n", count: 300)
        #expect(try served(body, rangeEndingAt: 9).read(at: 1000, count: 22) == Array(body.utf8.dropFirst(1000).prefix(22)))
        // One that serves more than asked for is not trusted either, and what it sent is not kept.
        let long = String(repeating: "0123456789\n", count: 200_000)
        _ = try served(long, rangeEndingAt: long.utf8.count - 1)
    }

    @Test("a file changed on the server while open is said as such on the next range, never read as a mix of two versions")
    func changedOnTheServer() throws {
        let served = try Served(["data.csv": Self.text])
        let file = try FileBytes(url: served.url("data.csv"))
        _ = try file.read(at: 0, count: 100)
        // Another version of the same size, put in its place (a new file, so a new ETag).
        try Data(Self.text.map { $0 == UInt8(ascii: "w") ? UInt8(ascii: "x") : $0 }).write(to: served.folder.appendingPathComponent("www/data.csv"), options: .atomic)
        #expect {
            _ = try file.read(at: UInt64(3 * HTTPFile.blockSize), count: 10)
        } throws: { error in
            "\(error)".contains("changed on the server")
        }
    }

    @Test("what a server answers instead of the file is said in words: missing, forbidden, redirects in a loop, no server, not a URL")
    func failures() throws {
        let served = try Served(["data.csv": Self.text])
        #expect(throws: FileError.notFound(path: served.url("nothing.csv"))) { try FileBytes(url: served.url("nothing.csv")) }
        for (url, words) in [(served.url("loop"), "redirects"), ("http://127.0.0.1:1/x.csv", "cannot connect"), ("https://127.0.0.1:1/x.csv", "cannot connect"),
                             ("http:///x", "no host"), ("http://127.0.0.1:99999/x", "port"), ("ftp://h/x", "not an http:// URL")] {
            #expect {
                _ = try FileBytes(url: url)
            } throws: { error in
                "\(error)".contains(words) && "\(error)".hasPrefix(url)
            }
        }
        // The certificate authorities come from the caller; a program reads what `curl` reads.
        #expect(FileBytes.certificateAuthorities(environment: ["CURL_CA_BUNDLE": "/a.pem", "SSL_CERT_FILE": "/b.pem"]) == "/a.pem")
        #expect(FileBytes.certificateAuthorities(environment: ["CURL_CA_BUNDLE": "", "SSL_CERT_FILE": "/b.pem"]) == "/b.pem")
        #expect(FileBytes.certificateAuthorities(environment: ["HOME": "/root"]) == nil)
        #expect(FileBytes.isWebAddress("HTTP://x/y") && FileBytes.isWebAddress("https://x") && !FileBytes.isWebAddress("data.csv") && !FileBytes.isWebAddress("http:/x"))
        // A combining mark after `//` joins the `/` into one Swift character; the URL is still
        // a web address, so its password is kept out of every message (not a "no such file").
        #expect(FileBytes.isWebAddress("http://\u{301}ann:pw@127.0.0.1:1/x.csv") && FileBytes.isWebAddress("hTTpS://\u{301}h/x"))
        #expect(!FileBytes.isWebAddress("folder/http://x") && !FileBytes.isWebAddress("httpx://x") && !FileBytes.isWebAddress(""))
    }

    @Test("https:// is read through libcurl as http:// is read: by range across blocks, redirects followed, a name with a space, credentials sent and never shown; a certificate not trusted is refused in words")
    func readsOverTLS() throws {
        let served = try Served(["data.csv": Self.text, "a b.csv": Array("a,b\n1,2\n".utf8)], password: "s3cret", tls: true)
        let file = try FileBytes(url: served.url("data.csv"), trusting: served.certificate)
        #expect(file.isStream && file.isRemote && file.size == UInt64(Self.text.count), "read by range over TLS")
        for offset in [0, HTTPFile.blockSize - 3, 2 * HTTPFile.blockSize + 17, Self.text.count - 5] {
            #expect(try file.read(at: UInt64(offset), count: 100) == Array(Self.text[offset..<Swift.min(Self.text.count, offset + 100)]), "\(offset)")
        }
        #expect(try FileBytes(url: served.url("moved/data.csv"), trusting: served.certificate).read(at: 7, count: 9) == Array(Self.text[7..<16]))
        #expect(try FileBytes(url: served.url("a b.csv"), trusting: served.certificate).read(at: 0, count: 100) == Array("a,b\n1,2\n".utf8))
        try Data(Self.text.prefix(100)).write(to: served.folder.appendingPathComponent("www/private/p.csv"))
        let withPassword = served.url("private/p.csv").replacingOccurrences(of: "https://", with: "https://ann:s3cret@")
        let kept = try FileBytes(url: withPassword, trusting: served.certificate)
        #expect(try kept.read(at: 0, count: 100) == Array(Self.text.prefix(100)) && !kept.path.contains("s3cret"))
        // Trusting only another certificate, the server's is refused, and said so.
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("scrollwork-ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        _ = try Served.makeCertificate(in: elsewhere)
        #expect {
            _ = try FileBytes(url: served.url("data.csv"), trusting: elsewhere.appendingPathComponent("cert.pem").path)
        } throws: { error in
            "\(error)".contains("certificate") && "\(error)".hasPrefix(served.url("data.csv"))
        }
    }

    @Test("https:// from a server that serves no ranges is kept as it comes through libcurl, as http:// is: whole, right to its last byte")
    func keptAsItComesOverTLS() throws {
        let served = try Served(["data.csv": Self.text], ranges: false, password: nil, tls: true)
        let file = try FileBytes(url: served.url("data.csv"), trusting: served.certificate)
        #expect(file.isStream && !file.isRemote)
        #expect(Self.drained(file) && file.size == UInt64(Self.text.count) && file.damage == nil)
        #expect(try file.read(at: UInt64(Self.text.count - 40), count: 40) == Array(Self.text.suffix(40)))
    }

    @Test("a compressed file on a server that serves ranges is decompressed from its ranges as far as it is read: its first bytes from the first range alone, any offset right, in each format")
    func compressedByRange() throws {
        // Numbers that compress to several megabytes: several ranges' worth.
        var generator = JSONColumnValuesTests.Seeded(state: 69)
        var text = Array("n,value\n".utf8)
        while text.count < 8 << 20 { text += Array("\(text.count),\(generator.next())\n".utf8) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrollwork-gz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(text).write(to: folder.appendingPathComponent("data.csv"))
        var files: [String: [UInt8]] = [:]
        for (tool, suffix) in [("gzip", "gz"), ("zstd", "zst"), ("bzip2", "bz2"), ("xz", "xz")] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [tool, "-k", "-q", "-f", folder.appendingPathComponent("data.csv").path]
            try process.run()
            process.waitUntilExit()
            files["data.csv.\(suffix)"] = try [UInt8](Data(contentsOf: folder.appendingPathComponent("data.csv.\(suffix)")))
        }
        let served = try Served(files)
        for (name, bytes) in files.sorted(by: { $0.key < $1.key }) {
            #expect(bytes.count > 2 * HTTPFile.blockSize, "\(name) is \(bytes.count) bytes: more than two ranges")
            let file = try FileBytes(url: served.url(name))
            #expect(file.isRemote && file.compression != nil, "\(name)")
            #expect(try file.read(at: 0, count: 64) == Array(text.prefix(64)), "\(name)")
            // xz reads its index at the end of the file first; the others only the range that
            // came with opening the file.
            let asked = try #require(file.remoteFile).rangesAsked
            #expect(asked <= (name.hasSuffix("xz") ? 1 : 0), "\(name): \(asked) ranges asked for the first bytes")
            for offset in [text.count - 100, 3_000_000, 17] {
                #expect(try file.read(at: UInt64(offset), count: 50) == Array(text[offset..<Swift.min(text.count, offset + 50)]), "\(name) at \(offset)")
            }
        }
    }
}
