import Testing
@testable import Scrollwork

/// The vectors of `physics.md`. Tolerances: 0.01 pt for positions quoted to two decimals, 0.001
/// for three, 0.001 s for times.
@Suite struct MotionTests {
    @Test("SV-16: deceleration follows the UIKit curve (d = 0.998, v0 = 1000)", arguments: [
        (0.1, 90.63), (0.25, 196.69), (0.5, 315.93), (1.0, 432.04),
    ])
    func SV_16_decelerationVectors(t: Double, x: Double) {
        let curve = Deceleration(from: 0, velocity: 1000, rate: .normal)
        #expect(abs(curve.position(at: t) - x) < 0.01)
    }

    @Test("SV-16: rest points, end velocity and stopping time")
    func SV_16_restAndStop() {
        let normal = Deceleration(from: 0, velocity: 1000, rate: .normal)
        #expect(abs(normal.restPosition - 499.5) < 0.05)
        #expect(abs(normal.velocity(at: 1) - 135.06) < 0.01)
        #expect(abs(normal.settlingTime(within: 0.5) - 3.450) < 0.001)
        // The state machine stops when the speed itself is under 0.5 pt/s.
        #expect(abs(normal.velocity(at: normal.duration(threshold: 0.5)) - 0.5) < 1e-9)
        #expect(abs(Deceleration(from: 0, velocity: 1000, rate: .fast).restPosition - 99.5) < 0.05)
        #expect(abs(Deceleration(from: 0, velocity: 2000, rate: .normal).restPosition - 999.0) < 0.1)
        // The discrete WWDC projection is within 0.2% of the closed form.
        let d = 0.998, projection = 1000 / 1000 * d / (1 - d)
        #expect(abs(projection - normal.restPosition) / normal.restPosition < 0.002)
    }

    @Test func decelerationReachTime() throws {
        let curve = Deceleration(from: 0, velocity: 1000)
        let t = try #require(curve.time(toReach: 315.93))
        #expect(abs(t - 0.5) < 0.001)
        #expect(curve.time(toReach: 600) == nil)
        #expect(curve.time(toReach: -5) == nil)
    }

    @Test func rateIsClampedToAUsefulRange() {
        #expect(DecelerationRate(rawValue: 1.5).rawValue == 0.9999)
        #expect(DecelerationRate(rawValue: .nan) == .normal)
        #expect(DecelerationRate(rawValue: 0.1).rawValue == 0.5)
    }

    @Test("SV-02: rubber band vectors (c = 0.55)", arguments: [
        (5.0, 960.0, 2.742), (10, 960, 5.469), (100, 960, 52.020), (400, 960, 178.983), (960, 960, 340.645),
        (100, 812, 51.511), (200, 812, 96.876),
    ])
    func SV_02_rubberBandVectors(x: Double, d: Double, b: Double) {
        #expect(abs(RubberBand.offset(forDistance: x, dimension: d) - b) < 0.001)
        #expect(abs(RubberBand.offset(forDistance: -x, dimension: d) + b) < 0.001)
        #expect(abs(RubberBand.distance(forOffset: b, dimension: d) - x) < 0.01)
    }

    @Test func rubberBandShape() {
        #expect(RubberBand.offset(forDistance: 0, dimension: 500) == 0)
        #expect(abs(RubberBand.offset(forDistance: 0.001, dimension: 500) / 0.001 - 0.55) < 0.001)
        #expect(RubberBand.offset(forDistance: 1e12, dimension: 500) < 500)
        #expect(RubberBand.offset(forDistance: 10, dimension: 0) == 0)
        #expect(RubberBand.offset(forDistance: .nan, dimension: 100) == 0)
    }

    @Test("SV-02: the bounce spring (mass 1, stiffness 100, ratio 1)", arguments: [(0.1, 73.58), (0.3, 19.91), (0.5, 4.04)])
    func SV_02_springVectors(t: Double, x: Double) {
        #expect(abs(Spring.bounce.state(at: t, from: 100, velocity: 0).position - x) < 0.01)
    }

    @Test("spring velocity is the derivative of its position", arguments: [0.4, 1.0, 1.1, 2.5])
    func springVelocityMatchesDerivative(ratio: Double) {
        let spring = Spring(mass: 0.5, stiffness: 100, dampingRatio: ratio)
        for t in stride(from: 0.0, through: 1.0, by: 0.1) {
            let h = 1e-6
            let a = spring.state(at: t, from: 40, velocity: -300), b = spring.state(at: t + h, from: 40, velocity: -300)
            #expect(abs((b.position - a.position) / h - a.velocity) < 0.01)
        }
        #expect(abs(spring.state(at: 0, from: 40, velocity: -300).position - 40) < 1e-9)
    }

