import Testing
@testable import Scrollwork

@Suite struct GeometryTests {
    let r = Rect(x: 10, y: 20, width: 100, height: 50)

    @Test("rounding down to an Int without the C library's floor agrees with it for every kind of value, and never traps")
    func flooringSaturatingMatchesFloor() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1, -1, 1.999999, -1.000001, 7.9999999, 8, 8.000001, -8.5, 1e15 + 0.5, -1e15 - 0.5,
                                4.5e15, -4.5e15, 9.007199254740993e15, 9.223372036854775e18, -9.223372036854775e18, 9.223372036854775807e18,
                                -9.223372036854775808e18, 1e300, -1e300, .infinity, -.infinity, .nan, .leastNonzeroMagnitude,
                                -.leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<10_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Double(bitPattern: seed))
            values.append(Double(Int64(bitPattern: seed) >> 20) / 64)
        }
        for v in values {
            #expect(Int(flooringSaturating: v) == Int(saturating: v.rounded(.down)), "\(v)")
        }
    }

    @Test func edgesAndCentre() {
        #expect(r.maxX == 110 && r.maxY == 70)
        #expect(r.center == Point(x: 60, y: 45))
        #expect(r.min(.vertical) == 20 && r.max(.horizontal) == 110)
    }

    @Test func containsIsHalfOpen() {
        #expect(r.contains(Point(x: 10, y: 20)))
        #expect(!r.contains(Point(x: 110, y: 20)))
        #expect(!Rect.zero.contains(Point.zero))
        #expect(r.contains(Rect(x: 20, y: 30, width: 10, height: 10)))
        #expect(!r.contains(Rect(x: 100, y: 30, width: 20, height: 10)))
    }

    @Test func intersectionAndUnion() {
        let other = Rect(x: 100, y: 60, width: 50, height: 50)
        #expect(r.intersection(other) == Rect(x: 100, y: 60, width: 10, height: 10))
        #expect(r.intersection(Rect(x: 200, y: 0, width: 5, height: 5)) == nil)
        #expect(r.union(other) == Rect(x: 10, y: 20, width: 140, height: 90))
        #expect(r.union(.zero) == r)
        #expect(!r.intersects(Rect(x: 110, y: 20, width: 5, height: 5)))
    }

    @Test func insetNeverGoesNegative() {
        #expect(r.inset(by: EdgeInsets(top: 5, left: 10, bottom: 5, right: 10)) == Rect(x: 20, y: 25, width: 80, height: 40))
        let collapsed = r.inset(by: EdgeInsets(all: 60))
        #expect(collapsed.width == 0 && collapsed.height == 0)
        #expect(collapsed.midX == r.midX && collapsed.midY == r.midY)
        #expect(r.insetBy(dx: -5, dy: 0).width == 110)
    }

    @Test func standardizedFlipsNegativeSizes() {
        #expect(Rect(x: 10, y: 10, width: -5, height: -4).standardized == Rect(x: 5, y: 6, width: 5, height: 4))
    }

    @Test func clampingKeepsNaNOut() {
        #expect(Double.nan.clamped(to: 0...10) == 0)
        #expect(15.0.clamped(to: 0...10) == 10)
        #expect(Point(x: -3, y: 500).clamped(to: Rect(x: 0, y: 0, width: 100, height: 200)) == Point(x: 0, y: 200))
        #expect(7.clamped(to: 0...5) == 5)
    }

    @Test func axisAccessors() {
        var p = Point.zero
        p[.vertical] = 3
        #expect(p.y == 3 && p[.horizontal] == 0)
        var s = Size(width: 4, height: 5)
        s[.horizontal] = 9
        #expect(s.width == 9 && s[.vertical] == 5)
        #expect(Axis.vertical.cross == .horizontal)
        #expect(Axis.Set.both.axes == [.horizontal, .vertical])
        #expect(Axis.Set(.vertical).contains(.vertical) && !Axis.Set(.vertical).contains(.horizontal))
        let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(insets.total(.vertical) == 4 && insets.total(.horizontal) == 6)
    }
}
