import ScrollworkWidgets

/// The attribute changes a renderer wrote lately, with their bytes.
///
/// A frame moves between the same few styles again and again (a table's text, its secondary
/// columns, the selection, the status line): each change's SGR sequence is worked out once and
/// then copied, instead of unpacking both styles and comparing them field by field every time.
struct StyleChanges: Sendable {
    /// How many changes are kept; the oldest gives way.
    static let capacity = 16

    private var from: [PackedStyle] = []
    private var to: [PackedStyle] = []
    private var bytes: [[UInt8]] = []
    /// The entry the next new change replaces once the cache is full.
    private var next = 0
    /// The colour mode the kept sequences were written for: another mode empties the cache.
    private var mode: ColorMode? = nil

    /// Appends the sequence that changes the terminal's attributes from `current` (``PackedStyle/unknown``
    /// when not known) to `target` in `colorMode`, from the cache when it was worked out before.
    mutating func append(from current: PackedStyle, to target: PackedStyle, colorMode: ColorMode, into out: inout [UInt8]) {
        if mode != colorMode { self = StyleChanges(); mode = colorMode }
        for i in from.indices where from[i] == current && to[i] == target {
            out.append(contentsOf: bytes[i])
            return
        }
        var sequence: [UInt8] = []
        Renderer.appendStyleChange(from: current == .unknown ? nil : current.style, to: target.style, colorMode: colorMode, into: &sequence)
        out.append(contentsOf: sequence)
        if from.count < Self.capacity {
            from.append(current)
            to.append(target)
            bytes.append(sequence)
        } else {
            from[next] = current
            to[next] = target
            bytes[next] = sequence
            next = (next + 1) % Self.capacity
        }
    }
}
