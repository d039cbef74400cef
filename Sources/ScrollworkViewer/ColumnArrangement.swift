import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// The columns a person hid, and what the exploring keys do to a table's columns (`-` hide, `+`
/// show again, `P` pin or unpin, `{` `}` move): one implementation for a file's table and a
/// database's. Each operation changes the view and the current column and returns what the
/// status line says.
struct ColumnArrangement<Row: Sendable> {
    /// A column hidden with `-`: the column, its width and where it stood.
    typealias Hidden = (column: TableColumn<Row>, width: Double, position: Int)

    /// The hidden columns, in the order they were hidden.
    var hidden: [Hidden] = []
    /// The first column that may be hidden, pinned or moved (a file's `#` column stays first).
    let first: Int
    /// What is said of a column before `first`, which stays.
    let staysNote: String

    /// Hides column `current` of `view`; the current column stays where it was.
    mutating func hide(_ current: Int, in view: inout TableView<Row>) -> String {
        guard current >= first else { return staysNote }
        do {
            let removed = try view.table.removeColumn(current)
            hidden.append((removed.column, removed.width, current))
            return "\(removed.column.title) hidden · + shows it again"
        } catch {
            return "\(error)"
        }
    }

    /// Shows only the columns whose ids are `fields` (`--columns`), in that order after those
    /// before ``first``, the others hidden as `-` hides them.
    ///
    /// - Throws: `ExploreError` when the table refuses a change.
    mutating func show(only fields: [Int], in view: inout TableView<Row>) throws(ExploreError) {
        for position in stride(from: view.table.columns.count - 1, through: first, by: -1) {
            guard let field = Int(view.table.columns[position].id), !fields.contains(field) else { continue }
            do {
                let removed = try view.table.removeColumn(position)
                hidden.insert((removed.column, removed.width, position), at: 0)
            } catch { throw ExploreError("\(error)") }
        }
        for (target, field) in fields.enumerated() {
            guard let at = view.table.columns.firstIndex(where: { $0.id == "\(field)" }), at != target + first else { continue }
            do { try view.table.moveColumn(at, to: target + first) } catch { throw ExploreError("\(error)") }
        }
    }

    /// Shows every hidden column again where it stood.
    mutating func showHidden(in view: inout TableView<Row>) -> String {
        guard !hidden.isEmpty else { return "no column is hidden" }
        for (column, width, position) in hidden.reversed() { view.table.insertColumn(column, width: width, at: position) }
        defer { hidden = [] }
        return counted(hidden.count, "column") + " shown again"
    }

    /// Pins column `current` on the leading edge, or unpins it; `current` follows it.
    func togglePin(_ current: inout Int, in view: inout TableView<Row>) -> String {
        guard current >= first else { return staysNote }
        let pinned = view.table.pinnedColumns
        do {
            if current < pinned {
                try view.table.moveColumn(current, to: pinned - 1)
                view.table.pinnedColumns = pinned - 1
                current = pinned - 1
                return "\(view.table.columns[current].title) unpinned"
            }
            try view.table.moveColumn(current, to: pinned)
            view.table.pinnedColumns = pinned + 1
            current = pinned
            return "\(view.table.columns[current].title) pinned on the leading edge"
        } catch {
            return "\(error)"
        }
    }

    /// Moves column `current` one place by `step` (−1 left, 1 right); `current` follows it. Nil
    /// when it moved (the caller names the column).
    func move(_ current: inout Int, by step: Int, in view: inout TableView<Row>) -> String? {
        let to = current + step
        guard view.table.columns.indices.contains(to), to >= first else { return "the column is already at that end" }
        do {
            try view.table.moveColumn(current, to: to)
            current = to
            return nil
        } catch {
            return "\(error)"
        }
    }
}