    @Test func velocityTrackerFitsALine() {
        var tracker = VelocityTracker()
        for i in 0..<10 {
            let t = Double(i) * 0.01
            tracker.add(Point(x: 5 + 300 * t, y: 2 - 1200 * t), at: t)
        }
        let v = tracker.velocity(at: 0.09)
        #expect(abs(v.x - 300) < 1e-6 && abs(v.y + 1200) < 1e-6)
        // Resting for longer than the stillness window means the pointer stopped.
        #expect(tracker.velocity(at: 0.2) == .zero)
    }

    @Test func velocityTrackerIgnoresOneJitterySample() {
        var tracker = VelocityTracker()
        for i in 0..<8 { tracker.add(Point(x: 0, y: Double(i) * 10), at: Double(i) * 0.01) }
        tracker.add(Point(x: 0, y: 75), at: 0.08)  // one late sample: 5 short of the line
        let v = tracker.velocity(at: 0.08)
        #expect(v.y > 900 && v.y < 1000)
    }

    @Test("SV-05: paging target vectors", arguments: [
        (2.3, 1.0, 3), (2.3, -1.0, 2), (2.3, 0.0, 2), (2.6, -1.0, 2), (2.05, 1.0, 3),
    ])
    func SV_05_pagingVectors(p: Double, v: Double, page: Int) {
        #expect(Paging.targetPage(position: p, velocity: v, tolerance: 0.01) == page)
    }

    @Test("SV-01: indicator shrinks while overscrolled", arguments: [(0.0, 36.0), (0.05, 27), (0.10, 18), (0.20, 8)])
    func SV_01_indicatorShrinkVectors(overscroll: Double, length: Double) {
        let l = IndicatorGeometry.thumbLength(track: 800, visibleFraction: 0.001, overscrollFraction: overscroll,
                                              minimum: 36, overscrollMinimum: 8)
        #expect(abs(l - length) < 1e-9)
    }

    @Test("SV-06e: CSS nearest vectors (top 100, height 300)", arguments: [
        (50.0, 80.0, 50.0), (420, 480, 180), (50, 500, 100), (350, 800, 350), (0, 380, 80),
    ])
    func SV_06e_nearestVectors(low: Double, high: Double, expected: Double) {
        #expect(RevealPolicy.nearest.start(for: low, high, viewportStart: 100, length: 300) == expected)
    }

    @Test("SV-06e: minimal policy leaves partly visible targets alone")
    func SV_06e_minimalLeavesPartlyVisible() {
        #expect(RevealPolicy.minimal.start(for: 0, 380, viewportStart: 100, length: 300) == 100)
        #expect(RevealPolicy.minimal.start(for: 350, 800, viewportStart: 100, length: 300) == 100)
        #expect(RevealPolicy.minimal.start(for: 420, 480, viewportStart: 100, length: 300) == 180)
        #expect(RevealPolicy.minimal.start(for: 50, 80, viewportStart: 100, length: 300) == 50)
    }

    @Test("SV-06c: auto-scroll speed grows with the distance past the edge (GTK model)")
    func SV_06c_autoScrollSpeeds() {
        let model = AutoScroll()
        let size = Size(width: 400, height: 300)
        #expect(model.velocity(pointer: Point(x: 200, y: 280), viewport: size).y == 200)
        #expect(model.velocity(pointer: Point(x: 200, y: 300), viewport: size).y == 600)
        #expect(model.velocity(pointer: Point(x: 200, y: 310), viewport: size).y == 800)
        #expect(model.velocity(pointer: Point(x: 200, y: -10), viewport: size).y == -800)
        #expect(model.velocity(pointer: Point(x: 200, y: 150), viewport: size) == .zero)
        #expect(model.velocity(pointer: Point(x: 200, y: 5000), viewport: size).y == 4000)
    }

    @Test func timingCurvesStartAndEndInPlace() {
        for curve in [TimingCurve.linear, .easeOut, .easeInOut] {
            #expect(curve.value(0) == 0 && curve.value(1) == 1 && curve.value(2) == 1)
            #expect(curve.value(0.5) > 0 && curve.value(0.5) < 1)
        }
    }
}
