import Glibc
import PropertyBased
import Testing
@testable import ScrollworkFiles

/// The index and the parser are one state machine: where the index says a record ends is where
/// the parser's reading of the same bytes ends it, for any bytes, split at any read size; and both
/// read odd CSV as Python's `csv` module does.
@Suite struct RecordBoundaryTests {
    /// The reference: the whole text stepped through ``DelimitedState`` a byte at a time, split
    /// into records at each line feed that ends one.
    static func reference(_ bytes: [UInt8], separator: UInt8) -> [[String]] {
        var records: [[String]] = []
        var start = 0
        var state = DelimitedState.fieldStart
        for (i, byte) in bytes.enumerated() {
            let (next, action) = state.next(byte, separator: separator)
            state = next
            if action == .endRecord {
                records.append(RecordParser.fields(of: Array(bytes[start...i]), separator: separator))
                start = i + 1
            }
        }
        if start < bytes.count { records.append(RecordParser.fields(of: Array(bytes[start...]), separator: separator)) }
        return records
    }

    /// The records the index finds when fed `bytes` `chunk` bytes at a time, each parsed.
    static func indexed(_ bytes: [UInt8], chunk: Int, separator: UInt8) -> [[String]] {
        var index = RecordIndex(separator: separator)
        var at = 0
        while at < bytes.count {
            let n = Swift.min(chunk, bytes.count - at)
            bytes[at..<(at + n)].withUnsafeBufferPointer { index.add($0) }
            at += n
        }
        index.finish()
        return (0..<index.count).map { i in
            let r = index.range(ofRecord: i)
            return RecordParser.fields(of: Array(bytes[Int(r.lowerBound)..<Int(r.upperBound)]), separator: separator)
        }
    }

    @Test("records across many blocks keep their exact starts in 4 bytes, and a block that spans more than 4-byte starts hold keeps whole ones")
    func compactStarts() {
        var bytes: [UInt8] = []
        var starts: [UInt64] = []
        for i in 0..<200_000 {
            starts.append(UInt64(bytes.count))
            bytes += Array(String(repeating: "x", count: (i * 7919) % 23).utf8) + [0x0A]
        }
        for span in [UInt64(UInt32.max), 300_000, 0] {
            var index = RecordIndex(quotes: false)
            index.narrowSpan = span
            bytes.withUnsafeBufferPointer { all in
                for at in stride(from: 0, to: all.count, by: 1 << 20) { index.add(UnsafeBufferPointer(rebasing: all[at..<Swift.min(all.count, at + (1 << 20))])) }
            }
            index.finish()
            #expect(index.count == starts.count, "span \(span)")
            let ranges = (0..<index.count).map { index.range(ofRecord: $0) }
            #expect(ranges.map(\.lowerBound) == starts, "span \(span)")
            #expect(ranges.last?.upperBound == UInt64(bytes.count))
            #expect(index.record(containing: starts[150_000] + 1) == 150_000, "span \(span)")
        }
    }

    @Test("records asked for together are read in runs of at most a read's size, each record whole, however many are asked for")
    func readsInRuns() throws {
        let lines = (0..<3000).map { "\($0)," + String(repeating: "y", count: $0 % 50) }
        try TemporaryFile.with(lines.joined(separator: "\n") + "\n") { file in
            var index = RecordIndex()
            while try !index.extend(from: file) {}
            for readSize: UInt64 in [1, 64, 1000, 1 << 24] {
                let seen = index.eachRecord(of: file, in: 0..<index.count, limit: 1 << 20, readSize: readSize) { i, bytes in
                    bytes.map { String(decoding: $0, as: UTF8.self) }
                }
                // A record longer than a read is left to be read on its own; every other one comes whole.
                let expected = lines.map { line -> String? in UInt64(line.utf8.count + 1) <= readSize ? line + "\n" : nil }
                #expect(seen == expected, "read size \(readSize)")
            }
        }
    }

