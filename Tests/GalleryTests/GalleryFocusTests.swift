import Scrollwork
import ScrollworkTerminal
import Testing
@testable import scrollwork

@Suite struct GalleryFocusTests {
    @Test("a focused search field takes q, ?, Tab and ] as text; Esc leaves it; then q quits", arguments: ["/", "i"])
    func textFieldsTakeTheirKeys(opener: String) {
        var t = gallery(.scrollView)
        t.type(opener)
        #expect(t.app.pageStatus.hasPrefix(opener == "/" ? "Search:" : "Typing"))
        t.type("quick?]")
        t.send(.key(KeyEvent(.tab)))
        #expect(!t.app.wantsQuit)
        #expect(t.app.page == .scrollView)
        #expect(!t.app.showsHelp)
        #expect(t.app.pageStatus.contains("quick?]"))
        t.send(.key(KeyEvent(.escape)))
        #expect(!t.app.scrollView.isEditingText)
        t.type("q")
        #expect(t.app.wantsQuit)
    }

    @Test("Ctrl-C quits even while a text field has focus")
    func controlCAlwaysQuits() {
        var t = gallery(.scrollView)
        t.type("/ab")
        t.send(bytes: [0x03])
        #expect(t.app.wantsQuit)
    }

    @Test("a paste into the search field is text: its escape sequences are shown, not obeyed")
    func pastedControlsAreShown() {
        var t = gallery(.scrollView)
        t.type("/")
        t.send(bytes: Array("\u{1B}[200~\u{1B}]2;PWNED\u{07}\u{1B}[201~".utf8))
        #expect(t.text.contains("Search: ␛]2;PWNED␇"))
    }
}
