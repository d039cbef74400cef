import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

// A table screen as its host sees it: an event in, whether the person left or quit out; the
// table with its status line, sheet and overlay drawn in one area.
extension TableScreen {
    /// What an event asked of the host beyond the screen.
    enum Leaving: Sendable, Hashable {
        /// Esc (with nothing to cancel) or ⌫: back to where the table was opened from.
        case back
        /// `q`, Ctrl+Q: the viewer quits.
        case quit
    }

    /// Takes a key, click, paste or resize (work goes to ``handleWork(_:at:)``): what is over
    /// the table first, then the table's keys, then the table view; nil while the person stays.
    /// Where there is somewhere to go back to, a first Esc or ⌫ under filters says what a
    /// second one drops.
    mutating func handle(_ event: Event, at time: Double) -> Leaving? {
        // What answered the last key stays while a prompt is typed.
        if overlay?.field == nil, event.isPersonAction, !rowSearch.isRunning { note = nil }
        // A terminal's Ctrl-C quits from under a sheet, a row or the keys shown over the table,
        // as from the table (a prompt keeps it; a window's Ctrl+C copies).
        if case let .key(key) = event, key == Self.interrupt, tableKeys.command(for: key) == .quit, overlay?.field == nil { return .quit }
        if handleOverTable(event, at: time) { return keyMemory.wantsQuit ? .quit : nil }
        // A click on a cell makes its column the current one.
        if case let .mouse(mouse) = event, let column = view.column(atCell: mouse) { setCurrentColumn(column, at: time) }
        let armed = keyMemory.leavingArmed
        if let seeking = keyMemory.seeking, event.isPersonAction {
            keyMemory.seeking = nil
            if case let .key(key) = event, tableKeys.command(for: key) == .cancel {
                note = seeking == .end ? "stopped going to the end" : "stopped going to the row"
                return nil
            }
        }
        if event.isPersonAction {
            keyMemory.leavingArmed = false
            // The person moved on: the row focused before the last order is not brought back.
            shown.refocus = nil
        }
        if case let .key(key) = event, let command = command(for: key, at: time) {
            if command != .record, command != .keepEqual, command != .keepDifferent { keyMemory.awaitingRow = nil }
            if run(command, at: time) { return nil }
            // A table opened alone has nowhere to go back to: Esc with nothing to cancel does
            // nothing, as in a file's viewer.
            if command == .cancel || command == .back, connection.back != nil {
                // Filters took work to make: the first Esc says what a second one drops.
                if !shown.filters.isEmpty && !armed {
                    keyMemory.leavingArmed = true
                    note = "\(command == .back ? "⌫" : "Esc") again goes back and drops the filters; u removes the last filter"
                    return nil
                }
                return .back
            }
        }
        let (reply, leftOver) = view.keyLeftOver(event, at: time)
        let events = collect(reply)
        guard let key = leftOver else {
            // End moved the focus in the view; like G, it goes on to the last row while rows
            // are still being read.
            if case let .key(key) = event, tableKeys.command(for: key) == .bottom, !allRowsKnown { keyMemory.seeking = .end }
            for case let .headingClicked(column) in events { sort(byHeading: column, at: time) }
            openMenus(events, fromKeyboard: { if case .key = event { true } else { false } }(), at: time)
            return nil
        }
        switch tableKeys.command(for: key) {
        case .quit?: return .quit
        // The focus moves with the view.
        case .top?: note = view.moveFocus(.home, at: time)
        case .bottom?:
            note = view.moveFocus(.end, at: time)
            keyMemory.seeking = allRowsKnown ? nil : .end
        default: break
        }
        return nil
    }

    /// Ctrl-C, which a terminal's keys bind to quit.
    static let interrupt = KeyEvent(.character("c"), .control)

    /// True once the rows shown are all there are: every name read (and found, in a file still
    /// being indexed), or the rows counted.
    var allRowsKnown: Bool {
        byName ? shown.identitiesComplete && shown.sorting == nil && !source.growth.isFinding && !shown.following.moreToRead
            : (shown.filters.isEmpty ? counts.total : counts.filtered) != nil
    }

