import Scrollwork
import ScrollworkFiles

// The filter language, its regular expressions and the number reader: any text parses or says
// why not, and a filter that parses tests any value in bounded time; a number read from text
// and from its bytes is the same number; two numbers read exactly (ExactDecimal) order as their
// reals do where those differ, and their keys' bytes as they do; a filter reads back from its
// description. The text is split at the first NUL: the filter before
// it, the values after it, one a line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFilter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    let parts = input.bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let text = String(decoding: parts.first ?? [], as: UTF8.self)
    let values = parts.count > 1 ? parts[1].split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init) : [[UInt8]]()
    for value in values.prefix(64) {
        let fromText = NumberText.real(String(decoding: value, as: UTF8.self))
        let fromBytes = value.withUnsafeBufferPointer { NumberText.real($0) }
        // The text form replaces bytes that are not UTF-8; a number is ASCII, so both agree on it.
        if value.allSatisfy({ $0 < 0x80 }) {
            agree(fromText == fromBytes || (fromText?.isNaN == true && fromBytes?.isNaN == true), "\(value): \(String(describing: fromText)) from text, \(String(describing: fromBytes)) from bytes")
        }
    }
    var previous: (exact: ExactDecimal, real: Double?, key: [UInt8])? = nil
    for value in values.prefix(64) {
        guard let exact = ExactDecimal(value.span) else { continue }
        var key: [UInt8] = []
        exact.appendKey(to: &key)
        let real = value.withUnsafeBufferPointer { NumberText.real($0) }
        if let (other, otherReal, otherKey) = previous {
            agree(key.lexicographicallyPrecedes(otherKey) == (exact < other) && (key == otherKey) == (exact == other), "\(exact) and \(other): keys out of order")
            if let real, let otherReal, real != otherReal, exact.isWithinReals, other.isWithinReals {
                agree((real < otherReal) == (exact < other), "\(exact) and \(other) order apart from their reals")
            }
        }
        previous = (exact, real, key)
    }
    guard let filter = try? RowFilter(parsing: text, columns: ColumnNames(["a", "b", "a b", "ä"])) else { return 0 }
    for value in values.prefix(64) {
        _ = value.withUnsafeBufferPointer { filter.passes($0) }
    }
    _ = filter.passes(nil)
    // What the status line says of a filter reads back as the same filter.
    let again = try? RowFilter(parsing: filter.description, columns: ColumnNames(["a", "b", "a b", "ä"]))
    agree(again == filter, "\(String(reflecting: text)) reads back from \(String(reflecting: filter.description)) as \(String(describing: again?.test))")
    return 0
}
