import Scrollwork

extension ScrollView {
    /// A scroll area whose value says how far down (and across, when it scrolls sideways) it is.
    public var accessibility: AccessibilityElement? {
        func percent(_ axis: Axis) -> Int { Int(saturating: (scroll.fraction(axis) * 100).rounded()) }
        let across = scroll.contentSize.width > scroll.viewportSize.width + 0.5
        let value = across ? "\(percent(.vertical))% down, \(percent(.horizontal))% across" : "\(percent(.vertical))% down"
        var element = AccessibilityElement(role: .scrollArea, value: value, frame: frame)
        // Text content is read around what shows: the lines as the document's value (its
        // text), not its name, which a screen reader would say whole on every change; the caret
        // on the first line shown.
        if let text = content.accessibleText(around: window) {
            element.children = [.document(text, frame: window.box)]
        }
        return element
    }
}

extension PageControlView {
    /// The dots as one adjustable element: "page 3 of 7", as UIKit's page control says it.
    public var accessibility: AccessibilityElement? {
        guard state.numberOfPages > 0, !state.isHidden else { return nil }
        var element = AccessibilityElement(role: .pageControl, name: accessibilityLabel, value: "page \(state.currentPage + 1) of \(state.numberOfPages)", frame: frame)
        element.range = AccessibilityRange(current: Double(state.currentPage + 1), minimum: 1, maximum: Double(state.numberOfPages))
        // A click on the next or the previous dot, as a person turns one page with a pointer.
        if let next = center(ofDot: state.currentPage + 1) { element.actions.append(.click(.increment, at: next)) }
        if let previous = center(ofDot: state.currentPage - 1) { element.actions.append(.click(.decrement, at: previous)) }
        return element
    }
}

extension TextField {
    /// A field named by its prompt (without its colon), its text as its value.
    public var accessibility: AccessibilityElement? {
        var name = Substring(prompt)
        while let last = name.last, last == " " || last == ":" { name.removeLast() }
        var state: AccessibilityElement.State = [.editable]
        if isTextSelected { state.insert(.selected) }
        var element = AccessibilityElement(role: .textField, name: String(name), value: text, state: state, frame: frame)
        if frame.width > 0, frame.height > 0 { element.actions = [.click(at: frame.center)] }
        return element
    }
}

extension AccessibilityElement {
    /// A document of `text` in `frame`: its lines as its value, its caret on the first line
    /// shown, where its lines lie and what is selected.
    public static func document(_ text: AccessibleText, frame: Rect) -> AccessibilityElement {
        var document = AccessibilityElement(role: .document, value: text.lines.joined(separator: "\n"), frame: frame)
        document.caretOffset = text.offset(ofLine: text.firstShown)
        document.lineFrames = text.lineFrames.count == text.lines.count ? text.lineFrames : []
        document.textSelection = text.selection
        return document
    }
}
