import Testing

@testable import TypefitCore

/// Format placeholders replaced by sample values before shaping.
@Suite struct PlaceholderTests {
    @Test(arguments: [
        ("Hello, %@!", "Hello, Maximilianus!"),
        ("%lld files", "1,000,000 files"),
        ("%d of %u", "1,000,000 of 1,000,000"),
        ("%.1f MB", "1,000.0 MB"),
        ("%1$@ and %2$@", "Maximilianus and Maximilianus"),
        ("100%% sure", "100% sure"),
        ("50% off", "50% off"),
        ("%", "%"),
        ("% d", "% d"),
        ("%-8s|", "Maximilianus|"),
        ("%c", "W"),
        ("%#x", "1,000,000"),
        ("%zd items, %ld", "1,000,000 items, 1,000,000"),
        ("no placeholders", "no placeholders"),
    ])
    func defaults(text: String, expected: String) {
        #expect(PlaceholderSamples().substitute(text).text == expected)
    }

    /// `--sample` values win; a positional form matches its plain form; each
    /// placeholder is reported once, with whether it was a default.
    @Test func samplesAndTheirReport() throws {
        let samples = PlaceholderSamples([
            try PlaceholderSamples.parse("%@=Alexandria"), try PlaceholderSamples.parse("%lld=42"),
        ])
        let (text, substitutions) = samples.substitute("%1$@ has %lld of %lld, %2$@ %.2f")
        #expect(text == "Alexandria has 42 of 42, Alexandria 1,000.0")
        #expect(
            substitutions == [
                .init(placeholder: "%1$@", value: "Alexandria", isDefault: false),
                .init(placeholder: "%lld", value: "42", isDefault: false),
                .init(placeholder: "%2$@", value: "Alexandria", isDefault: false),
                .init(placeholder: "%.2f", value: "1,000.0", isDefault: true),
            ])
        #expect(try PlaceholderSamples.parse("%@=a=b") == ("%@", "a=b"))
        #expect(try PlaceholderSamples.parse("%@=").value == "")
    }

    @Test(arguments: ["%@", "name=x", "%@%d=x", "%%=x", "%q=x", "x%@=y"])
    func badSamplesAreRefused(argument: String) {
        #expect(throws: PlaceholderSamples.ParseError.self) { try PlaceholderSamples.parse(argument) }
    }
}
