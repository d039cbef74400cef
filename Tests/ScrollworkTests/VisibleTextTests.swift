import Testing
@testable import Scrollwork

@Suite struct VisibleTextTests {
    /// `pieces` given one after another, then the end.
    static func shown(_ pieces: [[UInt8]]) -> String {
        var visible = VisibleText()
        let bytes = pieces.flatMap { visible.shown($0) } + visible.end()
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("printable text, line feeds and tabs pass as they are; every other control shows as its picture")
    func controlsShowAsPictures() {
        #expect(Self.shown([Array("a,b\n1\t2\n".utf8)]) == "a,b\n1\t2\n")
        #expect(Self.shown([Array("\u{1B}[31mred\u{1B}[0m\u{07}\r\n".utf8)]) == "␛[31mred␛[0m␇␍\n")
        #expect(Self.shown([Array("\u{1B}]0;title\u{07}".utf8)]) == "␛]0;title␇")
        // C1 controls (CSI as U+009B) and DEL, and bytes that are no UTF-8 (a lone 0x9B).
        #expect(Self.shown([Array("x\u{9B}31my\u{7F}".utf8)]) == "x\u{FFFD}31my␡")
        #expect(Self.shown([[0x78, 0x9B, 0x33, 0x31, 0x6D]]) == "x\u{FFFD}31m")
        #expect(Self.shown([Array("Zoë · Köln 😀".utf8)]) == "Zoë · Köln 😀")
    }

    @Test("a character cut between two pieces, at every place, shows as it would whole")
    func charactersCutBetweenPieces() {
        let text = Array("aë€😀\u{1B}b\u{9B}".utf8)
        let whole = Self.shown([text])
        #expect(whole == "aë€😀␛b\u{FFFD}")
        for cut in 0...text.count {
            #expect(Self.shown([Array(text[..<cut]), Array(text[cut...])]) == whole, "cut at \(cut)")
        }
        // One byte a piece.
        #expect(Self.shown(text.map { [$0] }) == whole)
    }

    @Test("a character the text ends inside shows as U+FFFD at the end; nothing is held after it")
    func cutShortAtTheEnd() {
        #expect(Self.shown([[0x61, 0xF0, 0x9F, 0x98]]) == "a\u{FFFD}")
        var visible = VisibleText()
        #expect(visible.shown([0xE2, 0x82]).isEmpty)
        #expect(String(decoding: visible.end(), as: UTF8.self) == "\u{FFFD}")
        #expect(visible.end().isEmpty)
        #expect(visible.shown([0x41]) == [0x41])
    }

    @Test("any bytes in any pieces: no control but a line feed or a tab reaches the terminal, and the pieces show as the whole")
    func anyBytesAnyPieces() {
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: seed >> 33) % bound
        }
        // Bytes weighted toward the troublesome: controls, UTF-8 lead and continuation bytes, C1's UTF-8.
        let alphabet: [UInt8] = [0x00, 0x07, 0x09, 0x0A, 0x0D, 0x1B, 0x41, 0x5B, 0x7F, 0x80, 0x9B, 0xBF, 0xC2, 0xC3, 0xE2, 0xF0, 0xF4, 0xF8, 0xFF]
        for _ in 0..<500 {
            let bytes = (0..<next(40)).map { _ in alphabet[next(alphabet.count)] }
            var pieces: [[UInt8]] = [], at = 0
            while at < bytes.count {
                let length = 1 + next(5)
                pieces.append(Array(bytes[at..<min(bytes.count, at + length)]))
                at += length
            }
            let whole = Self.shown([bytes])
            #expect(Self.shown(pieces) == whole, "\(bytes)")
            #expect(!whole.unicodeScalars.contains { $0.isControlCharacter && $0 != "\n" && $0 != "\t" }, "\(bytes)")
        }
    }
}
