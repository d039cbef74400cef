extension ScrollIdiom {
    /// False for macOS, which has no page controls (PC-17).
    public var supportsPageControls: Bool { self != .macOS }
}

extension PageControlState {
    /// Guideline checks for this control (PC-03, PC-05, PC-07, PC-09, PC-10, PC-15, PC-17).
    ///
    /// - Parameters:
    ///   - idiom: the platform idiom the control appears under.
    ///   - contentIsHierarchical: true when the pages are not a flat, ordered list.
    public func diagnostics(idiom: ScrollIdiom = .iOS, contentIsHierarchical: Bool = false) -> [Diagnostic] {
        var found: [Diagnostic] = []
        if !idiom.supportsPageControls {
            found.append(Diagnostic("PC-17", "page controls are not supported on macOS; use a tab view, a segmented control or a list", severity: .error))
        }
        if contentIsHierarchical {
            found.append(Diagnostic("PC-03", "a page control is for a flat, ordered list of pages, not for hierarchical or non-sequential content"))
        }
        if numberOfPages > 10 {
            found.append(Diagnostic("PC-05", "\(numberOfPages) pages are more than people can count as dots (about 10); consider a grid or another layout"))
        }
        if allowsContinuousInteraction && backgroundStyle == .minimal {
            found.append(Diagnostic("PC-15", "the minimal background gives no feedback while scrubbing, so scrubbing is off; turn allowsContinuousInteraction off or choose another background"))
        }
        let images = [preferredIndicatorImage, preferredCurrentPageIndicatorImage].compactMap { $0 }
            + indicatorImages.values + currentPageIndicatorImages.values
        var symbols = Set(images.map(\.symbol))
        // The default dot counts as an image when some page still shows it.
        let everyPageCustom = preferredIndicatorImage != nil || indicatorImages.count >= numberOfPages
        if !everyPageCustom && numberOfPages > 0 { symbols.insert(IndicatorImage.dot.symbol) }
        if symbols.count > 2 {
            found.append(Diagnostic("PC-09", "\(symbols.count) different indicator images (\(symbols.sorted().joined(separator: " "))); use no more than two"))
        }
        for image in Set(images) {
            if image.color != nil {
                found.append(Diagnostic("PC-10", "indicator image \(image) has its own colour \(image.color ?? ""); let the system tint indicators"))
            }
            if image.isTextOrMultipleSymbols {
                found.append(Diagnostic("PC-07", "indicator image \"\(image.symbol)\" is text or more than one symbol; use one simple symbol"))
            }
        }
        let orphans = (Set(indicatorImages.keys).union(currentPageIndicatorImages.keys)).filter { $0 >= numberOfPages }.sorted()
        if !orphans.isEmpty {
            found.append(Diagnostic("PC-06", "images are set for pages \(orphans.map(String.init).joined(separator: ", ")) that no longer exist (\(numberOfPages) pages); remove them or add the pages"))
        }
        return found
    }
}
