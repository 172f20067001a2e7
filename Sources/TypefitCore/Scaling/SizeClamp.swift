/// Where an app stops text growing or shrinking: UIKit's
/// `maximumContentSizeCategory` / `minimumContentSizeCategory` (iOS 15) and
/// SwiftUI's `.dynamicTypeSize(...DynamicTypeSize.xxxLarge)`. A category
/// above the maximum is set at the maximum's size, one below the minimum at
/// the minimum's: the device never shows the text larger, so a gate at AX3
/// of text clamped at xxLarge checks xxLarge's size.
public struct SizeClamp: Sendable, Equatable {
    /// The largest category text follows (`nil`: none).
    public var maximum: ContentSizeCategory?
    /// The smallest category text follows (`nil`: none).
    public var minimum: ContentSizeCategory?

    /// Creates a clamp.
    public init(minimum: ContentSizeCategory? = nil, maximum: ContentSizeCategory? = nil) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Whether it clamps nothing.
    public var isEmpty: Bool { minimum == nil && maximum == nil }

    /// The category whose size `category` is set at.
    public func clamped(_ category: ContentSizeCategory) -> ContentSizeCategory {
        if let maximum, category > maximum { return maximum }
        if let minimum, category < minimum { return minimum }
        return category
    }

    /// Whether the minimum is above the maximum (a clamp no app can set).
    public var isInverted: Bool {
        guard let minimum, let maximum else { return false }
        return minimum > maximum
    }

    /// `categories` and the clamp's bounds, in size order, each once: the
    /// sizes to compute so that every clamped category has its bound's.
    public func extending(_ categories: [ContentSizeCategory]) -> [ContentSizeCategory] {
        var all = Set(categories)
        if let maximum { all.insert(maximum) }
        if let minimum { all.insert(minimum) }
        return all.sorted()
    }

    /// `cells` (computed for `extending(asked)`) for the `asked` categories
    /// only, each clamped one given its bound's size, line height and face
    /// and marked `clampedTo`.
    public func apply(_ cells: [SizedCell], asked: [ContentSizeCategory]) -> [SizedCell] {
        guard !isEmpty else { return cells }
        var byStyle: [String: [ContentSizeCategory: SizedCell]] = [:]
        for cell in cells {
            if case .category(let category) = cell.size { byStyle[cell.style, default: [:]][category] = cell }
        }
        let wanted = Set(asked)
        return cells.compactMap { cell in
            guard case .category(let category) = cell.size else { return cell }
            guard wanted.contains(category) else { return nil }
            let bound = clamped(category)
            guard bound != category, let source = byStyle[cell.style]?[bound] else { return cell }
            var copy = cell
            copy.pointSize = source.pointSize
            copy.lineHeight = source.lineHeight
            copy.face = source.face
            copy.clampedTo = .category(bound)
            return copy
        }
    }
}