    @Test("random bytes of quotes, separators and line breaks: the index's records are the parser's, at every read size")
    func indexAgreesWithParser() async {
        let alphabet: [UInt8] = Array("a\",\n\r;\" x".utf8)
        let text = Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...40).map { $0.map { alphabet[$0] } }
        await propertyCheck(count: 400, input: text, Gen.int(in: 0...1)) { bytes, which in
            let separator: UInt8 = which == 0 ? 0x2C : 0x3B
            let expected = Self.reference(bytes, separator: separator)
            for chunk in 1...Swift.max(1, bytes.count) {
                #expect(Self.indexed(bytes, chunk: chunk, separator: separator) == expected, "chunk \(chunk) of \(bytes)")
            }
        }
    }

    @Test("random bytes of quotes, separators and line breaks: the field count a dialect's guess takes is the number of fields the parser makes")
    func fieldCountAgreesWithParser() async {
        let alphabet: [UInt8] = Array("a\",\n\r;\" x".utf8)
        let text = Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...40).map { $0.map { alphabet[$0] } }
        await propertyCheck(count: 400, input: text, Gen.int(in: 0...1)) { bytes, which in
            let separator: UInt8 = which == 0 ? 0x2C : 0x3B
            #expect(RecordParser.fieldCount(of: bytes, separator: separator) == RecordParser.fields(of: bytes, separator: separator).count, "\(bytes)")
        }
        for text in Self.corpus {
            #expect(RecordParser.fieldCount(of: Array(text.utf8), separator: 0x2C) == RecordParser.fields(of: Array(text.utf8), separator: 0x2C).count, "\(text)")
        }
    }

    @Test("random bytes: the index names the last record as holding an unclosed quote exactly when the state machine ends inside quotes, and only once finished")
    func unclosedRecord() async {
        let alphabet: [UInt8] = Array("a\",\n\r\" x".utf8)
        let text = Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...30).map { $0.map { alphabet[$0] } }
        await propertyCheck(count: 400, input: text) { bytes in
            var state = DelimitedState.fieldStart
            for byte in bytes { state = state.next(byte, separator: 0x2C).0 }
            var index = RecordIndex()
            bytes.withUnsafeBufferPointer { index.add($0) }
            #expect(index.unclosedRecord == nil, "not finished: \(bytes)")
            index.finish()
            #expect(index.unclosedRecord == (state == .quoted ? index.count - 1 : nil), "\(bytes)")
        }
        // Lines alone (JSON Lines, logs): a quote means nothing.
        var lines = RecordIndex(quotes: false)
        Array("\"a\nb\n".utf8).withUnsafeBufferPointer { lines.add($0) }
        lines.finish()
        #expect(lines.unclosedRecord == nil)
    }

    @Test("random lines of JSON Lines with blank ones among them, fed in chunks of any size: a record is each line that holds more than white space, whole as it grows, blank lines no records")
    func blankLinesAreNoRecords() async {
        let alphabet: [UInt8] = Array("{}\n\n \r\t x".utf8)
        let text = Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...40).map { $0.map { alphabet[$0] } }
        let chunk = Gen.int(in: 1...8)
        await propertyCheck(count: 500, input: text, chunk) { bytes, chunk in
            let space: Set<UInt8> = [0x20, 0x0D, 0x09, 0x0A]
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            let wanted = lines.filter { !$0.allSatisfy(space.contains) }.map { Array($0.filter { !space.contains($0) }) }
            var index = RecordIndex(scanner: RecordScanner(quotes: false, skipsBlankLines: true))
            var at = 0
            while at < bytes.count {
                let n = Swift.min(chunk, bytes.count - at)
                bytes[at..<(at + n)].withUnsafeBufferPointer { index.add($0) }
                at += n
                // Before the end, the records counted are those whose line feed came: never
                // one taken back, never one still being written.
                let ended = bytes[..<at].split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().filter { !$0.allSatisfy(space.contains) }.count
                #expect(index.count == ended, "\(bytes) at \(at)")
            }
            index.finish()
            let found = (0..<index.count).map { i in
                let r = index.range(ofRecord: i)
                return Array(bytes[Int(r.lowerBound)..<Int(r.upperBound)].filter { !space.contains($0) })
            }
            #expect(found == wanted, "\(bytes)")
            // The records cover the text, in order, with nothing between them.
            let ranges = (0..<index.count).map { index.range(ofRecord: $0) }
            #expect(ranges.first.map { $0.lowerBound == 0 } ?? true && zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        }
        // Lines read as they are (logs, CSV) keep their blank lines.
        var lines = RecordIndex(quotes: false)
        Array("a\n\nb\n".utf8).withUnsafeBufferPointer { lines.add($0) }
        lines.finish()
        #expect(lines.count == 3)
    }

    @Test("a quote inside an unquoted field, or text after a closing quote, does not move record boundaries")
    func strayQuotes() {
        let text = Array("a\"b,c\nd,e\n\"x\"y\"z,w\nlast,\"q\"\"\"\n".utf8)
        #expect(Self.indexed(text, chunk: 3, separator: 0x2C) == [["a\"b", "c"], ["d", "e"], ["xy\"z", "w"], ["last", "q\""]])
    }

    /// Odd inputs: stray quotes, text after closing quotes, doubled quotes, unclosed quotes at the
    /// end, empty fields and records, CRLF and LF, separators and line feeds inside quotes.
    static let corpus: [String] = [
        "a\"b,c\nd,e\n",
        "\"ab\"cd,e\nf,g\n",
        "\"ab\"cd\"ef\",g\nh\n",
        "x,\"\"\"\",y\n\"\",z\n",
        "a,\"b\nc\",d\r\ne,f\r\n",
        "  \"a,b\",c\n",
        "a,b\n,\n,,\nlast",
        "\"unclosed,field\nstill\n",
        "a\"\"b,\"c\"\"\"d\n\"e\n",
        "one\r\ntwo\r\n\"th\"\"ree\"\r\n",
        "\"a\"\"\",\"\"\"b\"\n\"\"\"\"\"\"\n",
        "p,q\"\nr,\"s\nt\"u\n",
        "é,\"ü\n\",😀\"x\n",
        "a,b,\"c\"\r\n\"d\",e,f",
    ]

    @Test("odd CSV reads as Python's csv module reads it (its empty record is one empty field here)")
    func matchesPythonCSV() throws {
        guard access("/usr/bin/python3", X_OK) == 0 || access("/usr/local/bin/python3", X_OK) == 0 else {
            Issue.record("python3 is needed (scripts/test installs it)")
            return
        }
        let python = try Self.pythonRecords(Self.corpus)
        try #require(python.count == Self.corpus.count)
        for (text, expected) in zip(Self.corpus, python) {
            let ours = Self.indexed(Array(text.utf8), chunk: 2, separator: 0x2C)
            #expect(ours == expected.map { $0.isEmpty ? [""] : $0 }, "\(text.debugDescription)")
        }
    }

    /// Each text read by Python's `csv.reader` (default dialect, `newline=""`): its records'
    /// fields, hex-encoded so that any text comes back whole.
    static func pythonRecords(_ texts: [String]) throws -> [[[String]]] {
        var template = Array("/tmp/scrollwork-csv-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        var paths: [String] = []
        defer {
            for path in paths { unlink(path) }
            rmdir(directory)
        }
        for (i, text) in texts.enumerated() {
            let path = "\(directory)/\(i).csv"
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            Array(text.utf8).withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
            close(fd)
            paths.append(path)
        }
        let script = """
        import csv, sys
        for path in sys.argv[1:]:
            with open(path, newline='', encoding='utf-8') as f:
                for record in csv.reader(f):
                    print(' '.join('+' + field.encode('utf-8').hex() for field in record))
            print('=')
        """
        let command = "python3 -c \"\(script.replacingAll("\"", "\\\""))\" " + paths.joined(separator: " ")
        guard let pipe = popen(command, "r") else { throw PythonFailed() }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, pipe)
            if n <= 0 { break }
            output += buffer[0..<n]
        }
        guard pclose(pipe) == 0 else { throw PythonFailed() }
        var files: [[[String]]] = [[]]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "=" { files.append([]); continue }
            let fields = line.split(separator: " ").map { field in String(decoding: Self.bytes(hex: field.dropFirst()), as: UTF8.self) }
            files[files.count - 1].append(fields)
        }
        return Array(files.prefix(texts.count))
    }

    static func bytes(hex: Substring) -> [UInt8] {
        var bytes: [UInt8] = []
        var digits = hex.makeIterator()
        while let high = digits.next(), let low = digits.next() {
            bytes.append(UInt8(String([high, low]), radix: 16) ?? 0)
        }
        return bytes
    }

    struct PythonFailed: Error {}
}
