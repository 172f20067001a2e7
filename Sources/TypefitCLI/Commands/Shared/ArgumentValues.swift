import TypefitCore
import TypefitKit

// The types options take: each parses its own spellings, once, where the
// option is bound (see `ArgumentValue`).

/// The words lists take beside names, spelled once.
enum ListKeyword: String {
    /// Every style or category.
    case all
    /// The platform's default category.
    case `default`
    /// The desktop's text size.
    case system

    /// The keyword `text` spells (case-insensitively), or `nil`.
    init?(spelling text: String) { self.init(rawValue: text.trimmingSpaces.lowercased()) }
}

extension OutputFormat: ArgumentValue {
    /// Each command's `--format` lists its own formats (`formatOption`).
    static var spellings: [String] { [] }
    /// The parser refuses a format the command's lists do not hold.
    static var isClosedSet: Bool { true }

    init(argument text: String, option: String) throws(UsageError) { self.init(text.lowercased()) }
}
extension BundleLayout: ClosedArgumentValue {}
extension Platform: ClosedArgumentValue {}
extension SizeModel: ClosedArgumentValue {}

extension ScalingCurve: ArgumentValue {
    static var spellings: [String] { acceptedNames }

    init(argument text: String, option: String) throws(UsageError) {
        guard let curve = ScalingCurve.named(text) else {
            throw UsageError(NameMatching.choiceMessage("'\(option)'", text, Self.acceptedNames))
        }
        self = curve
    }
}

/// `--style`: names, a comma list, or `all`. The platform decides which
/// names a list may hold and it may come later on the command line, so the
/// list is read here and its names resolved once the platform is known
/// (`iosStyles()`, `names(on:)`).
struct StyleSelection: ArgumentValue, Equatable {
    /// One item of the list.
    enum Item: Equatable {
        /// `all`: every style of the platform.
        case all
        /// A style's name as typed.
        case name(String)
    }

    /// The items, in order.
    var items: [Item]

    /// UIKit's names first, then `all`.
    static let spellings: [String] = TextStyle.allCases.map(\.rawValue) + [ListKeyword.all.rawValue]

    /// UIKit's names, or the platform's own where `--platform` names one
    /// with other styles: Material 3's roles, watchOS's table's rows.
    static var completion: Completion {
        .platformValues(
            spellings,
            byPlatform: [
                Platform.android.rawValue: AndroidTypeScale.roles.map(\.name) + [ListKeyword.all.rawValue],
                Platform.flutterIOS.rawValue: FlutterTypeScale.styles.map(\.name) + [ListKeyword.all.rawValue],
                Platform.flutterAndroid.rawValue: FlutterTypeScale.styles.map(\.name) + [ListKeyword.all.rawValue],
                Platform.watchos.rawValue: WatchTypeTable.styles + [ListKeyword.all.rawValue],
            ])
    }

    init(argument text: String, option: String) throws(UsageError) {
        items = try commaItems(text, option: option).map { ListKeyword(spelling: $0) == .all ? .all : .name($0) }
    }

    /// The iOS styles, duplicates dropped, order kept.
    func iosStyles() throws(UsageError) -> [TextStyle] {
        try resolve(all: TextStyle.allCases) { name throws(NameError) in try TextStyle(parsing: name) }
    }

    /// The style names of `platform`, duplicates dropped, order kept.
    func names(on platform: Platform) throws(UsageError) -> [String] {
        try resolve(all: PlatformRequest.styleNames(platform)) { name throws(NameError) in
            try PlatformRequest.style(name, on: platform)
        }
    }

    private func resolve<T: Equatable>(all: [T], _ parse: (String) throws(NameError) -> T) throws(UsageError) -> [T] {
        var result: [T] = []
        for item in items {
            switch item {
            case .all:
                for value in all where !result.contains(value) { result.append(value) }
            case .name(let name):
                do {
                    let value = try parse(name)
                    if !result.contains(value) { result.append(value) }
                } catch {
                    throw UsageError(error.message)
                }
            }
        }
        return result
    }
}

extension CategorySelection: ArgumentValue {
    /// UIKit's names, the AX short forms, `all`, and the keywords.
    static var spellings: [String] { CategoryList.spellings + [ListKeyword.default, .system].map(\.rawValue) }

