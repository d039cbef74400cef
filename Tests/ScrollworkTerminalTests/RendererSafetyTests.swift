import PropertyBased
import Scrollwork
import Testing
@testable import ScrollworkWidgets
@testable import ScrollworkTerminal

/// Checks that `bytes` hold only what the renderer itself writes: printable text, carriage
/// returns, and CSI sequences it uses (cursor moves, erase, scroll regions, SGR, synchronized
/// output). Returns the first offending byte offset and a description, or nil.
func foreignControl(in bytes: [UInt8]) -> String? {
    var i = 0
    while i < bytes.count {
        let b = bytes[i]
        if b == 0x1B {
            guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") else { return "ESC not starting a CSI at \(i)" }
            var j = i + 2
            while j < bytes.count, (0x30...0x3F).contains(bytes[j]) { j += 1 }
            guard j < bytes.count else { return "unfinished CSI at \(i)" }
            let body = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
            switch bytes[j] {
            case UInt8(ascii: "H"), UInt8(ascii: "C"), UInt8(ascii: "J"), UInt8(ascii: "r"), UInt8(ascii: "S"), UInt8(ascii: "T"), UInt8(ascii: "m"):
                break
            case UInt8(ascii: "h") where body == "?2026", UInt8(ascii: "l") where body == "?2026":
                break
            default:
                return "foreign CSI \(body)\(Character(Unicode.Scalar(bytes[j]))) at \(i)"
            }
            i = j + 1
            continue
        }
        if b == 0x0D { i += 1; continue }
        if b < 0x20 || b == 0x7F { return "control byte \(b) at \(i)" }
        if b == 0xC2, i + 1 < bytes.count, (0x80..<0xA0).contains(bytes[i + 1]) { return "C1 control at \(i)" }
        i += 1
    }
    return nil
}

@Suite struct RendererSafetyTests {
    static let hostile = ["\u{1B}]2;PWNED\u{07}", "\u{1B}[2J", "a\rb\nc", "\t|", "\u{7F}", "\u{9B}31m", "\u{85}", "\u{0}", "\u{1B}P1$r\u{1B}\\",
                          "ok", "👍🏽", "🇯🇵", "👨\u{200D}👩\u{200D}👧", "e\u{301}", "滚动", "\r\n", "❤\u{FE0F}"]

    /// Any string drawn anywhere reaches the terminal as text: the bytes hold only the renderer's
    /// own sequences, and the screen they make equals the frame.
    @Test("text from any source is drawn harmlessly", arguments: [TerminalWidthModel.conservative, .graphemeClusters])
    func anyTextIsData(model: TerminalWidthModel) async {
        let piece = zip(Gen.int(in: 0..<Self.hostile.count), Gen.int(in: -2...30), Gen.int(in: 0...7), Gen.int(in: 0...3))
        await propertyCheck(count: 150, input: piece.array(of: 1...10)) { pieces in
            var frame = Buffer(columns: 28, rows: 8)
            var r = Renderer(colorMode: .trueColor)
            r.widthModel = model
            var vs = VirtualScreen(columns: 28, rows: 8)
            for (k, x, y, n) in pieces {
                let text = String(repeating: Self.hostile[k], count: n + 1)
                frame.draw(text, column: x, row: y, style: Style(bold: n % 2 == 0))
                let bytes = r.render(frame)
                #expect(foreignControl(in: bytes) == nil, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
                vs.apply(bytes)
                #expect(vs.buffer == frame, "screen:\n\(vs.buffer.text)\nframe:\n\(frame.text)")
            }
        }
    }

    @Test("drawing shows controls as pictures and expands tabs to the next multiple of 8 columns")
    func controlsBecomePictures() {
        var b = Buffer(columns: 20, rows: 1)
        b.draw("\u{1B}]2;X\u{07}\u{7F}\u{9B}", column: 0, row: 0)
        #expect(b.text(ofRow: 0).hasPrefix("␛]2;X␇␡\u{FFFD}"))
        var t = Buffer(columns: 20, rows: 1)
        t.draw("a\tb\t\tc", column: 2, row: 0)
        #expect(t.text(ofRow: 0).hasPrefix("  a       b               c".prefix(20)))
    }

