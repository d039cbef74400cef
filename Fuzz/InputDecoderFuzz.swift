// libFuzzer harness for the input decoder, built by scripts/fuzz-decoder (not a SwiftPM target):
// any bytes, fed in pieces of any size, must decode without crashing, stalling or depending on
// where the pieces were cut.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The first byte chooses the piece size; the rest is the input.
    let piece = Int(bytes[0] % 16) + 1
    let input = Array(bytes.dropFirst())

    var whole = InputDecoder()
    let expected = whole.feed(input, at: 0) + whole.flush(at: 10)

    var split = InputDecoder()
    var events: [Event] = []
    var i = 0
    while i < input.count {
        events += split.feed(input[i..<min(input.count, i + piece)], at: 0)
        i += piece
    }
    events += split.flush(at: 10)
    precondition(events == expected, "decoding depends on where reads were split")
    precondition(!whole.hasPending && !split.hasPending, "the decoder kept bytes after flushing")
    return 0
}
