/// The loop of Google's Snappy block format over buffers: a page's tens of thousands of
/// literals and copies, each a few bytes, cost their bounds checks and little else.
enum SnappyBlock {
    /// Why a block does not decode, or how many bytes it made.
    enum Made {
        case success(Int)
        case failure(String)
    }

    /// Decodes `input` from `start` (past the length) into `output`, until the input ends or,
    /// where `wanted` is less than the output's size, at least `wanted` bytes are made: every
    /// literal and copy is checked to lie inside both buffers before it is written, so a damaged
    /// block fails and never reads or writes past them (a block read whole that goes on past
    /// its size fails too).
    static func decode(_ input: UnsafeBufferPointer<UInt8>, from start: Int, into output: UnsafeMutableBufferPointer<UInt8>, stoppingAt wanted: Int) -> Made {
        guard let source = input.baseAddress, let target = output.baseAddress else { return .success(0) }
        let end = input.count, limit = output.count
        var at = Swift.max(0, start), made = 0
        while at < end, made < wanted || wanted >= limit {
            // Safe: `at < end` was checked; every later read of the input checks `at` again.
            let tag = unsafe source[at]
            at += 1
            let offset: Int, length: Int
            switch tag & 3 {
            case 0:
                var literal = Int(tag >> 2) + 1
                if literal > 60 {
                    let width = literal - 60
                    guard end - at >= width else { return .failure("a Snappy literal's length is cut short") }
                    literal = 0
                    for k in (0..<width).reversed() { literal = unsafe literal << 8 | Int(source[at + k]) }
                    at += width
                    literal += 1
                }
                guard literal <= end - at else { return .failure("a page needs \(literal) bytes where \(end - at) are left") }
                guard literal <= limit - made else { return .failure("a page makes more than its \(limit) bytes") }
                // Safe: both spans were checked to lie inside their buffers just above.
                unsafe (target + made).update(from: source + at, count: literal)
                at += literal
                made += literal
                continue
            case 1:
                guard at < end else { return .failure("a Snappy copy is cut short") }
                length = Int((tag >> 2) & 7) + 4
                offset = unsafe Int(tag >> 5) << 8 | Int(source[at])
                at += 1
            case 2:
                guard end - at >= 2 else { return .failure("a Snappy copy is cut short") }
                length = Int(tag >> 2) + 1
                offset = unsafe Int(source[at]) | Int(source[at + 1]) << 8
                at += 2
            default:
                guard end - at >= 4 else { return .failure("a Snappy copy is cut short") }
                length = Int(tag >> 2) + 1
                offset = unsafe Int(source[at]) | Int(source[at + 1]) << 8 | Int(source[at + 2]) << 16 | Int(source[at + 3]) << 24
                at += 4
            }
            guard offset > 0, offset <= made else { return .failure("a copy from \(offset) bytes back, before the page's start") }
            guard length <= limit - made else { return .failure("a page makes more than its \(limit) bytes") }
            unsafe copy(in: target, at: made, offset: offset, length: length)
            made += length
        }
        return .success(made)
    }

    /// Copies `length` bytes from `offset` back to `at` in `buffer`, where the caller checked
    /// `0 < offset <= at` and that `at + length` lies inside it. An overlapping copy repeats the
    /// `offset` bytes before it: what is made is whole repeats of them, so each step copies all
    /// of it from their start, doubling, the source ending where the target begins.
    @inline(__always)
    static func copy(in buffer: UnsafeMutablePointer<UInt8>, at: Int, offset: Int, length: Int) {
        if offset >= length {
            unsafe (buffer + at).update(from: buffer + at - offset, count: length)
            return
        }
        var done = 0
        while done < length {
            let step = Swift.min(offset + done, length - done)
            unsafe (buffer + at + done).update(from: buffer + at - offset, count: step)
            done += step
        }
    }
}