    @Test("a cell built directly with control characters still reaches the terminal as pictures")
    func cellsBuiltByHandAreSafe() {
        var b = Buffer(columns: 6, rows: 1)
        b[0, 0] = Cell("\u{1B}", width: 1)
        b[1, 0] = Cell("\u{07}", width: 1)
        b[2, 0] = Cell("", width: 1)
        b[3, 0] = Cell("\u{9D}", width: 1)
        var r = Renderer(colorMode: .trueColor)
        let bytes = r.render(b)
        #expect(foreignControl(in: bytes) == nil)
        #expect(String(decoding: bytes, as: UTF8.self).contains("␛␇ \u{FFFD}"))
    }

    @Test("after a cluster terminals measure differently, the next cell is placed by position")
    func uncertainClustersArePlacedByPosition() {
        var b = Buffer(columns: 12, rows: 1)
        b.draw("👍🏽|x", column: 0, row: 0)
        var conservative = Renderer(colorMode: .none)
        conservative.usesSynchronizedOutput = false
        let text = String(decoding: conservative.render(b), as: UTF8.self)
        #expect(text.contains("  \u{1B}[1;1H👍🏽\u{1B}[1;3H|x"))
        var trusting = Renderer(colorMode: .none)
        trusting.usesSynchronizedOutput = false
        trusting.widthModel = .graphemeClusters
        #expect(String(decoding: trusting.render(b), as: UTF8.self).contains("👍🏽|x"))
    }

    @Test("a changed cluster rewrites the cells it could spill over, even when they did not change")
    func spillIsRewritten() {
        var before = Buffer(columns: 12, rows: 1)
        before.draw("ab   |tail", column: 0, row: 0)
        var after = before
        after.draw("👍🏽", column: 0, row: 0)
        var r = Renderer(colorMode: .none)
        _ = r.render(before)
        let text = String(decoding: r.render(after), as: UTF8.self)
        // 👍🏽 is two code points: a terminal could draw it four cells wide, over the two unchanged
        // spaces after it, which are written again.
        #expect(text.contains("👍🏽\u{1B}[1;3H  \u{1B}[?2026l"))
    }

    @Test("inline ANSI (snapshot --ansi) is one line per row with colours and no cursor movement or clearing")
    func inlineANSIHasNoCursorMoves() {
        var b = Buffer(columns: 10, rows: 3)
        b.draw("red\u{1B}[2J", column: 1, row: 0, style: Style(foreground: .rgb(255, 0, 0)))
        b.draw("滚动", column: 0, row: 2)
        let text = Renderer.inlineANSI(b, colorMode: .trueColor)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines[3].isEmpty)
        #expect(text.contains("\u{1B}[38;2;255;0;0mred␛[2J"))
        #expect(!text.contains("H") && !text.contains("\u{1B}[2J") && !text.contains("\r"))
        #expect(lines.allSatisfy { $0.isEmpty || $0.hasSuffix("\u{1B}[0m") })
    }

    @Test("the terminal's answers pick the width model, and keys typed meanwhile are kept")
    func terminalAnswers() {
        var a = TerminalAnswers()
        a.feed(Array("x\u{1B}[1;3R\u{1B}[1;3".utf8))
        a.feed(Array("R\u{1B}[?2027;0$y\u{1B}[A\u{1B}[?62;22c".utf8))
        #expect(a.isComplete && a.widthModel == .graphemeClusters)
        #expect(a.otherBytes == Array("x\u{1B}[A".utf8))
        var tmux = TerminalAnswers()
        tmux.feed(Array("\u{1B}[1;5R\u{1B}[1;3R\u{1B}[?1;2c".utf8))
        #expect(tmux.widthModel == .conservative)
        var mode = TerminalAnswers()
        mode.feed(Array("\u{1B}[1;5R\u{1B}[1;9R\u{1B}[?2027;2$y\u{1B}[?1;2c".utf8))
        #expect(mode.widthModel == .graphemeClusters && mode.graphemeModeState == 2)
        // Mouse reports in pixels: known (reset or set) and a cell's size given, or not at all.
        var pixels = TerminalAnswers()
        pixels.feed(Array("\u{1B}[?1016;2$y\u{1B}[6;20;10t\u{1B}[?62c".utf8))
        #expect(pixels.pixelMouse?.width == 10 && pixels.pixelMouse?.height == 20 && pixels.otherBytes.isEmpty)
        var unknown = TerminalAnswers()
        unknown.feed(Array("\u{1B}[?1016;0$y\u{1B}[6;20;10t\u{1B}[?62c".utf8))
        var sizeless = TerminalAnswers()
        sizeless.feed(Array("\u{1B}[?1016;1$y\u{1B}[?62c".utf8))
        #expect(unknown.pixelMouse == nil && sizeless.pixelMouse == nil)
    }

    @Test("while the answers are awaited input is held, and given back in order once they are all in or the deadline passes")
    func pendingAnswers() {
        var answered = PendingAnswers(deadline: 1)
        #expect(answered.take(Array("q\u{1B}[1;3R".utf8), at: 0.01) == nil)
        let all = answered.take(Array("\u{1B}[1;3R\u{1B}[?2027;0$y\u{1B}[Bx\u{1B}[?62c".utf8), at: 0.02)
        #expect(all?.widthModel == .graphemeClusters && all?.otherBytes == Array("q\u{1B}[Bx".utf8))
        // A terminal that never answers: the keys come out at the deadline, and the model is conservative.
        var silent = PendingAnswers(deadline: 1)
        #expect(silent.take(Array("ab".utf8), at: 0.5) == nil)
        let late = silent.take([], at: 1)
        #expect(late?.widthModel == .conservative && late?.otherBytes == Array("ab".utf8) && late?.isComplete == false)
        var nan = PendingAnswers(deadline: .nan)
        #expect(nan.take([], at: 0) != nil)
    }
}

