#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork
import ScrollworkTerminal
import ScrollworkTestSupport
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

/// Random terminal input for the gallery: keys, mouse reports at random cells, pastes, resizes
/// and time passing.
enum GalleryFuzz {
    static let keys: [[UInt8]] = [
        Array("?".utf8), Array("\u{1B}OP".utf8), Array("\t".utf8), Array("\u{1B}[Z".utf8), Array("\u{1B}[A".utf8),
        Array("\u{1B}[B".utf8), Array("\u{1B}[C".utf8), Array("\u{1B}[D".utf8), Array("\u{1B}[5~".utf8), Array("\u{1B}[6~".utf8),
        Array("\u{1B}[H".utf8), Array("\u{1B}[F".utf8), Array("\u{1B}[1;3C".utf8), Array("\u{1B}[1;2B".utf8), [0x1B], [0x0D], [0x7F],
        Array("/".utf8), Array("i".utf8), Array("e".utf8), Array("u".utf8), Array("p".utf8), Array("v".utf8), Array("m".utf8),
        Array("b".utf8), Array("z".utf8), Array("x".utf8), Array("a".utf8), Array("d".utf8), Array(" ".utf8), Array("]".utf8),
        Array("[".utf8), Array("+".utf8), Array("-".utf8), Array("0".utf8), Array("\u{1B}[15~".utf8), Array("\u{1B}[17~".utf8),
        Array("\u{1B}[18~".utf8), Array("\u{1B}[19~".utf8), Array("\u{1B}[20~".utf8), Array("\u{1B}[21~".utf8), Array("\u{1B}[3~".utf8),
        Array("s".utf8), Array("r".utf8), Array("c".utf8), Array("t".utf8), Array("n".utf8), Array("j".utf8), Array("k".utf8),
        Array("\u{1B}m".utf8),
    ]

    /// One random step applied to `t`.
    static func step(_ t: inout HeadlessTerminal<GalleryApp>, _ rng: inout SeededRandom, maxColumns: Int, maxRows: Int) {
        let columns = max(1, t.columns), rows = max(1, t.rows)
        switch Int.random(in: 0..<20, using: &rng) {
        case 0..<7:
            t.send(bytes: keys.randomElement(using: &rng)!)
        case 7..<13:
            let x = Int.random(in: 0...columns, using: &rng) + 1, y = Int.random(in: 0...rows, using: &rng) + 1
            let code = [0, 32, 0, 64, 65, 66, 67, 2, 35, 4, 16].randomElement(using: &rng)!
            let final = Bool.random(using: &rng) ? "M" : "m"
            t.send(bytes: Array("\u{1B}[<\(code);\(x);\(y)\(final)".utf8))
        case 13..<15:
            let paste = ["hello", "\u{1B}]2;PWNED\u{07}", "👍🏽🇯🇵\t\r\n", String(repeating: "q", count: 200), "é\u{301}"].randomElement(using: &rng)!
            t.send(bytes: Array("\u{1B}[200~\(paste)\u{1B}[201~".utf8))
        case 15:
            t.resize(columns: Int.random(in: 1...maxColumns, using: &rng), rows: Int.random(in: 1...maxRows, using: &rng))
        case 16:
            // Background work (a sort, a page of the slow source) finishes now.
            t.runWork()
        default:
            t.advance(by: [0.016, 0.05, 0.3].randomElement(using: &rng)!)
        }
    }

    /// Runs `steps` random steps on the gallery `t` at `columns` × `rows` from `seed`, starting
    /// from page `page`.
    static func run(_ t: inout HeadlessTerminal<GalleryApp>, page: GalleryApp.PageKind, columns: Int, rows: Int, seed: UInt64, steps: Int) {
        var rng = SeededRandom(seed: seed)
        t.resize(columns: columns, rows: rows)
        t.send(.key(KeyEvent(.function(page.rawValue + 2))))
        for _ in 0..<steps { step(&t, &rng, maxColumns: max(columns, 2) * 2, maxRows: max(rows, 2) * 2) }
    }
}

@Suite struct GalleryFuzzTests {
    /// Every size from 1×1 to 40×12 and a few large ones; `SCROLLWORK_LONG_FUZZ=N` runs N seeds
    /// per size instead of one.
    static var sizes: [(Int, Int)] {
        var all: [(Int, Int)] = []
        for c in stride(from: 1, through: 40, by: 3) { for r in [1, 2, 3, 5, 8, 12] { all.append((c, r)) } }
        return all + [(40, 12), (80, 24), (120, 40), (200, 60), (500, 200)]
    }

    @Test("no page traps at any size under random keys, mouse, pastes and resizes", arguments: GalleryApp.PageKind.allCases)
    func randomInputAtEverySize(page: GalleryApp.PageKind) {
        let seeds = UInt64(ProcessEnvironment.integer("SCROLLWORK_LONG_FUZZ") ?? 1)
        var t = gallery(page, rows: 2_000)
        for (i, (c, r)) in Self.sizes.enumerated() {
            for seed in 0..<seeds {
                // A fresh gallery now and then, so that early states are reached at every size too.
                if seed % 8 == 7 { t = gallery(page, rows: 2_000) }
                GalleryFuzz.run(&t, page: page, columns: c, rows: r, seed: UInt64(i) &* 7919 &+ seed &+ UInt64(page.rawValue) << 32,
                                steps: c >= 200 ? 6 : 24)
            }
        }
        t.advance(by: 10)
    }

    @Test("the help overlay opens at every small size", arguments: GalleryApp.PageKind.allCases)
    func helpAtSmallSizes(page: GalleryApp.PageKind) {
        var t = gallery(page, rows: 100)
        for c in 1...40 {
            for r in 1...12 {
                t.resize(columns: c, rows: r)
                t.type("?")
                t.send(bytes: Array("\u{1B}OP".utf8))
                t.send(bytes: Array("\u{1B}OP".utf8))
            }
        }
    }

    @Test("the page control page at 10×6 after ] ] ] ] Right")
    func pageControlNarrow() {
        var t = gallery(.scrollView, columns: 10, lines: 6)
        t.type("]]]]")
        t.send(bytes: Array("\u{1B}[C".utf8))
        t.advance(by: 1)
        #expect(t.app.page == .pageControl)
    }
}

/// Reads the process environment without Foundation.
enum ProcessEnvironment {
    static func integer(_ name: String) -> Int? {
        guard let value = getenv(name) else { return nil }
        return Int(String(cString: value))
    }
}
