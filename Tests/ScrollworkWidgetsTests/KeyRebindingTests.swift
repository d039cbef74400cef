import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// Commands carry what they do (which way, how far, which character), so a key bound anew in a
/// widget's table does exactly what its new command says, and every other key what it did.
@Suite struct KeyRebindingTests {
    struct File: Sendable { var name: String }

    func table() -> TableView<File> {
        var view = TableView(TableState(rows: (0..<500).map { File(name: "file-\($0)") }, columns: [TableColumn("Name") { .string($0.name) }]))
        var buffer = Buffer(columns: 30, rows: 12)
        view.render(in: buffer.area, into: &buffer, at: 0)
        return view
    }

    /// Every key a table knows, and some it does not.
    static let keys: [KeyEvent] = [
        KeyEvent(.up), KeyEvent(.down), KeyEvent(.up, .shift), KeyEvent(.down, .shift), KeyEvent(.pageUp), KeyEvent(.pageDown),
        KeyEvent(.pageDown, .shift), KeyEvent(.home), KeyEvent(.end), KeyEvent(.character(" ")), KeyEvent(.character(" "), .shift),
        KeyEvent(.left), KeyEvent(.right), KeyEvent(.enter), KeyEvent(.escape), KeyEvent(.character("a"), .control),
        KeyEvent(.character("j")), KeyEvent(.character("k")), KeyEvent(.pageDown, .alt),
    ]

    /// What `key` does to a table after `setup`: handled or not, and the focus, selection and offset after.
    func effect(of key: KeyEvent, on view: TableView<File>, pageKeysScroll: Bool) -> String {
        var v = view
        v.pageKeysScroll = pageKeysScroll
        _ = v.handle(.key(KeyEvent(.down)), at: 1)
        let handled = v.handle(.key(key), at: 2).isHandled
        _ = v.tick(at: 10)
        let list = v.table.list
        return "\(handled) \(list.cursor.flatMap { list.indexPath(of: $0) }.map(\.row) ?? -1) \(list.selection.count) \(list.scroll.offset.y) \(list.scroll.offset.x)"
    }

    @Test("a key bound anew in a table does its new command; every other key does what it did, with either page-key setting")
    func rebindingChangesExactlyThatKey() {
        let plain = table()
        var rebound = plain
        rebound.keys = plain.keys.rebinding(KeyEvent(.character("j")), to: .move(.down, extending: false), summary: "the next row")
            .rebinding(KeyEvent(.up), to: nil, summary: "left to the app")
        for pageKeysScroll in [true, false] {
            for key in Self.keys {
                let before = effect(of: key, on: plain, pageKeysScroll: pageKeysScroll)
                let after = effect(of: key, on: rebound, pageKeysScroll: pageKeysScroll)
                switch key {
                case KeyEvent(.character("j")):
                    #expect(after == effect(of: KeyEvent(.down), on: plain, pageKeysScroll: pageKeysScroll) && after != before)
                case KeyEvent(.up):
                    #expect(after.hasPrefix("false") && before.hasPrefix("true"))
                default:
                    #expect(after == before, "\(key.label) did \(before), now \(after)")
                }
            }
        }
        let help = rebound.keys.help.entries
        #expect(help[0].keys == "j" && help[0].does == "the next row")
        #expect(help[1].keys == "↑" && help[1].does.hasPrefix("nothing"))
        #expect(help.count == plain.keys.help.entries.count + 2)
    }

