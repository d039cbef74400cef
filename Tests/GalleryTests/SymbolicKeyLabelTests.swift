import Scrollwork
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

/// The macOS idiom in a window names keys as a Mac does (⌃⇥, ⇧F10); a terminal and the other
/// idioms keep their words.
@Suite struct SymbolicKeyLabelTests {
    @Test("chords are written in symbols in a Mac's modifier order; words that name no key stay as they are")
    func symbols() {
        #expect(KeyLabel.symbolic("Ctrl+Shift+Tab Ctrl+PgUp") == "⌃⇧⇥ ⌃⇞")
        #expect(KeyLabel.symbolic("Shift+Ctrl+X") == "⌃⇧X", "Control before Shift, as a Mac lists them")
        #expect(KeyLabel.symbolic("Alt+C") == "⌥C" && KeyLabel.symbolic("Shift+F10 Menu") == "⇧F10 Menu")
        #expect(KeyLabel.symbolic("Esc") == "⎋" && KeyLabel.symbolic("Enter") == "↩" && KeyLabel.symbolic("F1") == "F1")
        #expect(KeyLabel.symbolic("Ctrl++") == "⌃+" && KeyLabel.symbolic("+") == "+")
        #expect(KeyLabel.symbolic("1–7 click Super+K") == "1–7 click Super+K", "\(KeyLabel.symbolic("1–7 click Super+K"))")
    }

    static func gallery(idiom: ScrollIdiom, keys: KeyConvention) -> GalleryApp {
        var style = GalleryStyle(theme: .standard(for: .trueColor, appearance: .light), colorMode: .trueColor, idiom: idiom)
        style.keys = keys
        style.simulatesLatency = false
        var app = GalleryApp(page: .table, style: style, tableRows: 100)
        _ = app.handle(.resize(columns: 100, rows: 37), at: 0)
        var canvas = windowBuffer(Size(width: 800, height: 600))
        _ = app.render(into: &canvas, at: 0.1)
        return app
    }

    @Test("a row's menu names its keys as GNOME does in a Linux window, Ctrl+C, the macOS idiom's too (⌃C only on a Mac), Alt+C in a terminal")
    func menuShortcuts() {
        #if os(Linux)
        #expect(!KeyLabel.isSymbolic(.desktop, in: .macOS), "a Linux window is a GNOME app whatever its idiom")
        #endif
        let mac = KeyLabel.isSymbolic(.desktop, in: .macOS) ? ["⌃C", "⌃A"] : ["Ctrl+C", "Ctrl+A"]
        for (idiom, keys, expected) in [(ScrollIdiom.macOS, KeyConvention.desktop, mac), (.iOS, .desktop, ["Ctrl+C", "Ctrl+A"]),
                                        (.macOS, .terminal, ["Alt+C", "Ctrl+A"])] {
            var app = Self.gallery(idiom: idiom, keys: keys)
            _ = app.handle(.key(KeyEvent(.down)), at: 0.2)
            _ = app.handle(.key(KeyEvent(.function(10), .shift)), at: 0.3)
            #expect(app.table.menu?.items.map(\.shortcut) == expected, "\(idiom) \(keys): \(app.table.menu?.items.map(\.shortcut) ?? [])")
        }
    }

    @Test("the help sheet of a window names the keys as its desktop writes them (Ctrl+Tab on Linux, ⌃⇥ on a Mac), the window's page keys among them")
    func helpSheet() {
        for (idiom, symbolic) in [(ScrollIdiom.macOS, KeyLabel.isSymbolic(.desktop, in: .macOS)), (.iOS, false)] {
            var app = Self.gallery(idiom: idiom, keys: .desktop)
            _ = app.handle(.key(KeyEvent(.function(1))), at: 0.2)
            var canvas = windowBuffer(Size(width: 800, height: 600))
            _ = app.render(into: &canvas, at: 0.3)
            let texts = canvas.pointMarks.flatMap { mark -> [String] in
                guard case let .drawing(d) = mark else { return [] }
                return d.commands.compactMap { if case let .text(text, _, _, _) = $0 { text } else { nil } }
            }.joined(separator: "\n")
            #expect(texts.contains("⌃⇥") == symbolic && texts.contains("Ctrl+Tab") == !symbolic, "\(idiom): \(texts)")
        }
    }
}
