/// What one run may read from strings files, in all: every file, every
/// variation, substitution form and untranslated copy counted against one
/// budget, where the multiplying happens, before the strings exist. Each
/// limit held alone before and multiplied together (30 catalogs of 60 KB:
/// 3 million strings, 28 s, 1.5 GB; a binary `.stringsdict` whose keys
/// share one plural dictionary: 116 MB of JSON; 20,000 languages: minutes).
///
/// A reference type: the files of a run are read one after another, and
/// each reader takes from what the ones before it left.
public final class StringsBudget {
    /// The most strings one run measures, forms and copies included. Real
    /// apps stay far below (IceCubesApp's catalog: 11,000; a 22,000-string
    /// app in 15 languages reads as ~60,000 forms); past it the run stops
    /// with an error naming the file, since a gate that measured part would
    /// pass what it never saw.
    public static let maximumStrings = 200_000
    /// The most untranslated copies (an entry shown in the development
    /// language where a language lacks it) one run adds: past it the rest
    /// are not measured, with a note, as a catalog mid-translation is still
    /// worth checking.
    public static let maximumUntranslated = 100_000
    /// The most distinct languages one run reads (Apple ships ~40, the
    /// widest apps ~300).
    public static let maximumLanguages = 1_000

    /// This budget's limits (the statics, unless a test asks for less).
    public let stringLimit: Int
    let untranslatedLimit: Int
    let languageLimit: Int

    /// Strings taken so far.
    public private(set) var strings = 0
    /// Untranslated copies taken so far.
    public private(set) var untranslated = 0
    /// Whether untranslated copies were left out.
    public private(set) var untranslatedCapped = false
    /// The languages met so far, folded (`LanguageTag.key`).
    private var languages = Set<String>()

    /// Creates a budget for one run, with typefit's limits unless told.
    public init(
        maximumStrings: Int = StringsBudget.maximumStrings,
        maximumUntranslated: Int = StringsBudget.maximumUntranslated,
        maximumLanguages: Int = StringsBudget.maximumLanguages
    ) {
        (stringLimit, untranslatedLimit, languageLimit) = (maximumStrings, maximumUntranslated, maximumLanguages)
    }

    /// Takes `count` strings, or throws at `position` when the run would
    /// pass `maximumStrings`.
    public func take(_ count: Int, at position: SourcePosition) throws(SourceError) {
        guard count <= stringLimit - strings else {
            throw SourceError(
                position,
                "the strings files give more than \(stringLimit) strings to measure, forms and untranslated "
                    + "entries included (typefit's limit per run): check fewer files at a time")
        }
        strings += count
    }

    /// Whether `count` untranslated copies may be added (and counts them);
    /// `false` past `maximumUntranslated`, remembered for the note.
    public func takeUntranslated(_ count: Int) -> Bool {
        guard count <= untranslatedLimit - untranslated else {
            untranslatedCapped = true
            return false
        }
        untranslated += count
        return true
    }

    /// Counts `tag` among the run's languages, or throws at `position` when
    /// it is one past `maximumLanguages`.
    public func admitLanguage(_ tag: String, at position: SourcePosition) throws(SourceError) {
        guard languages.count < languageLimit || languages.contains(LanguageTag.key(tag)) else {
            throw SourceError(
                position,
                "the strings files name more than \(languageLimit) languages (typefit's limit per run)")
        }
        languages.insert(LanguageTag.key(tag))
    }
}
