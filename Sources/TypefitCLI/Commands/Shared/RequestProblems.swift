import TypefitCore
import TypefitKit

extension Request {
    /// `validate()`, its problems worded in the command line's terms.
    func validated() throws(UsageError) -> Request {
        do {
            try validate()
        } catch {
            throw UsageError(error.commandLineMessage)
        }
        return self
    }
}

extension Request.Problem {
    /// The problem as the options that made it.
    var commandLineMessage: String {
        switch self {
        case .systemModelNeedsFamily:
            return "'--model system' goes with --family without --size (Apple's table for its faces)"
        case .curveWithProportionalModel:
            return "'--curve' applies to the uifontmetrics model, not 'proportional'"
        case .stylesWithSpec:
            return "with --spec the styles are the spec's; drop --style"
        case .categoriesOnPlatform(.android), .categoriesOnPlatform(.flutterAndroid):
            return "Android has no content size categories: it scales text by --font-scale (e.g. 1.3)"
        case .categoriesOnPlatform(let platform):
            return "\(platform.displayName) does not scale text by content size category: its text styles have "
                + "fixed sizes"
        case .categoryNotOnWatch(let category):
            let names = WatchTypeTable.categories.map(\.rawValue).joined(separator: ", ")
            return "watchOS has no category \(category.rawValue) (it has \(names))"
        case .textScaleClampInverted(let clamp):
            return "'--minimum-text-scale \(shortestNumber(clamp.minimum ?? 0))' is above "
                + "'--maximum-text-scale \(shortestNumber(clamp.maximum ?? 0))'"
        case .specOnFlutter:
            return "a DynamicFont spec is UIFontMetrics' model; Flutter scales every style by one text scale: "
                + "name the font with --family or --font"
        case .clampOnPlatform(let platform):
            return "\(platform.displayName) has no content size categories to clamp: "
                + "--maximum-category and --minimum-category are for iOS and watchOS"
        case .clampInverted(let clamp):
            return "'--minimum-category \(clamp.minimum?.rawValue ?? "")' is above "
                + "'--maximum-category \(clamp.maximum?.rawValue ?? "")'"
        }
    }
}

extension FaceOptions {
    /// The face the options name (one at most, by their rules).
    var face: Request.Face {
        if let spec { return .spec(spec) }
        if let font { return .font(font) }
        if let family { return .family(family) }
        return .systemFont
    }
}
