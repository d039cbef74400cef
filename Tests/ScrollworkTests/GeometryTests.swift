import Testing
@testable import Scrollwork

@Suite struct GeometryTests {
    let r = Rect(x: 10, y: 20, width: 100, height: 50)

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
