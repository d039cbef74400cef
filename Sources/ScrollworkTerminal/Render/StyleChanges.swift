import ScrollworkWidgets

/// The attribute changes a renderer wrote lately, with their bytes.
///
/// A frame moves between the same few styles again and again (a table's text, its secondary
/// columns, the selection, the status line): each change's SGR sequence is worked out once and
/// then copied, instead of unpacking both styles and comparing them field by field every time.
struct StyleChanges: Sendable {
    /// How many changes are kept; the oldest gives way.
    static let capacity = 16

    /// A change written, and its bytes.
    private struct Entry {
        var from: PackedStyle
        var to: PackedStyle
        var bytes: [UInt8]
    }

    private var entries: [Entry] = []
    /// The entry the next new change replaces once the cache is full.
    private var next = 0
    /// The colour mode the kept sequences were written for: another mode empties the cache.
    private var mode: ColorMode? = nil

    /// Appends the sequence that changes the terminal's attributes from `current` (``PackedStyle/unknown``
    /// when not known) to `target` in `colorMode`, from the cache when it was worked out before.
    mutating func append(from current: PackedStyle, to target: PackedStyle, colorMode: ColorMode, into out: inout [UInt8]) {
        if mode != colorMode { self = StyleChanges(); mode = colorMode }
        if let kept = entries.firstIndex(where: { $0.from == current && $0.to == target }) {
            out.append(contentsOf: entries[kept].bytes)
            return
        }
        var sequence: [UInt8] = []
        Renderer.appendStyleChange(from: current == .unknown ? nil : current.style, to: target.style, colorMode: colorMode, into: &sequence)
        out.append(contentsOf: sequence)
        let entry = Entry(from: current, to: target, bytes: sequence)
        if entries.count < Self.capacity {
            entries.append(entry)
        } else {
            entries[next] = entry
            next = (next + 1) % Self.capacity
        }
    }
}
