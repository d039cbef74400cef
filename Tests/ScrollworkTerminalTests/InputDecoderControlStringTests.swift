import PropertyBased
import Testing
@testable import ScrollworkWidgets
@testable import ScrollworkTerminal

private func keys(_ events: [Event]) -> [Event] { events.filter { if case .key = $0 { return true } else { return false } } }

/// Feeds `input` in pieces of `piece` bytes at time 0, then flushes at `flushTime`.
func decodeInPieces(_ input: [UInt8], piece: Int, flushTime: Double = 10) -> [Event] {
    var d = InputDecoder()
    var events: [Event] = []
    var i = 0
    while i < input.count {
        events += d.feed(input[i..<min(input.count, i + piece)], at: 0)
        i += piece
    }
    return events + d.flush(at: flushTime)
}

@Suite struct InputDecoderControlStringTests {
    static let introducers: [(String, String)] = [("OSC", "\u{1B}]"), ("DCS", "\u{1B}P"), ("APC", "\u{1B}_"), ("PM", "\u{1B}^"), ("SOS", "\u{1B}X")]

    @Test("an over-long CSI sequence is consumed whole, not read as keys")
    func overlongCSI() {
        let long = "\u{1B}[" + String(repeating: "1;", count: 53) + "?" + String(repeating: "9", count: 1) + "m"
        #expect(long.utf8.count > 100)
        for piece in [1, 7, 64, 1000] {
            #expect(decodeInPieces(Array((long + "a").utf8), piece: piece) == [.key(KeyEvent(.character("a")))])
        }
    }

    @Test("OSC, DCS, APC, PM and SOS strings are consumed to BEL or ST, in any pieces", arguments: introducers.map(\.1))
    func controlStringsAreConsumed(introducer: String) {
        for terminator in ["\u{07}", "\u{1B}\\"] {
            let input = Array("x\(introducer)2;PWNED ? q \t title\(terminator)y".utf8)
            for piece in [1, 2, 3, 5, 100] {
                #expect(decodeInPieces(input, piece: piece) == [.key(KeyEvent(.character("x"))), .key(KeyEvent(.character("y")))])
            }
        }
    }

    @Test("a control string cut off by Escape ends there and the Escape starts the next key")
    func escapeBreaksAString() {
        let events = decodeInPieces(Array("\u{1B}]2;half\u{1B}[A".utf8), piece: 100)
        #expect(events == [.key(KeyEvent(.up))])
    }

    @Test("Alt+] typed alone is still Alt+]")
    func altBracketAlone() {
        #expect(decodeInPieces(Array("\u{1B}]".utf8), piece: 10) == [.key(KeyEvent(.character("]"), .alt))])
    }

    @Test("a control string that never ends stops swallowing input after the paste timeout")
    func unterminatedStringTimesOut() {
        var d = InputDecoder()
        #expect(d.feed(Array("\u{1B}]2;never ends".utf8), at: 0).isEmpty)
        #expect(d.flushDeadline == 1)
        #expect(d.flush(at: 1.5).isEmpty)
        #expect(!d.hasPending)
        #expect(d.feed(Array("q".utf8), at: 2) == [.key(KeyEvent(.character("q")))])
    }

    @Test("a NaN or infinite time, or a NaN timeout, never leaves a lone Escape pending forever")
    func nonFiniteTimes() {
        var d = InputDecoder()
        d.escapeTimeout = .nan
        d.pasteTimeout = -.infinity
        #expect(d.escapeTimeout == 0.05 && d.pasteTimeout == 1)
        #expect(d.feed([0x1B], at: .nan).isEmpty)
        #expect(d.flushDeadline?.isFinite == true)
        #expect(d.flush(at: .nan) == [.key(KeyEvent(.escape))])
        var e = InputDecoder()
        _ = e.feed([0x1B], at: .infinity)
        #expect(e.flush(at: 1) == [.key(KeyEvent(.escape))])
        var f = InputDecoder()
        _ = f.feed(Array("\u{1B}[200~abc".utf8), at: 0)
        #expect(f.flush(at: .infinity) == [.paste("abc")])
    }

    /// No key ever comes from bytes inside a control string, whatever the body and however the
    /// reads split it; the keys around it come through unchanged.
    @Test("property: no key event from inside a control string")
    func noKeysFromInsideStrings() async {
        let body = Gen.int(in: 0x20...0xFF).array(of: 0...80)
        await propertyCheck(count: 300, input: body, Gen.int(in: 0..<5), Gen.int(in: 1...17), Gen.bool) { raw, kind, piece, bel in
            let text = raw.map { UInt8($0) }.filter { $0 != 0x7F }
            let input = Array("a".utf8) + Array(Self.introducers[kind].1.utf8) + [0x41] + text + (bel ? [0x07] : [0x1B, 0x5C]) + Array("b".utf8)
            let events = decodeInPieces(input, piece: piece)
            #expect(keys(events) == [.key(KeyEvent(.character("a"))), .key(KeyEvent(.character("b")))])
        }
    }
}
