/// One step from an entry to one of its forms: a variation of the whole
/// string (a String Catalog's `plural` or `device` variation, an Android
/// `<plurals>` item) or of one `%#@name@` variable (a `.stringsdict`'s or a
/// catalog's substitution). A form is its entry and its steps, in order
/// (`LocalizedString.form`); the key shown for it (`KEY|plural.one`,
/// `KEY|device.iphone.plural.one|n.plural.other`) is written from them by
/// `written(_:)` and never read back.
public struct FormStep: Sendable, Hashable {
    /// What a step varies by.
    public enum Kind: Sendable, Hashable {
        /// A plural category (`one`, `few`, `other`).
        case plural
        /// A device (`iphone`, `mac`), a String Catalog's variation.
        case device
        /// A kind typefit does not model, as the file names it.
        case other(String)

        /// As files write it.
        public var name: String {
            switch self {
            case .plural: "plural"
            case .device: "device"
            case .other(let name): name
            }
        }

        /// The kind a file names `name`.
        public init(_ name: String) {
            switch name {
            case "plural": self = .plural
            case "device": self = .device
            default: self = .other(name)
            }
        }
    }

    /// The variable varied (`nil`: the whole string).
    public var variable: String?
    /// What it varies by.
    public var kind: Kind
    /// The value: a category, a device.
    public var value: String
    /// A plural step's count: the placeholder its number fills, as
    /// written (`%lld`, `%2$lld`); `nil` for the first integer placeholder
    /// (a catalog's plural of the whole string), or a variable's whose
    /// variation shows no number.
    public var count: String?
    /// Whether it is an item of Android's `<plurals>`: a plural of the
    /// whole string, whatever argument holds its number, and a plural
    /// even with `other` alone (Android lint's `MissingQuantity`).
    public var isPluralsItem = false

    /// A step of the whole string (`variable` nil) or of a variable.
    public init(
        variable: String? = nil, _ kind: Kind, _ value: String, count: String? = nil, isPluralsItem: Bool = false
    ) {
        (self.variable, self.kind, self.value) = (variable, kind, value)
        (self.count, self.isPluralsItem) = (count, isPluralsItem)
    }

    /// A variable's step from a variation's label as catalogs and
    /// `.stringsdict` files give it (`plural.one`: kind, then value).
    public init(variable: String, label: String, count: String? = nil) {
        let dot = label.firstIndex(of: ".") ?? label.endIndex
        let value = dot == label.endIndex ? "" : String(label[label.index(after: dot)...])
        self.init(variable: variable, Kind(String(label[..<dot])), value, count: count)
    }

    /// The plural category this step is, for `variable` (`nil`: the whole
    /// string's).
    public func pluralCategory(of variable: String?) -> String? {
        kind == .plural && self.variable == variable ? value : nil
    }

    /// How a key writes `steps` after its entry: the whole string's steps
    /// as one `|`-led path joined by dots, then `|name.kind.value` per
    /// variable's step.
    public static func written(_ steps: [FormStep]) -> String {
        var out = ""
        var inWholePath = false
        for step in steps {
            if let variable = step.variable {
                out += "|" + variable + "." + step.kind.name + "." + step.value
                inWholePath = false
            } else {
                out += (inWholePath ? "." : "|") + step.kind.name + "." + step.value
                inWholePath = true
            }
        }
        return out
    }
}

extension LocalizedString {
    /// This form one step further from its entry: its key says so.
    public mutating func vary(_ step: FormStep) { vary([step]) }

    /// This form `steps` further from its entry, its key written once.
    public mutating func vary(_ steps: [FormStep]) {
        form += steps
        key = entry + FormStep.written(form)
    }

    /// The plural variations this form is, each measured with a number
    /// of its category: its variables' that show a number, then the whole
    /// string's (a later one's number wins where two fill one
    /// placeholder).
    public var pluralForms: [PluralForm] {
        guard !form.isEmpty else { return [] }
        var variables: [PluralForm] = []
        var whole: [PluralForm] = []
        for step in form where step.kind == .plural {
            let plural = PluralForm(placeholder: step.count, category: step.value, isPluralsItem: step.isPluralsItem)
            if step.variable == nil {
                whole.append(plural)
            } else if step.count != nil {
                variables.append(plural)
            }
        }
        return variables + whole
    }

    /// The same form of another entry (a shared `.stringsdict` expansion
    /// given to a second key).
    public mutating func move(toEntry entry: String) {
        self.entry = entry
        key = entry + FormStep.written(form)
    }
}
