import ScrollworkFiles

// The gzip, zstd, bzip2 and xz readers (chosen by the file's first bytes, as `scrollwork open`
// chooses them): whatever the bytes, reading from the start to the end and reading pieces at
// offsets out of order give the same bytes, never past what the file holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompressed(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    let piece = 1 + Int(input.settings) * 37
    // The reads out of order: a fresh reader, so its checkpoints are found as it goes.
    _ = input.withFile(input.body) { file in
        var whole: [UInt8] = []
        while whole.count < 8 << 20, let bytes = try? file.read(at: UInt64(whole.count), count: 65_536), !bytes.isEmpty { whole += bytes }
        _ = file.damage
        _ = input.withFile(input.body) { again in
            var offset = whole.count
            var step = 0
            while offset > 0, step < 64 {
                step += 1
                offset = Swift.max(0, offset - piece * step)
                guard let bytes = try? again.read(at: UInt64(offset), count: piece) else { return }
                let expected = Array(whole[offset..<Swift.min(whole.count, offset + piece)])
                agree(bytes == expected, "\(bytes.count) bytes at \(offset) read out of order differ from the \(expected.count) read in order")
            }
            let past = try? again.read(at: UInt64(whole.count) + 1, count: 10)
            agree(past == nil || past?.isEmpty == true, "bytes past the end: \(past?.count ?? 0)")
        }
    }
    return 0
}
