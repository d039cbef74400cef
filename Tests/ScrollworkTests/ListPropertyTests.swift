import PropertyBased
import Testing
@testable import Scrollwork

@Suite struct ListPropertyTests {
    /// Random edits, sorts, selections, undos and redos never lose or duplicate a row, keep the
    /// selection on rows that exist, agree with the same edits on plain arrays, and undoing
    /// everything gives back the starting list, selection and scroll position.
    @Test("LT-01, LT-03: random edits with undo and redo keep every row exactly once")
    func LT_01_LT_03_editsNeverLoseRows() async {
        let op = zip(Gen.int(in: 0...9), Gen.int(in: 0...20), Gen.int(in: 0...20), Gen.int(in: 0...20))
        await propertyCheck(count: 300, input: op.array(of: 1...40)) { ops in
            var list = settingsList()
            list.selectionMode = .multiple
            list.idiom = .macOS
            try list.scroll.setOffset(Point(x: 0, y: 20), time: 0)
            // The state before the oldest edit that can still be undone: undoing everything returns here.
            var base = (titles(list), list.selectedIndexPaths, list.scroll.offset)
            var reference = titles(list)
            var undo: [[[String]]] = [], redo: [[[String]]] = []
            var serial = 0
            func edit(_ change: () throws -> Void, _ apply: (inout [[String]]) -> Void) rethrows {
                if !list.canUndo { base = (titles(list), list.selectedIndexPaths, list.scroll.offset) }
                try change()
                undo.append(reference)
                redo.removeAll()
                apply(&reference)
            }
            for (kind, a, b, c) in ops {
                let sections = reference.count
                switch kind {
                case 0 where sections > 0:
                    let s = a % sections, r = b % (reference[s].count + 1)
                    let label = "new \(serial)"
                    serial += 1
                    try edit({ try list.insertRows([label], at: IndexPath(row: r, section: s)) }) { $0[s].insert(label, at: r) }
                case 1 where sections > 0 && !reference[a % sections].isEmpty:
                    let s = a % sections, r = b % reference[s].count
                    try edit({ try list.deleteRows(at: [IndexPath(row: r, section: s)]) }) { $0[s].remove(at: r) }
                case 2 where sections > 0 && !reference[a % sections].isEmpty:
                    let s = a % sections, r = b % reference[s].count, d = c % sections
                    let limit = reference[d].count - (s == d ? 1 : 0)
                    let to = limit >= 0 ? c % (limit + 1) : 0
                    try edit({ try list.moveRow(from: IndexPath(row: r, section: s), to: IndexPath(row: to, section: d)) }) {
                        let row = $0[s].remove(at: r)
                        $0[d].insert(row, at: to)
                    }
                case 3 where sections > 0:
                    let s = a % sections
                    let descending = b % 2 == 0
                    try edit({ try list.sortRows(inSection: s) { descending ? $0 > $1 : $0 < $1 } }) {
                        // Stable, like the list's sort.
                        $0[s] = $0[s].enumerated().sorted { x, y in
                            x.element == y.element ? x.offset < y.offset : (descending ? x.element > y.element : x.element < y.element)
                        }.map(\.element)
                    }
                case 4 where sections > 1:
                    let from = a % sections, to = b % sections
                    try edit({ try list.moveSection(from: from, to: to) }) { let s = $0.remove(at: from); $0.insert(s, at: to) }
                case 5 where sections > 1:
                    let s = a % sections
                    try edit({ try list.deleteSection(at: s) }) { $0.remove(at: s) }
                case 6:
                    let at = a % (sections + 1)
                    let label = "sec \(serial)"
                    serial += 1
                    try edit({ try list.insertSection(ListSection([label + " a", label + " b"]), at: at) }) { $0.insert([label + " a", label + " b"], at: at) }
                case 7 where list.canUndo:
                    try list.undo()
                    redo.append(reference)
                    reference = undo.removeLast()
                case 8 where list.canRedo:
                    if !list.canUndo { base = (titles(list), list.selectedIndexPaths, list.scroll.offset) }
                    try list.redo()
                    undo.append(reference)
                    reference = redo.removeLast()
                case 9 where list.numberOfRows > 0:
                    if let path = list.indexPath(forFlatRow: a % list.numberOfRows) {
                        try list.select(path, extending: b % 3 == 0, toggling: b % 3 == 1)
                    }
                default: break
                }
                #expect(titles(list) == reference)
                let ids = (0..<list.numberOfSections).flatMap { s in (0..<list.numberOfRows(inSection: s)).compactMap { try? list.id(at: IndexPath(row: $0, section: s)) } }
                #expect(Set(ids).count == ids.count, "a row appears twice")
                #expect(list.selection.allSatisfy { list.indexPath(of: $0) != nil }, "selection holds a row that is gone")
                #expect(list.numberOfItems == (0..<list.numberOfSections).reduce(0) { $0 + list.numberOfRows(inSection: $1) } + 2 * list.numberOfSections - missingDecorations(list))
            }
            guard list.canUndo else { return }
            while list.canUndo { try list.undo() }
            #expect(titles(list) == base.0)
            #expect(list.selectedIndexPaths == base.1)
            #expect(list.scroll.offset == base.2)
        }
    }

    /// Headers and footers the list does not have, for the item count check.
    private func missingDecorations(_ list: ListState<String>) -> Int {
        (0..<list.numberOfSections).reduce(0) { total, s in
            let d = list.decorations(ofSection: s)
            return total + (d.header == nil ? 1 : 0) + (d.footer == nil ? 1 : 0)
        }
    }
}
