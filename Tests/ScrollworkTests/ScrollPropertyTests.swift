import PropertyBased
import Testing
@testable import Scrollwork

/// One input of a random session, decoded from plain numbers so the generator shrinks well.
struct RandomScrollInput: Sendable, CustomStringConvertible {
    var kind: Int
    var a: Double
    var b: Double
    var dt: Double

    var description: String { "(\(kind), \(a), \(b), +\(dt))" }

    static let generator = zip(Gen.int(in: 0...13), Gen.double(in: -600...600), Gen.double(in: -600...600), Gen.double(in: 0...0.3))
        .map { RandomScrollInput(kind: $0.0, a: $0.1, b: $0.2, dt: $0.3) }

    /// Applies the input at `time`.
    func apply(to s: inout ScrollState, at time: Double) throws {
        let point = Point(x: 150 + a / 4, y: 150 + b / 4)
        switch kind {
        case 0: s.beginDrag(at: point, time: time)
        case 1, 2: s.drag(to: point, time: time)
        case 3: s.endDrag(time: time)
        case 4: s.wheel(notches: Point(x: (a / 200).rounded(), y: (b / 200).rounded()), at: time)
        case 5: s.perform(ScrollCommand.allCases[Int(abs(a)) % ScrollCommand.allCases.count], animated: b > 0, time: time)
        case 6: s.scroll(by: Point(x: a / 10, y: b / 10), phase: [.began, .changed, .changed, .ended][Int(abs(a)) % 4], at: time)
        case 7: try s.setOffset(Point(x: a * 10, y: b * 10), animated: a > 0, time: time)
        case 8: try s.scrollToVisible(Rect(x: abs(a) * 5, y: abs(b) * 5, width: 40, height: 40), policy: a > 0 ? .minimal : .nearest, time: time)
        case 9: s.autoScroll(pointer: Point(x: 150 + a, y: 150 + b), at: time)
        case 10: s.beginZoom(at: time); try s.zoom(scale: 1 + a / 700, anchor: point, at: time)
        case 11: s.endZoom(anchor: point, at: time)
        case 12: s.doubleTapZoom(at: point, time: time)
        default: s.crown(detents: (b / 100).rounded(), at: time)
        }
    }
}

@Suite struct ScrollPropertyTests {
    /// For any sequence of finite inputs, once input stops the view comes to rest within 10 s of
    /// virtual time, inside its bounds (on a page boundary in paging mode), with no NaN, and every
    /// indicator lies inside its track along the way.
    @Test("SV-02, SV-05, SV-16: any input settles inside the bounds")
    func SV_02_SV_05_SV_16_anyInputSettles() async {
        let config = zip(Gen.bool, Gen.bool, Gen.int(in: 0...4), Gen.bool)
        await propertyCheck(count: 300, input: RandomScrollInput.generator.array(of: 1...40), config) { inputs, setup in
            let (paging, zoomable, idiomIndex, lock) = setup
            var s = ScrollIdiom.allCases[idiomIndex].scrollState(viewport: Size(width: 300, height: 300), content: Size(width: 1200, height: 4000))
            s.isPagingEnabled = paging
            s.isDirectionalLockEnabled = lock
            if zoomable { s.minimumZoomScale = 0.2; s.maximumZoomScale = 5 }
            var t = 0.0
            for input in inputs {
                t += input.dt
                try? input.apply(to: &s, at: t)
                s.tick(at: t)
                checkSane(s)
            }
            s.endDrag(time: t)
            s.endAutoScroll(at: t)
            s.endZoom(anchor: Point(x: 150, y: 150), at: t)
            var end = t
            while s.phase != .idle && end < t + 10 {
                end += 1.0 / 60
                s.tick(at: end)
                checkSane(s)
            }
            #expect(s.phase == .idle, "still \(s.phase) 10 s after input stopped")
            for axis in Axis.allCases {
                let bounds = s.offsetBounds(axis)
                #expect(bounds.contains(s.offset[axis]), "\(axis) offset \(s.offset[axis]) outside \(bounds)")
            }
            #expect(s.zoomScale >= s.minimumZoomScale - 1e-9 && s.zoomScale <= s.maximumZoomScale + 1e-9)
            if paging && !zoomable {
                for axis in s.scrollableAxes.axes {
                    let bounds = s.offsetBounds(axis)
                    let pages = (s.offset[axis] - bounds.lowerBound) / s.pageStep(axis)
                    let onPage = abs(pages - pages.rounded()) < 1e-6 || s.offset[axis] == bounds.upperBound
                    #expect(onPage, "\(axis) offset \(s.offset[axis]) is not on a page")
                }
            }
        }
    }

    private func checkSane(_ s: ScrollState) {
        #expect(s.offset.isFinite && s.zoomScale.isFinite && s.zoomScale > 0)
        for axis in Axis.allCases {
            guard let i = s.indicator(axis) else { continue }
            #expect(i.opacity >= 0 && i.opacity <= 1)
            #expect(i.thumb.minX >= i.track.minX - 1e-6 && i.thumb.maxX <= i.track.maxX + 1e-6)
            #expect(i.thumb.minY >= i.track.minY - 1e-6 && i.thumb.maxY <= i.track.maxY + 1e-6)
        }
    }
}
