import PropertyBased
import Scrollwork
import Testing
@testable import ScrollworkFiles

/// Search finds candidates with `memchr` and compares them whole: it finds exactly the matches
/// a byte-by-byte comparison finds, in either case mode.
@Suite struct TextSearchTests {
    /// Every offset where `needle` starts in `bytes`, compared byte by byte.
    static func reference(_ search: TextSearch, _ bytes: [UInt8]) -> [Int] {
        guard bytes.count >= search.needle.count else { return [] }
        return (0...(bytes.count - search.needle.count)).filter { i in
            search.needle.indices.allSatisfy { j in
                (search.ignoresCase ? TextSearch.lower(bytes[i + j]) : bytes[i + j]) == search.needle[j]
            }
        }
    }

    @Test("random text and needles of both cases: memchr's candidates give every match and no other")
    func matchesAgreeWithReference() async {
        let alphabet = Array("aAbB,1 é".unicodeScalars).map(String.init)
        let text = Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...80).map { $0.map { alphabet[$0] }.joined() }
        let needle = Gen.int(in: 0...(alphabet.count - 1)).array(of: 1...4).map { $0.map { alphabet[$0] }.joined() }
        await propertyCheck(count: 800, input: text, needle) { text, needle in
            guard let search = TextSearch(needle) else { return }
            let bytes = Array(text.utf8)
            let expected = Self.reference(search, bytes)
            #expect(search.matches(in: bytes) == expected, "\(needle) in \(text)")
            for from in [0, 1, bytes.count / 2, bytes.count, -1, .max] {
                // Whichever byte of the needle finds the candidates, the matches are the same.
                for pivot in -1...search.needle.count {
                    #expect(search.firstMatch(in: bytes, from: from, pivot: pivot) == (from < 0 ? nil : expected.first { $0 >= from }),
                            "\(needle) in \(text) from \(from) by byte \(pivot)")
                }
            }
        }
    }

    /// A loop of `width` that runs its pieces last first, as a host's threads may finish them.
    static func backwards(_ width: Int) -> ConcurrentLoop {
        ConcurrentLoop(width: width) { count, body in for i in (0..<count).reversed() { body(i) } }
    }

    @Test("a file searched in chunks, several at once and out of order, gives the first match at or after the start, across chunk edges")
    func fileInConcurrentChunks() async throws {
        let alphabet = Array("aAbB,N\n".unicodeScalars).map(String.init)
        let text = Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...300).map { $0.map { alphabet[$0] }.joined() }
        let needle = Gen.int(in: 0...(alphabet.count - 1)).array(of: 1...5).map { $0.map { alphabet[$0] }.joined() }
        await propertyCheck(count: 150, input: text, needle) { text, needle in
            guard let search = TextSearch(needle) else { return }
            let expected = Self.reference(search, Array(text.utf8))
            do {
                try TemporaryFile.with(text) { (file: FileBytes) throws in
                    for start in [0, 7, text.utf8.count / 2] {
                        let want = expected.first { $0 >= start }.map(UInt64.init)
                        for loop in [ConcurrentLoop.serial, Self.backwards(2), Self.backwards(3)] {
                            #expect(try search.first(in: file, from: UInt64(start), chunkSize: 16, concurrently: loop) == want, "\(needle) in \(text) from \(start)")
                        }
                    }
                }
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test("a chunk is read a cache-sized window at a time: a match across a window's edge, at its last start and past the last window is found")
    func matchesAcrossWindows() throws {
        let needle = "Needle"
        let step = FileBytes.readWindow - (needle.utf8.count - 1)
        for at in [0, step - 3, step - 1, step, 2 * step + 1, 3 * FileBytes.readWindow + 17] {
            let text = String(repeating: "x", count: at) + needle + String(repeating: "y", count: 1000)
            try TemporaryFile.with(text) { file in
                let search = try #require(TextSearch(needle))
                #expect(try search.first(in: file, from: 0, concurrently: Self.backwards(2)) == UInt64(at), "at \(at)")
                #expect(try search.first(in: file, from: UInt64(at) + 1, concurrently: .serial) == nil, "past \(at)")
            }
        }
    }

    @Test("progress hears each round's end and can stop the search; a loop that leaves pieces out still finds the match")
    func progressAndShortLoops() throws {
        let text = String(repeating: "x", count: 1000) + "needle"
        try TemporaryFile.with(text) { file in
            let search = try #require(TextSearch("needle"))
            var heard: [UInt64] = []
            #expect(try search.first(in: file, from: 0, chunkSize: 100, concurrently: Self.backwards(2)) { heard.append($0); return true } == 1000)
            #expect(heard.count >= 4 && heard == heard.sorted())
            #expect(try search.first(in: file, from: 0, chunkSize: 100, concurrently: Self.backwards(2)) { _ in false } == nil)
            let lazy = ConcurrentLoop(width: 2) { count, body in if count > 0 { body(0) } }
            #expect(try search.first(in: file, from: 0, chunkSize: 100, concurrently: lazy) == 1000)
            // Sizes at the ends of their types are clamped, not allocated.
            let wide = ConcurrentLoop(width: .max) { count, body in for i in 0..<count { body(i) } }
            #expect(try search.first(in: file, from: 0, chunkSize: .max, concurrently: wide) == 1000)
            #expect(try search.first(in: file, from: .max, chunkSize: .min, concurrently: wide) == nil)
            #expect(wide.map(.max) { $0 } == nil && wide.map(-1) { $0 } == [])
        }
    }

    @Test("candidates are found by the needle's rarest byte in the text searched, both cases counted when case is ignored")
    func rarestByte() throws {
        let sample = Array("N945DL,NA,N410AA,NA,flight".utf8)
        let search = try #require(TextSearch("no such flight"))
        let pivot = sample.withUnsafeBufferPointer { search.pivot(in: $0) }
        // "n" is everywhere as "N"; " " and "s", "u", "c" never occur.
        #expect(search.needle[pivot] != UInt8(ascii: "n") && !sample.contains(search.needle[pivot]))
    }

    @Test("a lower-case needle finds both cases; one with a capital only itself")
    func smartCase() throws {
        let bytes = Array("xx Tmux tmux TMUX".utf8)
        #expect(try #require(TextSearch("tmux")).matches(in: bytes) == [3, 8, 13])
        #expect(try #require(TextSearch("Tmux")).matches(in: bytes) == [3])
        #expect(try #require(TextSearch("x t")).matches(in: bytes) == [1, 6, 11])
    }
}

/// The rows a search in a sorted view tests (#65): those whose record's bytes hold the text,
/// found a piece of the file at a time.
@Suite struct RowsHoldingTests {
    @Test("the rows marked are those whose record holds the text, whatever the pieces, the loop, the header or quoted line breaks")
    func marksTheRowsHoldingTheText() async throws {
        let alphabet = ["a", "A", "b", ",", "\n", "\"x\ny\"", "ab"]
        let text = Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...200).map { $0.map { alphabet[$0] }.joined() }
        let needle = Gen.int(in: 0...2).array(of: 1...3).map { $0.map { ["a", "b", "A"][$0] }.joined() }
        await propertyCheck(count: 120, input: text, needle, Gen.int(in: 1...64), Gen.bool) { text, needle, piece, header in
            guard let search = TextSearch(needle) else { return }
            do {
                try TemporaryFile.with(text) { (file: FileBytes) throws in
                    var index = RecordIndex()
                    while try !index.extend(from: file) {}
                    let rows = DelimitedRows(file: file, index: index, dialect: DelimitedDialect(hasHeader: header))
                    let bytes = Array(text.utf8)
                    let expected = (0..<rows.count).filter { row in
                        let range = index.range(ofRecord: row + (header ? 1 : 0))
                        return search.firstMatch(in: Array(bytes[Int(range.lowerBound)..<Int(range.upperBound)]), from: 0) != nil
                    }
                    for loop in [ConcurrentLoop.serial, TextSearchTests.backwards(2)] {
                        let marks = try #require(try rows.rowsHolding([search], pieceSize: piece, concurrently: loop))
                        #expect((0..<rows.count).filter { marks.contains($0) } == expected && marks.count == expected.count, "\(needle) in \(text.debugDescription)")
                    }
                    #expect(try rows.rowsHolding([search], pieceSize: piece) { _ in false } == nil || rows.count == 0)
                }
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test("RowMarks holds rows 0..<capacity: others are never marked, and a negative capacity holds none")
    func rowMarksAreBounded() {
        var marks = RowMarks(capacity: 130)
        for row in [-1, 0, 63, 64, 129, 130, .max, .min] { marks.insert(row) }
        marks.insert(64)
        #expect(marks.count == 4 && [0, 63, 64, 129].allSatisfy(marks.contains) && !marks.contains(130) && !marks.contains(-1))
        #expect(RowMarks(capacity: -5).capacity == 0 && !RowMarks(capacity: -5).contains(0))
    }
}
