import PropertyBased
import Testing
@testable import ScrollworkWidgets
@testable import ScrollworkTerminal

private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
private let esc = "\u{1B}"

/// Decodes `input` split at `split` (and in one piece when nil), then flushes after the timeout.
private func decode(_ input: [UInt8], split: Int? = nil) -> [Event] {
    var d = InputDecoder()
    var events: [Event] = []
    if let split {
        events += d.feed(input[..<split], at: 0)
        events += d.feed(input[split...], at: 0)
    } else {
        events += d.feed(input, at: 0)
    }
    events += d.flush(at: 10)
    return events
}

private func key(_ k: Key, _ m: Modifiers = []) -> Event { .key(KeyEvent(k, m)) }
private func mouse(_ kind: MouseEvent.Kind, _ button: MouseEvent.Button, _ c: Int, _ r: Int, _ m: Modifiers = []) -> Event {
    .mouse(MouseEvent(kind, button: button, column: c, row: r, modifiers: m))
}

let decoderVectors: [(String, [UInt8], [Event])] = [
    ("ascii", bytes("a"), [key(.character("a"))]),
    ("kitty shift-space", bytes(esc + "[32;2u"), [key(.character(" "), .shift)]),
    ("kitty ctrl-a", bytes(esc + "[97;5u"), [key(.character("a"), .control)]),
    ("kitty escape", bytes(esc + "[27u"), [key(.escape)]),
    ("kitty enter", bytes(esc + "[13;3u"), [key(.enter, .alt)]),
    ("modifyOtherKeys shift-space", bytes(esc + "[27;2;32~"), [key(.character(" "), .shift)]),
    ("modifyOtherKeys ctrl-enter", bytes(esc + "[27;5;13~"), [key(.enter, .control)]),
    ("kitty control code is no key", bytes(esc + "[155u"), []),
    ("utf8 2", bytes("é"), [key(.character("é"))]),
    ("utf8 3", bytes("滚"), [key(.character("滚"))]),
    ("utf8 4", bytes("👍"), [key(.character("👍"))]),
    ("invalid byte", [0xFF], [key(.character("\u{FFFD}"))]),
    ("broken utf8", [0xC3, 0x28], [key(.character("\u{FFFD}")), key(.character("("))]),
    ("truncated utf8", [0xE6, 0xBB], [key(.character("\u{FFFD}"))]),
    ("ctrl-a", [0x01], [key(.character("a"), .control)]),
    ("ctrl-c", [0x03], [key(.character("c"), .control)]),
    ("ctrl-backslash", [0x1C], [key(.character("\\"), .control)]),
    ("enter", [0x0D], [key(.enter)]),
    ("tab", [0x09], [key(.tab)]),
    ("backspace", [0x7F], [key(.backspace)]),
    ("lone escape", bytes(esc), [key(.escape)]),
    ("alt-a", bytes(esc + "a"), [key(.character("a"), .alt)]),
    ("alt-ctrl-x", bytes(esc) + [0x18], [key(.character("x"), [.alt, .control])]),
    ("up", bytes(esc + "[A"), [key(.up)]),
    ("down", bytes(esc + "[B"), [key(.down)]),
    ("right", bytes(esc + "[C"), [key(.right)]),
    ("left", bytes(esc + "[D"), [key(.left)]),
    ("ctrl-up", bytes(esc + "[1;5A"), [key(.up, .control)]),
    ("shift-down", bytes(esc + "[1;2B"), [key(.down, .shift)]),
    ("alt-right", bytes(esc + "[1;3C"), [key(.right, .alt)]),
    ("all-left", bytes(esc + "[1;8D"), [key(.left, [.shift, .alt, .control])]),
    ("ss3 up", bytes(esc + "OA"), [key(.up)]),
    ("home H", bytes(esc + "[H"), [key(.home)]),
    ("end F", bytes(esc + "[F"), [key(.end)]),
    ("home 1~", bytes(esc + "[1~"), [key(.home)]),
    ("end 4~", bytes(esc + "[4~"), [key(.end)]),
    ("home 7~", bytes(esc + "[7~"), [key(.home)]),
    ("end 8~", bytes(esc + "[8~"), [key(.end)]),
    ("ss3 home", bytes(esc + "OH"), [key(.home)]),
    ("page up", bytes(esc + "[5~"), [key(.pageUp)]),
    ("page down", bytes(esc + "[6~"), [key(.pageDown)]),
    ("ctrl page down", bytes(esc + "[6;5~"), [key(.pageDown, .control)]),
    ("insert", bytes(esc + "[2~"), [key(.insert)]),
    ("delete", bytes(esc + "[3~"), [key(.delete)]),
    ("shift delete", bytes(esc + "[3;2~"), [key(.delete, .shift)]),
    ("f1 ss3", bytes(esc + "OP"), [key(.function(1))]),
    ("f2 ss3", bytes(esc + "OQ"), [key(.function(2))]),
    ("f3 ss3", bytes(esc + "OR"), [key(.function(3))]),
    ("f4 ss3", bytes(esc + "OS"), [key(.function(4))]),
    ("f1 tilde", bytes(esc + "[11~"), [key(.function(1))]),
    ("f2 tilde", bytes(esc + "[12~"), [key(.function(2))]),
    ("f3 tilde", bytes(esc + "[13~"), [key(.function(3))]),
    ("f4 tilde", bytes(esc + "[14~"), [key(.function(4))]),
    ("f7", bytes(esc + "[18~"), [key(.function(7))]),
    ("f8", bytes(esc + "[19~"), [key(.function(8))]),
    ("f9", bytes(esc + "[20~"), [key(.function(9))]),
    ("menu key", bytes(esc + "[29~"), [key(.menu)]),
    ("shift f10", bytes(esc + "[21;2~"), [key(.function(10), .shift)]),
    ("alt f3", bytes(esc + "[1;3R"), [key(.function(3), .alt)]),
    ("ss3 down", bytes(esc + "OB"), [key(.down)]),
    ("ss3 end", bytes(esc + "OF"), [key(.end)]),
    ("ctrl-alt-shift page up", bytes(esc + "[5;8~"), [key(.pageUp, [.shift, .alt, .control])]),
    ("shift f1", bytes(esc + "[1;2P"), [key(.function(1), .shift)]),
    ("f5", bytes(esc + "[15~"), [key(.function(5))]),
    ("f6", bytes(esc + "[17~"), [key(.function(6))]),
    ("f10", bytes(esc + "[21~"), [key(.function(10))]),
    ("f11", bytes(esc + "[23~"), [key(.function(11))]),
    ("ctrl f12", bytes(esc + "[24;5~"), [key(.function(12), .control)]),
    ("shift tab", bytes(esc + "[Z"), [key(.tab, .shift)]),
    ("focus in", bytes(esc + "[I"), [.focus(true)]),
    ("focus out", bytes(esc + "[O"), [.focus(false)]),
    ("mouse press", bytes(esc + "[<0;10;5M"), [mouse(.press, .left, 9, 4)]),
    ("mouse release", bytes(esc + "[<0;10;5m"), [mouse(.release, .left, 9, 4)]),
    ("mouse middle", bytes(esc + "[<1;1;1M"), [mouse(.press, .middle, 0, 0)]),
    ("mouse right", bytes(esc + "[<2;1;1M"), [mouse(.press, .right, 0, 0)]),
    ("mouse drag", bytes(esc + "[<32;11;5M"), [mouse(.drag, .left, 10, 4)]),
    ("mouse move", bytes(esc + "[<35;12;6M"), [mouse(.move, .none, 11, 5)]),
    ("wheel up", bytes(esc + "[<64;3;4M"), [mouse(.wheel(.up), .none, 2, 3)]),
    ("wheel down", bytes(esc + "[<65;3;4M"), [mouse(.wheel(.down), .none, 2, 3)]),
    ("wheel left", bytes(esc + "[<66;3;4M"), [mouse(.wheel(.left), .none, 2, 3)]),
    ("wheel right", bytes(esc + "[<67;3;4M"), [mouse(.wheel(.right), .none, 2, 3)]),
    ("shift click", bytes(esc + "[<4;1;1M"), [mouse(.press, .left, 0, 0, .shift)]),
    ("alt click", bytes(esc + "[<8;1;1M"), [mouse(.press, .left, 0, 0, .alt)]),
    ("ctrl wheel", bytes(esc + "[<80;1;1M"), [mouse(.wheel(.up), .none, 0, 0, .control)]),
    ("paste", bytes(esc + "[200~hello\nworld" + esc + "[201~"), [.paste("hello\nworld")]),
    ("paste with escapes", bytes(esc + "[200~a" + esc + "[Ab" + esc + "[201~x"), [.paste("a\u{1B}[Ab"), key(.character("x"))]),
    ("keys around paste", bytes("q" + esc + "[200~p" + esc + "[201~" + esc + "[B"), [key(.character("q")), .paste("p"), key(.down)]),
    ("truncated csi", bytes(esc + "[1;"), []),
    ("unknown csi", bytes(esc + "[99X" + "k"), [key(.character("k"))]),
    ("huge numbers", bytes(esc + "[99999999999999999999;5A"), [key(.up, .control)]),
    ("bad mouse", bytes(esc + "[<1;2M" + "z"), [key(.character("z"))]),
]