    /// `--category` in every command: categories in UIKit's, SwiftUI's,
    /// HIG and short spellings, `all`, a comma list of them; and where
    /// `keywords` (scale) `default` or `system` alone.
    static func parse(_ text: String, option: String, keywords: Bool) throws(UsageError) -> CategorySelection {
        switch keywords ? ListKeyword(spelling: text) : nil {
        case .default: return .platformDefault
        case .system: return .desktopTextSize
        default: break
        }
        var result: [ContentSizeCategory] = []
        for item in try commaItems(text, option: option) {
            if ListKeyword(spelling: item) == .all {
                for category in ContentSizeCategory.allCases where !result.contains(category) {
                    result.append(category)
                }
                continue
            }
            do {
                let category = try ContentSizeCategory(parsing: item)
                if !result.contains(category) { result.append(category) }
            } catch {
                throw UsageError(error.message)
            }
        }
        return .categories(result)
    }

    init(argument text: String, option: String) throws(UsageError) {
        self = try Self.parse(text, option: option, keywords: true)
    }
}

/// `--category` where the keywords do not apply (measure, fit, specimen,
/// review): categories only.
struct CategoryList: ArgumentValue, Equatable {
    /// The categories, in order, duplicates dropped.
    var categories: [ContentSizeCategory]

    /// UIKit's names, the AX short forms and `all`.
    static let spellings: [String] = oneSpellings + [ListKeyword.all.rawValue]

    /// One category's spellings: UIKit's names and the AX short forms.
    static let oneSpellings: [String] =
        ContentSizeCategory.allCases.map(\.rawValue) + ["AX1", "AX2", "AX3", "AX4", "AX5"]

    init(argument text: String, option: String) throws(UsageError) {
        categories = try CategorySelection.parse(text, option: option, keywords: false).list ?? []
    }
}

/// `--weight`: a UIKit weight name or 100-900, on the OpenType scale.
struct WeightValue: ArgumentValue, Equatable {
    /// 100-900.
    var value: Int

    static let spellings: [String] = FontWeight.allCases.map(\.rawValue)

    init(argument text: String, option: String) throws(UsageError) {
        guard let value = FontWeight.parseOpenType(text.trimmingSpaces) else {
            let names = Self.spellings.joined(separator: ", ")
            throw UsageError("'\(option)' takes a weight name (\(names)) or a number from 100 to 900 (got '\(text)')")
        }
        self.value = value
    }
}

/// `--optical-size`: `auto`, `none` or a size in points.
extension OpticalSizeMode: ArgumentValue {
    static let spellings: [String] = ["auto", "none"]

    init(argument text: String, option: String) throws(UsageError) {
        guard let mode = OpticalSizeMode(text.trimmingSpaces) else {
            throw UsageError(
                "'\(option)' takes \(OpticalSizeMode.accepted) (got '\(text)')")
        }
        self = mode
    }
}

/// `--lines`: a whole number from 1 to 1000.
struct LineCount: ArgumentValue, Equatable {
    /// The count.
    var value: Int

    static let spellings: [String] = []

    init(argument text: String, option: String) throws(UsageError) {
        guard let n = Int(text.trimmingSpaces), n >= 1, n <= 1000 else {
            throw UsageError("'\(option)' takes a whole number from 1 to 1000 (got '\(text)')")
        }
        value = n
    }
}

/// `--display-scale`: the pixel grid, 1, 2 or 3 pixels a point.
struct DisplayScale: ArgumentValue, Equatable {
    /// Pixels a point.
    var value: Int

    static let spellings = ["1", "2", "3"]
    static var isClosedSet: Bool { true }

    init(argument text: String, option: String) throws(UsageError) {
        guard let n = Int(text.trimmingSpaces), (1...3).contains(n) else {
            throw UsageError(NameMatching.choiceMessage("'\(option)'", text, Self.spellings))
        }
        value = n
    }
}

/// `--watch-size`: an Apple Watch case size (`45mm` or `45`).
struct WatchSize: ArgumentValue, Equatable {
    /// Millimetres.
    var millimetres: Int

