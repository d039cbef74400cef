/// An answer's body decoded as its bytes arrive, in pieces cut anywhere: by its
/// `Content-Length`, from chunks (`Transfer-Encoding: chunked`), or up to the server's closing
/// of the connection when it says neither. What ``HTTPResponse/init(parsing:)`` does to a whole
/// answer, for one that is streamed.
package struct HTTPBodyDecoder {
    private enum Stage {
        /// So many bytes of the body are still to come.
        case counted(UInt64)
        /// A chunk's size line is next (`pending` holds its start).
        case chunkSize
        /// So many bytes of a chunk are still to come.
        case chunk(UInt64)
        /// The line end after a chunk's bytes.
        case chunkEnd
        /// Everything until the connection closes.
        case toClose
        case done
    }

    private var stage: Stage
    /// Bytes held back until a line of them is whole (a chunk's size line, its line end).
    private var pending: [UInt8] = []

    /// The decoder for the body `head` announces.
    package init(for head: HTTPResponse) {
        if head.isChunked {
            stage = .chunkSize
        } else if let length = head.header("content-length").flatMap({ UInt64($0) }) {
            stage = length == 0 ? .done : .counted(length)
        } else {
            stage = .toClose
        }
    }

    /// True once the body has ended as its head said it would (its length, its last chunk).
    package var isDone: Bool { if case .done = stage { true } else { false } }

    /// True when the body ends when the connection closes, as one of unannounced length does.
    package var endsAtClose: Bool { if case .toClose = stage { true } else { false } }

    /// Decodes `bytes`, the next that arrived, handing each piece of the body to `emit`.
    ///
    /// - Throws: ``HTTPError/malformed(_:)`` for a chunk size that is not hexadecimal, or a
    ///   size line longer than any server writes.
    package mutating func feed(_ bytes: ArraySlice<UInt8>, emit: (ArraySlice<UInt8>) throws(HTTPError) -> Void) throws(HTTPError) {
        var rest = bytes
        while !rest.isEmpty {
            switch stage {
            case .done:
                return
            case .toClose:
                try emit(rest)
                return
            case let .counted(left), let .chunk(left):
                let n = Int(Swift.min(left, UInt64(rest.count)))
                try emit(rest.prefix(n))
                rest = rest.dropFirst(n)
                let now = left - UInt64(n)
                if case .counted = stage { stage = now == 0 ? .done : .counted(now) } else { stage = now == 0 ? .chunkEnd : .chunk(now) }
            case .chunkEnd:
                // The line end after a chunk: its two bytes may come apart.
                let take = Swift.min(rest.count, 2 - pending.count)
                pending += rest.prefix(take)
                rest = rest.dropFirst(take)
                if pending.count == 2 {
                    pending = []
                    stage = .chunkSize
                }
            case .chunkSize:
                guard let lineEnd = rest.firstIndex(of: 10) else {
                    pending += rest
                    guard pending.count <= 4096 else { throw .malformed("a chunk's size line runs past 4096 bytes") }
                    return
                }
                pending += rest[..<lineEnd]
                rest = rest[(lineEnd + 1)...]
                let text = String(decoding: pending, as: UTF8.self).prefix { $0 != ";" && $0 != "\r" }.trimmingSpaces()
                pending = []
                guard let size = UInt64(text, radix: 16) else { throw .malformed("a chunk's size is not a hexadecimal number: \(text.prefix(20))") }
                stage = size == 0 ? .done : .chunk(size)
            }
        }
    }
}
