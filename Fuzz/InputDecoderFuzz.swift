// libFuzzer harness for the input decoder, built by scripts/fuzz-decoder (not a SwiftPM target):
// any bytes, fed in pieces of any size, must decode without crashing, stalling or depending on
// where the pieces were cut; and no key event may come from bytes inside a control string.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 1 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The first byte chooses the piece size, the second the control string used below; the rest
    // is the input.
    let piece = Int(bytes[0] % 16) + 1
    let input = Array(bytes.dropFirst(2))

    var whole = InputDecoder()
    let expected = whole.feed(input, at: 0) + whole.flush(at: 10)
    let split = decodeInPieces(input, piece: piece)
    precondition(split == expected, "decoding depends on where reads were split")
    precondition(!whole.hasPending, "the decoder kept bytes after flushing")

    // The input as the body of a control string (without the bytes that end or break one), between
    // two keys: exactly those two keys come out.
    let introducers: [[UInt8]] = [[0x1B, 0x5D], [0x1B, 0x50], [0x1B, 0x5F], [0x1B, 0x5E], [0x1B, 0x58]]
    let body = input.filter { $0 != 0x07 && $0 != 0x18 && $0 != 0x1A && $0 != 0x1B }
    let terminator: [UInt8] = bytes[1] & 0x80 == 0 ? [0x07] : [0x1B, 0x5C]
    let wrapped = [UInt8(ascii: "a")] + introducers[Int(bytes[1] % 5)] + [UInt8(ascii: "x")] + body + terminator + [UInt8(ascii: "b")]
    let keys = decodeInPieces(wrapped, piece: piece).filter { if case .key = $0 { return true } else { return false } }
    precondition(keys == [.key(KeyEvent(.character("a"))), .key(KeyEvent(.character("b")))], "a key came from inside a control string")
    return 0
}

func decodeInPieces(_ input: [UInt8], piece: Int) -> [Event] {
    var decoder = InputDecoder()
    var events: [Event] = []
    var i = 0
    while i < input.count {
        events += decoder.feed(input[i..<min(input.count, i + piece)], at: 0)
        i += piece
    }
    events += decoder.flush(at: 10)
    precondition(!decoder.hasPending, "the decoder kept bytes after flushing")
    return events
}
