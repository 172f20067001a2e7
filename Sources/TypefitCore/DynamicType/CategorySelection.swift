/// Which content size categories a run covers: a list, or a keyword that
/// stands for one category found at run time.
public enum CategorySelection: Equatable, Sendable {
    /// These categories, in order.
    case categories([ContentSizeCategory])
    /// `default`: the platform's default category (Large on iOS; on
    /// watchOS the case size's).
    case platformDefault
    /// `system`: the category nearest the desktop's own text size.
    case desktopTextSize

    /// The categories of a list; `nil` for a keyword.
    public var list: [ContentSizeCategory]? {
        if case .categories(let list) = self { return list }
        return nil
    }
}

extension CategorySelection {
    /// The list with `category` added at its end when missing (a keyword
    /// stays as it is).
    public func adding(_ category: ContentSizeCategory) -> CategorySelection {
        guard case .categories(let list) = self, !list.contains(category) else { return self }
        return .categories(list + [category])
    }
}
