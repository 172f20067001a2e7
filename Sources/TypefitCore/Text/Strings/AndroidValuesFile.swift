/// A `res/values*/*.xml` file's text resources as aapt2 compiles them:
/// `<string>`, `<plurals>` (an item per CLDR quantity), `<string-array>`
/// (items by index) and the items of a typed `<array>` that name a string
/// (`@string/…`, at their index), each value made by `AndroidResourceText`;
/// every other resource (dimensions, colours, styles) read past. A file
/// aapt2 refuses is an error at the line aapt2 names, with its reason, where
/// a build refuses it too: what aapt2 only warns of under `--legacy` (the
/// Android Gradle Plugin's mode) is a warning, and text between resources
/// (a stray `"` after `</string>`, which aapt2 2.19 refuses, in AnkiDroid's
/// sources that build) is read past.
public enum AndroidValuesFile {
    /// What kind of text resource an entry is.
    public enum Kind: String, Sendable {
        case string
        case plurals
        case stringArray = "string-array"
        /// A typed `<array>`: only its items that name a string
        /// (`@string/…`) are text, kept at their index.
        case array
    }

    /// One text resource.
    public struct Entry: Sendable, Equatable {
        /// What kind of resource.
        public var kind: Kind
        /// Its `name`.
        public var name: String
        /// `translatable` (default: true, false in a file whose name holds
        /// `donottranslate`, as aapt2's compile step decides).
        public var isTranslatable: Bool
        /// `formatted` (default true): false exempts a string from the
        /// format checks.
        public var isFormatted: Bool
        /// Where the element starts.
        public var position: SourcePosition
        /// A string's one value; a plural's per quantity; an array's per item.
        public var forms: [Form]
        /// What aapt2 says of the entry and still compiles, as the Android
        /// Gradle Plugin runs it (`--legacy`): several arguments not all
        /// positional. Plain `aapt2 compile` refuses such a string; a build
        /// does not, so neither does typefit.
        public var warnings: [SourceError] = []
    }

    /// One value of an entry.
    public struct Form: Sendable, Equatable {
        /// A plural item's quantity (`one`, `other` …).
        public var quantity: String?
        /// An array item's index.
        public var index: Int?
        /// The value.
        public var value: AndroidResourceText
        /// Where its element's content starts.
        public var position: SourcePosition
    }

    /// The quantities `<plurals>` items may have.
    public static let quantities = ["zero", "one", "two", "few", "many", "other"]

    /// Whether `bytes` are a resource file: the root element `<resources>`
    /// (any other XML in `values/`, or a file that is no XML, is not one).
    public static func isResourceFile(_ bytes: [UInt8]) -> Bool {
        guard let text = try? XMLText.utf8(bytes) else { return false }
        var reader = XMLReader(text)
        guard case .start(let root)? = try? reader.next() else { return false }
        return root.name == "resources"
    }

    /// The text resources of a resource file named `fileName`.
    public static func read(_ bytes: [UInt8], fileName: String) throws(SourceError) -> [Entry] {
        var reader = XMLReader(try XMLText.utf8(bytes))
        guard case .start(let root)? = try reader.next(), root.name == "resources" else {
            throw SourceError(SourcePosition(line: 1, column: 1), "the root element is not <resources>")
        }
        let translatableByDefault = !fileName.contains("donottranslate")
        var entries: [Entry] = []
        // Per entry, its `product` (a device build's is `default`).
        var products: [String?] = []
        while let event = try reader.next() {
            switch event {
            case .text(let text, let position, _):
                // aapt2 (ResourceParser::ParseResources) refuses text between
                // resources other than white space as `isspace` has it, and
                // the build stops; so does typefit.
                var at = position
                for byte in text.utf8 {
                    guard byte == 0x20 || (0x09...0x0D).contains(byte) else {
                        // At the text's first character, as aapt2 counts its line.
                        throw SourceError(at, "plain text not allowed here.")
                    }
                    at =
                        byte == 0x0A
                        ? SourcePosition(line: at.line + 1, column: 1)
                        : SourcePosition(line: at.line, column: at.column + 1)
                }
            case .end:
                continue  // The root's end.
            case .start(let element):
                guard element.namespace == nil,
                    let kind = Kind(rawValue: element.name)
                else {
                    try skip(&reader)
                    continue
                }
                guard let name = element.attribute("name") else {
                    throw SourceError(element.position, "<\(element.name)> missing 'name' attribute.")
                }
                let translatable = try boolean("translatable", of: element) ?? translatableByDefault
                let formatted = try boolean("formatted", of: element) ?? true
                var entry = Entry(
                    kind: kind, name: name, isTranslatable: translatable, isFormatted: formatted,
                    position: element.position, forms: [])
                switch kind {
                case .string:
                    let value = try AndroidResourceText.read(&reader, element: element)
                    if formatted && translatable && !value.isStyled && !JavaFormatSpecifiers.aapt2Accepts(value.text) {
                        entry.warnings.append(
                            SourceError(
                                element.position,
                                "multiple substitutions specified in non-positional format; did you mean to add the "
                                    + "formatted=\"false\" attribute?."))
                    }
                    entry.forms = [Form(quantity: nil, index: nil, value: value, position: element.position)]
                case .plurals, .stringArray, .array:
                    entry.forms = try items(&reader, of: element, kind: kind)
                }
                // A typed array of colours, dimensions or drawables only is
                // no text.
                if kind == .array && entry.forms.isEmpty { continue }
                entries.append(entry)
                products.append(element.attribute("product"))
            }
        }
        return try defaultProducts(entries, products)
    }