@Suite struct InputDecoderTests {
    @Test("every sequence decodes the same split at every byte boundary", arguments: decoderVectors.map(\.0))
    func splitAtEveryBoundary(name: String) {
        let (_, input, expected) = decoderVectors.first { $0.0 == name }!
        #expect(decode(input) == expected)
        for split in 0...input.count {
            #expect(decode(input, split: split) == expected, "split at \(split)")
        }
        // And one byte per read.
        var d = InputDecoder()
        var events: [Event] = []
        for byte in input { events += d.feed([byte], at: 0) }
        events += d.flush(at: 10)
        #expect(events == expected)
    }

    @Test func loneEscapeWaitsForTheCallersClock() {
        var d = InputDecoder()
        #expect(d.feed(bytes(esc), at: 1).isEmpty)
        #expect(d.flushDeadline == 1.05)
        #expect(d.flush(at: 1.01).isEmpty)
        #expect(d.feed(bytes("[A"), at: 1.02) == [key(.up)])
        #expect(d.feed(bytes(esc), at: 2).isEmpty)
        #expect(d.flush(at: 2.06) == [key(.escape)])
        #expect(!d.hasPending)
    }

    @Test func aMegabytePasteArrivesWhole() {
        let text = String(repeating: "scrollwork 滚动 ", count: 60_000)
        let input = bytes(esc + "[200~" + text + esc + "[201~")
        #expect(input.count > 1_000_000)
        var d = InputDecoder()
        var events: [Event] = []
        var offset = 0
        while offset < input.count {
            let end = min(input.count, offset + 4093)
            events += d.feed(input[offset..<end], at: 0)
            offset = end
        }
        #expect(events == [.paste(text)])
    }

