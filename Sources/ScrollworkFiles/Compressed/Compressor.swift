/// Bytes compressed as they are written, in one stream (a gzip member, a zstd frame).
protocol Compressor: AnyObject {
    /// One call of the library: as much of `input` as it takes into `output`, ending the
    /// stream when `finishing` and it can; nil when the library fails.
    func step(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, finishing: Bool) -> CompressionStep?
}

/// What one call of a compression library did.
struct CompressionStep {
    /// Input bytes taken.
    var consumed: Int
    /// Output bytes written.
    var produced: Int
    /// The stream's end is written.
    var ended: Bool
}

extension Compressor {
    /// `bytes` compressed (what is ready of them so far), and with `finishing` the rest and the
    /// stream's end; nil when the library fails.
    func compress(_ bytes: [UInt8], finishing: Bool) -> [UInt8]? {
        var compressed: [UInt8] = []
        var output = [UInt8](repeating: 0, count: 1 << 16)
        var at = 0
        while true {
            // Safe: both arrays are lent for the call, and the compressor reads the input from `at`
            // (inside it) and writes no more than the output's count.
            let step = unsafe bytes.withUnsafeBytes { input in
                unsafe output.withUnsafeMutableBytes { unsafe self.step(UnsafeRawBufferPointer(rebasing: input[at...]), into: $0, finishing: finishing) }
            }
            guard let step else { return nil }
            compressed += output[..<step.produced]
            at += step.consumed
            if step.ended { return compressed }
            // A call that takes nothing and makes nothing while finishing never will (a stream
            // ended already): a failure, not a loop for ever.
            if finishing && step.consumed == 0 && step.produced == 0 { return nil }
            // Without finishing, done once every byte is taken and no more output is ready.
            if !finishing && at == bytes.count && step.produced < output.count { return compressed }
        }
    }
}
