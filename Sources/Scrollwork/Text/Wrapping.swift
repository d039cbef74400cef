extension String {
    /// This text broken into lines at most `width` cells wide: at spaces where it can, inside a
    /// word only when the word alone is wider than the line. Existing line breaks are kept;
    /// a `width` below 1 is treated as 1. Lines are measured in terminal cells as a host draws
    /// them (``drawnWidth(_:)-(Character)``: a control character is a one-cell picture).
    public func wrapped(toWidth width: Int) -> [String] {
        wrapped(toWidth: Double(Swift.max(1, width))) { Double(drawnWidth($0)) }
    }

    /// This text broken into lines at most `width` wide as `measure` measures a grapheme cluster
    /// (points in a proportional face, cells in a terminal): at spaces where it can, inside a
    /// word only when the word alone is wider than the line, so a line holds at least one
    /// cluster. Existing line breaks are kept. A `width` that is NaN or below 0 counts as 0 (a
    /// cluster a line), and a measure that is not a finite number ≥ 0 counts as 0.
    public func wrapped(toWidth width: Double, measure: (Character) -> Double) -> [String] {
        let width = width.isNaN ? 0 : Swift.max(0, width)
        func size(_ c: Character) -> Double {
            let w = measure(c)
            return w.isFinite && w > 0 ? w : 0
        }
        let space = size(" ")
        var lines: [String] = []
        for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
            var line = "", lineWidth = 0.0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                var w = 0.0
                for c in word { w += size(c) }
                let gap = line.isEmpty ? 0 : space
                if lineWidth + gap + w <= width {
                    if !line.isEmpty { line += " " }
                    line += word
                    lineWidth += gap + w
                    continue
                }
                if !line.isEmpty { lines.append(line); line = ""; lineWidth = 0 }
                // A word wider than the line is cut between clusters.
                for character in word {
                    let cw = size(character)
                    if lineWidth + cw > width && !line.isEmpty { lines.append(line); line = ""; lineWidth = 0 }
                    line.append(character)
                    lineWidth += cw
                }
            }
            lines.append(line)
        }
        return lines
    }
}
