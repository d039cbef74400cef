import Scrollwork
import ScrollworkTesting
import Testing

/// The "Background work" article's app does what the article says.
@Suite struct BackgroundWorkExampleTests {
    @Test("Enter hands the count out as work; the screen says how far it is, then the count; Esc cancels")
    func countsOffTheLoop() {
        let primes = Pilot(Primes(limit: 100_000), columns: 50, rows: 3)
        primes.press(.enter)
        #expect(primes.pendingWork == ["primes"] && primes.contains("counting…"), "nothing runs until the test says")
        #expect(primes.runWork("primes"))
        #expect(primes.contains("9592 primes below 100000"))
        primes.press(.enter).press(.escape)
        #expect(primes.pendingWork.isEmpty && primes.contains("cancelled"))
    }
}