    @Test func aPasteCutOffIsDeliveredAfterItsTimeout() {
        var d = InputDecoder()
        #expect(d.feed(bytes(esc + "[200~partial"), at: 0).isEmpty)
        #expect(d.flush(at: 0.5).isEmpty)
        #expect(d.flush(at: 1.5) == [.paste("partial")])
        #expect(d.feed(bytes("a"), at: 2) == [key(.character("a"))])
    }

    /// Found by the fuzzer: a paste start marker at the very end of the input, never closed.
    @Test func aPasteStartAtTheEndDoesNotStayPendingForever() {
        var d = InputDecoder()
        #expect(d.feed(bytes("x" + esc + "[200~"), at: 0) == [key(.character("x"))])
        #expect(d.hasPending)
        #expect(d.flush(at: 2).isEmpty)
        #expect(!d.hasPending)
        #expect(d.feed(bytes("y"), at: 3) == [key(.character("y"))])
    }

    @Test func overlongSequencesAreDropped() {
        let input = bytes(esc + "[" + String(repeating: "1;", count: 100) + "A" + "b")
        let events = decode(input)
        #expect(events.last == key(.character("b")))
        #expect(!events.contains(key(.up)))
    }

    @Test func noKeystrokeIsLostInAFloodOfMouseEvents() {
        var input: [UInt8] = []
        for i in 0..<5000 { input += bytes(esc + "[<32;\(i % 200 + 1);\(i % 50 + 1)M") ; if i % 1000 == 0 { input += bytes("k") } }
        let events = decode(input)
        #expect(events.filter { $0 == key(.character("k")) }.count == 5)
        #expect(events.count == 5005)
    }

    /// Random bytes in random pieces decode to the same events as in one piece, and never crash.
    @Test func randomBytesInAnyPiecesDecodeAlike() async {
        let pool: [UInt8] = [0x1B, 0x5B, 0x3C, 0x3B, 0x4D, 0x6D, 0x7E, 0x4F, 0x32, 0x30, 0x31, 0x35, 0x41, 0x61, 0xC3, 0xA9, 0xE6, 0xFF, 0x0D, 0x03]
        let byte = Gen.int(in: 0...(pool.count - 1)).map { pool[$0] }
        await propertyCheck(count: 300, input: byte.array(of: 0...60), Gen.int(in: 1...7)) { input, piece in
            var whole = InputDecoder()
            let expected = whole.feed(input, at: 0) + whole.flush(at: 5)
            #expect(decodeInPieces(input, piece: piece, flushTime: 5) == expected)
        }
    }

    @Test("where the terminal reports the mouse in pixels (mode 1016) a position is the pixel's own place in points, not its cell's centre")
    func pixelMouse() {
        var d = InputDecoder()
        let cells = d.feed(Array("\u{1B}[<0;11;3M".utf8), at: 0)
        #expect(cells == [.mouse(MouseEvent(.press, column: 10, row: 2))])
        d.mousePixelsPerCell = (width: 10, height: 20)
        // Pixel 101, 41 (1-based) of cells 10 × 20 pixels: column 10, a twentieth in; row 2, a fortieth in.
        guard case let .mouse(press)? = d.feed(Array("\u{1B}[<0;101;41M".utf8), at: 1).first else { Issue.record("no event"); return }
        #expect(abs(press.x - 100.5 / 10 * 8) < 1e-9 && abs(press.y - 40.5 / 20 * 16) < 1e-9)
        guard case let .mouse(wheel)? = d.feed(Array("\u{1B}[<65;1;1M".utf8), at: 2).first else { Issue.record("no wheel"); return }
        #expect(wheel.kind == .wheel(.down) && wheel.x == 0.4 && wheel.y == 0.4)
        d.mousePixelsPerCell = (width: 0, height: -3)
        #expect(d.feed(Array("\u{1B}[<0;11;3M".utf8), at: 3) == cells, "a cell of no pixels is read as cells")
    }
}
