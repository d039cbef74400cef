import Scrollwork

/// What a status line says beyond its fixed parts: at most one message for each owner, which only
/// that owner replaces or clears, so the line never mixes a finished sort's time with a sort
/// cancelled since, or a new search with the last one's match.
///
/// Owners clear their message when they start over (a new sort, a new search); ``Owner/action``
/// messages answer one key or click and are cleared before the next one is handled.
public struct StatusNotes: Sendable, Hashable {
    /// Who said a message.
    public enum Owner: Int, Sendable, Hashable, CaseIterable, Comparable {
        /// The file: indexing failures, growth, truncation, replacement, standard input.
        case file
        /// The last sort: how long it took, that it was cancelled, or why it failed.
        case sort
        /// The last search: where it matched, that it found nothing, or that it was cancelled.
        case search
        /// The answer to the last key or click (type-ahead, a column jump, a copy, an error).
        case action

        /// In the order of the cases.
        public static func < (a: Owner, b: Owner) -> Bool { a.rawValue < b.rawValue }
    }

    /// A message and when it was said, counted in messages.
    private struct Message: Sendable, Hashable {
        var text: String
        var said: Int
    }

    private var messages: [Owner: Message] = [:]
    private var said = 0

    /// No messages.
    public init() {}

    /// `owner`'s message, replacing the one it had.
    public mutating func set(_ owner: Owner, _ text: String) {
        said &+= 1
        messages[owner] = Message(text: text, said: said)
    }

    /// Removes `owner`'s message: it is no longer true.
    public mutating func clear(_ owner: Owner) { messages[owner] = nil }

    /// `owner`'s message, if it has one.
    public subscript(owner: Owner) -> String? { messages[owner]?.text }

    /// The messages, the newest first: the answer to the last key stands before older news (a
    /// sort's time, the file's), so a line too long for the screen keeps it whole.
    public var parts: [String] {
        // Asked every frame: one message or none needs no ordering.
        guard messages.count > 1 else { return messages.values.map(\.text) }
        return messages.values.sorted { $0.said > $1.said }.map(\.text)
    }

    /// A table's status among `effects` (how its sort ended) becomes the ``Owner/sort`` message:
    /// the table words it once for every app and host.
    public mutating func noteSortStatus(from effects: [Effect]) {
        for case let .status(text) in effects { set(.sort, text) }
    }

    /// How long a sort took, as the status line says it ("sort took 1.24 s", "sort took 87 ms").
    public static func sortTime(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "sort took an unknown time" }
        if seconds < 1 { return "sort took \(Int(saturating: seconds * 1000)) ms" }
        let hundredths = Int(saturating: (seconds * 100).rounded())
        let fraction = hundredths % 100
        return "sort took \(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
    }
}

extension Event {
    /// True for what a person does on purpose (a key, a click, a paste), after which the answer
    /// to the previous one is stale; pointer motion and wheel turns are not.
    public var isPersonAction: Bool {
        switch self {
        case .key, .paste, .droppedFiles: return true
        case let .mouse(mouse): return mouse.kind == .press
        case .focus, .resize, .work, .themeChanged: return false
        }
    }
}
