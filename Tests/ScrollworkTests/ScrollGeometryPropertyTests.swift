import PropertyBased
import Testing
@testable import Scrollwork

/// A change of geometry or behaviour in the middle of motion.
struct RandomGeometryChange: Sendable, CustomStringConvertible {
    var kind: Int
    var a: Double
    var b: Double

    var description: String { "geometry(\(kind), \(a), \(b))" }

    static let generator = zip(Gen.int(in: 0...8), Gen.double(in: 0...5000), Gen.double(in: 0...5000))
        .map { RandomGeometryChange(kind: $0.0, a: $0.1, b: $0.2) }

    func apply(to s: inout ScrollState) {
        switch kind {
        case 0: s.contentSize = Size(width: a, height: b)
        case 1: s.viewportSize = Size(width: a / 10 + 1, height: b / 10 + 1)
        case 2: s.contentInsets = EdgeInsets(top: a / 50, left: b / 50, bottom: b / 60, right: a / 60)
        case 3: s.minimumZoomScale = a / 2000 + 0.1; s.maximumZoomScale = b / 1000 + 0.1
        case 4: s.isPagingEnabled.toggle()
        case 5: s.bounces = [Axis.Set.both, .vertical, .horizontal, []][Int(a) % 4]
        case 6: s.alwaysBounce = [Axis.Set.both, .vertical, .horizontal, []][Int(b) % 4]
        case 7: s.isScrollEnabled.toggle()
        default: s.contentSize = Size(width: s.contentSize.width, height: s.contentSize.height / 3)
        }
    }
}

@Suite struct ScrollGeometryPropertyTests {
    /// Content and viewport growing and shrinking, insets, zoom limits, paging and bouncing
    /// switched while the view moves: once input stops, it rests inside its bounds on both axes.
    @Test("SV-02: an idle scroll view rests inside its bounds whatever changed while it moved")
    func SV_02_restsInsideAfterGeometryChanges() async {
        let step = zip(RandomScrollInput.generator, Gen.int(in: 0...3), RandomGeometryChange.generator)
        await propertyCheck(count: 400, input: step.array(of: 1...40)) { steps in
            var s = ScrollState(viewport: Size(width: 300, height: 300), content: Size(width: 1200, height: 4000))
            s.minimumZoomScale = 0.5
            s.maximumZoomScale = 3
            var t = 0.0
            for (input, change, geometry) in steps {
                t += input.dt
                try? input.apply(to: &s, at: t)
                if change == 0 { geometry.apply(to: &s) }
                s.tick(at: t)
                #expect(s.offset.isFinite && s.zoomScale.isFinite)
            }
            s.endDrag(time: t)
            s.endAutoScroll(at: t)
            s.endZoom(anchor: Point(x: 150, y: 150), at: t)
            var end = t
            while s.isAnimating && end < t + 20 {
                end += 1.0 / 60
                s.tick(at: end)
            }
            #expect(!s.isAnimating, "still animating 20 s after input stopped")
            for axis in Axis.allCases {
                let bounds = s.offsetBounds(axis)
                #expect(bounds.contains(s.offset[axis]), "\(axis) offset \(s.offset[axis]) outside \(bounds)")
            }
        }
    }
}
