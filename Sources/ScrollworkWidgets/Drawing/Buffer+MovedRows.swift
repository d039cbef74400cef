import Scrollwork

extension Buffer {
    /// The first block of rows the widgets noted as moved (``movedRows``) that really shows
    /// `old`'s rows moved, comparing the first `comparedWidth` cells of each row, and changed at
    /// least two rows where they are (else moving them saves nothing), when there is one: rows
    /// `top...bottom` of this buffer show what rows `distance` further down showed in `old`.
    /// What both hosts move instead of drawing again: the terminal with a scroll region, the
    /// window by copying its pixels.
    package func hintedMove(from old: Buffer, comparedWidth: Int) -> MovedRows? {
        guard rows >= 3, old.rows == rows, old.columns == columns else { return nil }
        for hint in movedRows {
            guard let move = verifiedMove(hint, from: old, width: comparedWidth) else { continue }
            var changedInPlace = 0
            for y in move.top...move.bottom where !rowEqual(y, as: old, y, width: columns) {
                changedInPlace += 1
                if changedInPlace == 2 { return move }
            }
        }
        return nil
    }

    /// The longest run of rows in a noted block that really shows the old rows moved (a row the
    /// widget restyled breaks it), when it is long enough to be worth moving.
    private func verifiedMove(_ hint: MovedRows, from old: Buffer, width: Int) -> MovedRows? {
        let d = hint.distance
        // The rows whose content came from inside the block.
        let first = d > 0 ? hint.top : hint.top - d, last = d > 0 ? hint.bottom - d : hint.bottom
        guard first <= last, first >= 0, last < rows else { return nil }
        var best: MovedRows? = nil, bestLength = 0, runStart = -1
        for y in first...(last + 1) {
            if y <= last && rowEqual(y, as: old, y + d, width: width) {
                if runStart < 0 { runStart = y }
            } else if runStart >= 0 {
                if y - runStart > bestLength { bestLength = y - runStart; best = MovedRows(top: runStart, bottom: y - 1, distance: d) }
                runStart = -1
            }
        }
        return bestLength >= 2 ? best : nil
    }
}