@Suite struct ClipboardTests {
    @Test("OSC 52 carries the text in base64, so nothing in it can act as control")
    func osc52() {
        #expect(ANSI.setClipboard("a\tb\u{1B}") == Array("\u{1B}]52;c;YQliGw==\u{07}".utf8))
        #expect(Base64.encode(Array("Man".utf8)) == Array("TWFu".utf8))
        #expect(Base64.encode(Array("Ma".utf8)) == Array("TWE=".utf8))
        #expect(Base64.encode([]) == [])
    }
}

@Suite struct EscapeSequenceTests {
    @Test("a cursor move, a count and a scroll region write their numbers in decimal, 1-based, for any position")
    func numbersInSequences() {
        let numbers = [Int.min, -5, -1, 0, 1, 8, 9, 10, 98, 99, 100, 101, 998, 999, 1000, 4095, 4096, 9998, 9999, 10_000, 123_456, Int.max - 1, Int.max]
        // What each number becomes: 1-based, at least 0 written as 0, and Int.max held there.
        func text(_ n: Int) -> String { n < 0 ? "0" : String(n) }
        for row in numbers {
            for column in numbers {
                var out: [UInt8] = []
                ANSI.appendMove(column: column, row: row, into: &out)
                #expect(String(decoding: out, as: UTF8.self) == "\u{1B}[\(text(row.addingSaturating(1)));\(text(column.addingSaturating(1)))H", "\(row), \(column)")
            }
            var count: [UInt8] = []
            ANSI.appendDecimal(row, into: &count)
            #expect(String(decoding: count, as: UTF8.self) == text(row))
            var scroll: [UInt8] = []
            ANSI.appendScroll(top: row, bottom: row, up: row % 2 == 0, lines: 3, into: &scroll)
            let place = text(row.addingSaturating(1))
            #expect(String(decoding: scroll, as: UTF8.self) == "\u{1B}[\(place);\(place)r\u{1B}[3\(row % 2 == 0 ? "S" : "T")\u{1B}[r")
        }
        var one: [UInt8] = []
        ANSI.appendScroll(top: 0, bottom: 9, up: true, lines: 1, into: &one)
        #expect(String(decoding: one, as: UTF8.self) == "\u{1B}[1;10r\u{1B}[S\u{1B}[r")
    }
}