    /// The entries a build keeps of those given per `product`
    /// (`<string name="x" product="tablet">`): aapt2 link, asked for no
    /// product, keeps the one without the attribute or with
    /// `product="default"`, and stops when a resource with products has
    /// none of them or two (`ProductFilter::SelectProductToKeep`).
    private static func defaultProducts(_ entries: [Entry], _ products: [String?]) throws(SourceError) -> [Entry] {
        guard products.contains(where: { $0 != nil }) else { return entries }
        var byResource: [String: [Int]] = [:]
        for (i, entry) in entries.enumerated() {
            // aapt2's type names: a `<string-array>` is an `array`.
            let type = entry.kind == .stringArray ? "array" : entry.kind.rawValue
            byResource[type + "/" + entry.name, default: []].append(i)
        }
        var dropped = Set<Int>()
        for (resource, indices) in byResource where indices.contains(where: { products[$0] != nil }) {
            let defaults = indices.filter { products[$0] == nil || products[$0] == "default" }
            guard let kept = defaults.first else {
                throw SourceError(
                    entries[indices[0]].position, "no default product defined for resource \(resource).")
            }
            guard defaults.count == 1 else {
                throw SourceError(
                    entries[defaults[1]].position, "multiple default products defined for resource \(resource).")
            }
            dropped.formUnion(indices.filter { $0 != kept })
        }
        return entries.indices.filter { !dropped.contains($0) }.map { entries[$0] }
    }

    /// The `<item>`s of a `<plurals>` or `<string-array>`.
    private static func items(_ reader: inout XMLReader, of parent: XMLReader.Element, kind: Kind) throws(SourceError)
        -> [Form]
    {
        var forms: [Form] = []
        // Each item's place in its array (a typed array's kept items keep
        // theirs: `obtainTypedArray` reads by index).
        var index = 0
        while let event = try reader.next() {
            switch event {
            case .text:
                // aapt2 skips text between the items (`ParsePlural`,
                // `ParseArrayImpl`): Gramophone's `<string-array …>>`
                // builds, and its stray `>` is shown nowhere.
                continue
            case .end:
                return forms
            case .start(let item):
                guard item.namespace == nil, item.name == "item" else {
                    throw SourceError(item.position, "unexpected tag <\(item.name)> in <\(parent.name)>.")
                }
                var quantity: String?
                if kind == .plurals {
                    guard let given = item.attribute("quantity") else {
                        throw SourceError(item.position, "<item> in <plurals> requires attribute 'quantity'.")
                    }
                    guard quantities.contains(given) else {
                        throw SourceError(
                            item.position, "<item> in <plural> has invalid value '\(given)' for attribute 'quantity'.")
                    }
                    guard !forms.contains(where: { $0.quantity == given }) else {
                        throw SourceError(item.position, "duplicate quantity '\(given)'.")
                    }
                    quantity = given
                }
                let value = try AndroidResourceText.read(&reader, element: item)
                index += 1
                if kind == .array && value.reference?.hasPrefix("@string/") != true { continue }
                forms.append(
                    Form(
                        quantity: quantity, index: kind == .plurals ? nil : index - 1, value: value,
                        position: item.position))
            }
        }
        throw SourceError(parent.position, "<\(parent.name)> is not closed")
    }

    /// Reads past an element whose start was just read.
    private static func skip(_ reader: inout XMLReader) throws(SourceError) {
        var depth = 1
        while depth > 0, let event = try reader.next() {
            switch event {
            case .start: depth += 1
            case .end: depth -= 1
            case .text: break
            }
        }
    }

    /// A Boolean attribute as aapt2's `ResourceUtils::ParseBool` reads it.
    private static func boolean(_ name: String, of element: XMLReader.Element) throws(SourceError) -> Bool? {
        guard let value = element.attribute(name) else { return nil }
        switch value {
        case "true", "TRUE", "True": return true
        case "false", "FALSE", "False": return false
        default: throw SourceError(element.position, "invalid value for '\(name)'. Must be a boolean.")
        }
    }
}
