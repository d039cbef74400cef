/// The terminal's answers to the width probe while a loop awaits them: input that arrives is
/// held and searched for them until they are all in or the deadline passes; then the loop takes
/// the answers (their model, and the held bytes that were no answer, as input).
struct PendingAnswers {
    private var answers = TerminalAnswers()
    /// When the answers are given up on.
    let deadline: Double

    /// Awaits answers until `deadline`.
    init(deadline: Double) { self.deadline = deadline }

    /// Takes `input` arriving at `now`: nil while the answers are still awaited (the input is
    /// held), else the answers as they stand, with everything held that was no answer.
    mutating func take(_ input: [UInt8], at now: Double) -> TerminalAnswers? {
        answers.feed(input)
        return answers.isComplete || !(now < deadline) ? answers : nil
    }
}