    /// Carries on with the keys that waited for rows to be read, counted, ordered or found (G,
    /// End or `#` going to a row, type-ahead, `/`, `f`, `I` and a save), after work came in; each returns at once unless
    /// what it waits for has come.
    mutating func resumeWaitingKeys(at time: Double) {
        goOnSeeking(at: time)
        startTypeAhead()
        startWaitingSearch()
        resumeExploring(at: time)
    }

    /// After rows or a count came while going to a row not read yet: for G the focus on the
    /// last row known until it is the last there is; for `#` the row once it is read (the last,
    /// should fewer come).
    mutating func goOnSeeking(at time: Double) {
        switch keyMemory.seeking {
        case .end?:
            if let problem = view.moveFocus(.end, at: time) { note = problem }
            if allRowsKnown { keyMemory.seeking = nil }
        case let .row(row, total)?:
            let count = view.table.list.numberOfRows
            guard row < count || allRowsKnown, count > 0 else { return }
            keyMemory.seeking = nil
            let reached = Swift.min(row, count - 1)
            note = view.selectAndReveal(reached, at: time) ?? "row \(grouped(reached + 1)) of \(grouped(allRowsKnown ? count : total))"
        case let .asked(text)?:
            guard allRowsKnown else { return }
            keyMemory.seeking = nil
            goToRow(text, at: time)
        case nil: break
        }
    }

    /// `#`: the focus on a row by number or percentage of every row the table has (counted by
    /// the source, where not all are read yet), going there once it is read.
    mutating func goToRow(_ text: String, at time: Double) {
        let read = view.table.list.numberOfRows
        // Every row, counted, where the names are still coming in the table's own order; a
        // table read by position, or still finding its rows, is gone through once it is counted.
        guard allRowsKnown || (byName && !source.growth.isFinding) else { return keyMemory.seeking = .asked(text) }
        let total = allRowsKnown ? read : (shown.filters.isEmpty && shown.sorting == nil ? counts.total ?? read : read)
        switch RowTarget.row(text, of: total) {
        case let .failure(message): note = message.text
        case let .success(row) where row < read:
            note = view.selectAndReveal(row, at: time) ?? "row \(grouped(row + 1)) of \(grouped(total))"
        case let .success(row):
            keyMemory.seeking = .row(row, of: total)
        }
    }

    /// What `key` runs: while a name is being typed (a key within a second of the last), its
    /// letters, digits, dashes and underscores go on with it rather than run the commands they
    /// also name, as in a file's table.
    func command(for key: KeyEvent, at time: Double) -> ViewerCommand? { rowSearch.typed.command(for: key, at: time, among: tableKeys) }

    /// Draws the table in `area` with its status line at the bottom, and the sheet (with its
    /// own status line) or what else is over it.
    mutating func renderWhole(in area: Rect, into canvas: inout Canvas, at time: Double) {
        var widths = fittedWidths ?? characterWidths
        do { try widths.fit(&view, on: canvas) } catch { note = "\(error)" }
        fittedWidths = widths
        frame = canvas.aligned(area)
        let (table, statusLine) = StatusLine.split(area, on: canvas)
        render(in: table, into: &canvas, at: time)
        renderOverTable(table: table, statusLine: statusLine, whole: frame, into: &canvas, at: time)
    }

    /// The work to start or cancel and the copies asked for during the call under way (the
    /// screen's, its sheet's and its table view's), handed to the app to return, once.
    mutating func takeEffects() -> [Effect] {
        var taken = effects
        effects = []
        taken += sheet?.takeEffects() ?? []
        return taken
    }

    /// True while something moves.
    var isAnimating: Bool { mutating get { view.isAnimating || overlay?.isAnimating == true || sheet?.isAnimating == true } }

    /// Where the terminal's cursor goes: the prompt's caret, the sheet's focus or the table's.
    var cursorPosition: Point? { mutating get { overlay?.field?.cursorPosition ?? sheet?.cursorPosition ?? view.cursorPosition } }
}
