import Scrollwork
import ScrollworkWidgets

/// How the terminal measures grapheme clusters, which decides how carefully the renderer places
/// the cursor after them.
///
/// Terminals disagree about emoji modifier and ZWJ sequences, flags, variation selectors and
/// combining marks: one draws 👍🏽 in two cells, another in four. A renderer that trusts its own
/// count would then shift everything after the cluster on that row.
public enum TerminalWidthModel: Sendable, Hashable {
    /// Nothing is known: after each cluster terminals may measure differently, the cursor is
    /// placed by absolute position, its cells are blanked before it is drawn and the cells it
    /// could spill over are written again, so a disagreement only affects the cluster's own cells.
    case conservative
    /// The terminal said it measures grapheme clusters as `displayWidth(_:)-(Character)` does
    /// (mode 2027, or a cursor position report after a probe): text is written as it is.
    case graphemeClusters

    /// True for text whose width terminals do not agree on: more than one code point (a ZWJ or
    /// modifier sequence, a flag, a variation selector, a combining mark), or one emoji or symbol
    /// whose presentation changed between Unicode versions.
    public static func isUncertain(_ text: String) -> Bool {
        var iterator = text.unicodeScalars.makeIterator()
        guard let first = iterator.next() else { return false }
        if iterator.next() != nil { return true }
        return isUncertain(scalar: first.value)
    }

    /// True for one code point whose presentation changed between Unicode versions.
    static func isUncertain(scalar v: UInt32) -> Bool {
        v >= 0x1F000 || (v >= 0x2300 && v < 0x2400) || (v >= 0x2600 && v < 0x2800) || (v >= 0x2B00 && v < 0x2C00)
    }
}