    static let spellings: [String] = WatchTypeTable.caseSizes.map { "\($0.millimetres)mm" }

    init(argument text: String, option: String) throws(UsageError) {
        let digits = text.lowercased().hasSuffix("mm") ? String(text.dropLast(2)) : text
        let known = WatchTypeTable.caseSizes.map(\.millimetres)
        guard let mm = Int(digits.trimmingSpaces), known.contains(mm) else {
            throw UsageError(
                "'\(option)' takes a case size: " + known.map { "\($0)mm" }.joined(separator: ", ")
                    + " (got '\(text)')")
        }
        millimetres = mm
    }
}

/// `--font-scale`: Android font scales from 0.5 to 3, a comma list.
struct FontScales: ArgumentValue, Equatable {
    /// The scales, in order.
    var values: [Double]

    /// Android's Settings steps, for completion.
    static let spellings: [String] = AndroidTypeScale.settingsScales.map { shortestNumber($0) }

    init(argument text: String, option: String) throws(UsageError) {
        var values: [Double] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = Double(piece.trimmingSpaces), value >= 0.5, value <= 3 else {
                throw UsageError("'\(option)' takes font scales from 0.5 to 3, e.g. 1.3 or 0.85,1,2 (got '\(text)')")
            }
            values.append(value)
        }
        self.values = values
    }
}

/// `--android-version`: a major version.
struct AndroidVersion: ArgumentValue, Equatable {
    /// The major version.
    var value: Int

    static let spellings: [String] = []

    init(argument text: String, option: String) throws(UsageError) {
        guard let value = Int(text.trimmingSpaces), (1...99).contains(value) else {
            throw UsageError("'\(option)' takes a major version such as 13 or 14 (got '\(text)')")
        }
        self.value = value
    }
}

/// `--minimum-text-scale`, `--maximum-text-scale`: a factor from 0 to 10
/// (Flutter asserts a finite, non-negative minimum; typefit bounds both).
struct TextScale: ArgumentValue, Equatable {
    static let spellings: [String] = []
    var value: Double

    init(argument text: String, option: String) throws(UsageError) {
        guard let value = Double(text.trimmingSpaces), value.isFinite, (0...10).contains(value) else {
            throw UsageError("'\(option)' takes a text scale from 0 to 10, such as 1 or 1.235 (got '\(text)')")
        }
        self.value = value
    }
}

/// `--flutter-version`: a Flutter release, `3.35` (a patch is allowed).
extension FlutterVersion: ArgumentValue {
    static let spellings: [String] = []

    init(argument text: String, option: String) throws(UsageError) {
        guard let version = FlutterVersion(parsing: text.trimmingSpaces) else {
            throw UsageError("'\(option)' takes a Flutter release such as 3.32 or 3.35.1 (got '\(text)')")
        }
        self = version
    }
}

/// `--require`: the size setting every string must fit at: a category, or
/// on Android a font scale. Which of the two is right depends on the
/// platform, which may come later on the command line: both readings are
/// made here and one is chosen by `setting(on:)`.
struct RequiredSize: ArgumentValue, Equatable {
    /// The value as typed.
    var text: String
    /// The category it names, or why it names none.
    var category: Result<ContentSizeCategory, NameError>
    /// The font scale it is, from 0.5 to 3.
    var fontScale: Double?

    static var spellings: [String] { ContentSizeCategory.allCases.map(\.rawValue) }

    init(argument text: String, option: String) throws(UsageError) {
        self.text = text
        if let scale = Double(text.trimmingSpaces), scale >= 0.5, scale <= 3 { fontScale = scale }
        do {
            category = .success(try ContentSizeCategory(parsing: text))
        } catch {
            category = .failure(error)
        }
    }

    /// The size setting on `platform`: a font scale on Android, else a
    /// category the platform has.
    func setting(on platform: Platform) throws(UsageError) -> SizeSetting {
        if platform.scalesByFontScale {
            guard let fontScale else {
                throw UsageError("on Android '--require' takes a font scale, e.g. 2.0 (got '\(text)')")
            }
            return .fontScale(fontScale)
        }
        switch category {
        case .success(let category): return .category(category)
        case .failure(let error): throw UsageError(error.message)
        }
    }
}