    @Test("commands carry their values: page keys move or scroll as the view says, a character is typed as itself")
    func commandsCarryValues() {
        #expect(RowsCommand.tableKeys.command(for: KeyEvent(.pageDown, .shift)) == .move(.pageDown, extending: true))
        #expect(RowsCommand.tableKeys.command(for: KeyEvent(.pageDown, .alt)) == .scroll(.pageDown))
        #expect(RowsCommand.listKeys.command(for: KeyEvent(.character(" "))) == .scroll(.pageDown))
        #expect(RowsCommand.listKeys.command(for: KeyEvent(.down, .alt)) == nil, "Alt with a key is the app's")
        #expect(OutlineCommand.keys.command(for: KeyEvent(.end)) == .move(.end))
        #expect(TextFieldCommand.keys.command(for: KeyEvent(.character("é"))) == .insert("é"))
        #expect(PageTurn.keys(along: .vertical).command(for: KeyEvent(.down)) == .next)
        #expect(PageTurn.keys(along: .horizontal).command(for: KeyEvent(.down)) == nil)
    }

    @Test("the first binding that takes a key wins, whether it lists keys or makes commands from them")
    func firstBindingWins() {
        enum C: Sendable, Hashable { case listed(Int), made(Character) }
        let letters = KeyBinding<C>("letters", label: "a–z") { key in
            if case let .character(c) = key.key, c.isLetter { return .made(c) }
            return nil
        }
        let table = CommandTable<C>("T", [
            KeyBinding(.listed(1), "q first", keys: KeyEvent(.character("q"))),
            letters,
            KeyBinding(.listed(2), "x after the letters", keys: KeyEvent(.character("x")), KeyEvent(.character("1"))),
            KeyBinding(.listed(3), "q again", keys: KeyEvent(.character("q"))),
        ])
        #expect(table.command(for: KeyEvent(.character("q"))) == .listed(1))
        #expect(table.command(for: KeyEvent(.character("x"))) == .made("x"))
        #expect(table.command(for: KeyEvent(.character("1"))) == .listed(2))
        #expect(table.command(for: KeyEvent(.character("!"))) == nil)
    }

    @Test("a text field takes rebound keys too")
    func otherWidgets() {
        var field = TextField(prompt: "Find:", text: "")
        field.keys = field.keys.rebinding(KeyEvent(.character("x")), to: .insert("y"), summary: "types y")
        _ = field.handle(.key(KeyEvent(.character("x"))), at: 0)
        _ = field.handle(.key(KeyEvent(.character("z"))), at: 0)
        #expect(field.text == "yz")
        // Ctrl+A selects all the text: what is typed next replaces it.
        _ = field.handle(.key(KeyEvent(.character("a"), .control)), at: 0)
        #expect(field.isTextSelected)
        _ = field.handle(.key(KeyEvent(.character("q"))), at: 0)
        #expect(field.text == "q")
    }

    @Test("a menu item's shortcut is the first key bound anew to its command, else its binding's first key, else its label's first; nil for a command no key runs")
    func menuShortcuts() {
        enum Command: Sendable, Hashable { case help, save, quit, type(Character), none }
        let table = CommandTable<Command>("App", [
            KeyBinding(.help, "help", label: "? F1") { $0.key == .character("?") || $0.key == .function(1) },
            KeyBinding(.save, "save", keys: KeyEvent(.character("s"), .control), KeyEvent(.function(2))),
            KeyBinding(.quit, "quit", keys: KeyEvent(.character("q"))),
            KeyBinding("type", label: "a–z", example: .type("a")) { if case let .character(c) = $0.key { .type(c) } else { nil } },
        ])
        #expect(table.shortcut(for: .help) == "?" && table.shortcut(for: .save) == "Ctrl+S" && table.shortcut(for: .quit) == "q")
        #expect(table.shortcut(for: .type("a")) == "a–z" && table.shortcut(for: .none) == nil)
        let desktop = table.rebinding(KeyEvent(.character("q"), .control), to: .quit, summary: "quit")
            .rebinding(KeyEvent(.character("w"), .control), to: .quit, summary: "close").rebinding(KeyEvent(.function(1)), to: .help, summary: "help")
        #expect(desktop.shortcut(for: .quit) == "Ctrl+Q" && desktop.shortcut(for: .help) == "F1" && desktop.shortcut(for: .save) == "Ctrl+S")
    }
}
