// The example of the "Edit mode" article (Sources/ScrollworkWidgets/ScrollworkWidgets.docc),
// kept word for word between the markers (scripts/check-docs compares them) and run by
// EditModeExampleTests.

// BEGIN EDIT MODE EXAMPLE
import Scrollwork
import ScrollworkWidgets

/// What the app's own keys do: each command says the whole edit.
enum EditCommand: Sendable, Hashable {
    case toggleEditing, delete, undo
    case move(up: Bool)
}

/// Names to put in order: e turns edit mode on and off, d deletes the focused name, Alt+↑ and
/// Alt+↓ move it, u undoes; in edit mode ⊖ deletes and ≡ drags a row with the pointer too.
struct Names: WidgetApp {
    var content = ListView(ListState(rows: ["Ada", "Grace", "Alan", "Edsger", "Barbara"]) { RowContent($0) })
    var wantsQuit = false
    var status = ""

    static let keys = CommandTable<EditCommand>("Names", [
        KeyBinding(.toggleEditing, "edit mode on or off", keys: KeyEvent(.character("e"))),
        KeyBinding(.delete, "delete the focused name", keys: KeyEvent(.character("d")), KeyEvent(.delete)),
        KeyBinding(.move(up: true), "move it up", keys: KeyEvent(.up, .alt)),
        KeyBinding(.move(up: false), "move it down", keys: KeyEvent(.down, .alt)),
        KeyBinding(.undo, "undo the last edit", keys: KeyEvent(.character("u"))),
    ])

    mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        if case let .key(key) = event, let command = Self.keys.command(for: key) {
            run(command)
            return []
        }
        let reply = content.handle(event, at: time)
        for case let .moved(from, to) in reply.reports { status = "moved row \(from.row + 1) to \(to.row + 1)" }
        if let error = reply.errors.last { status = "\(error)" }
        return reply.effects
    }

    mutating func run(_ command: EditCommand) {
        let focused = content.focusedRow
        do {
            switch command {
            case .toggleEditing: content.state.isEditing.toggle()
            case .undo: try content.state.undo()
            case .delete:
                guard content.state.isEditing, let focused else { return }
                try content.state.deleteRows(at: [focused])
            case let .move(up):
                guard content.state.isEditing, let focused else { return }
                try content.state.moveRow(from: focused, to: IndexPath(row: focused.row + (up ? -1 : 1)))
            }
        } catch {
            status = "\(error)"
        }
    }
}
// END EDIT MODE EXAMPLE
