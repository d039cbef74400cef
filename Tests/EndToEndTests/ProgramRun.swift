import Foundation

/// One run of the built `scrollwork` with its standard output and standard error as pipes.
struct ProgramRun {
    /// What it wrote to standard output and to standard error, as text.
    var output: String, errors: String
    var status: Int32
    /// True when it was still running after the time allowed, and was ended.
    var ended: Bool

    /// Runs `scrollwork` with `arguments`, standard input `input` (nil: none) and `environment`
    /// added to this process's, ending it after `limit` seconds.
    init(_ arguments: [String], input: FileHandle? = nil, environment: [String: String] = [:], limit: Double = 60) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Tmux.scrollwork)
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let (out, err) = (Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input ?? FileHandle.nullDevice
        try process.run()
        // Read while it runs: a pipe that fills would stop it.
        let group = DispatchGroup()
        nonisolated(unsafe) var outputData = Data(), errorData = Data()
        DispatchQueue.global().async(group: group) { outputData = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errorData = err.fileHandleForReading.readDataToEndOfFile() }
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        ended = process.isRunning
        if ended { process.terminate() }
        process.waitUntilExit()
        group.wait()
        output = String(decoding: outputData, as: UTF8.self)
        errors = String(decoding: errorData, as: UTF8.self)
        status = process.terminationStatus
    }
}
