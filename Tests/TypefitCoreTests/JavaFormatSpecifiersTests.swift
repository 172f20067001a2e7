import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCore

/// Java format strings read as `java.util.Formatter` reads them. The oracle
/// is `Fixtures/placeholders/java-formatter.tsv`: each format run through
/// OpenJDK 17's `String.format` with the arguments listed, and what it
/// printed or threw. For every row: a format that throws while parsed
/// fails with that exception and detail; one that lacks an argument names
/// the specifier Java names; one that takes an argument of the wrong class
/// has the conversion Java names; one that prints takes its arguments in
/// Java's order (checked by printing `%s` and `%d` rows).
@Suite struct JavaFormatSpecifiersTests {
    struct Row {
        var format: String
        var arguments: String
        var expected: String
        /// Run in a locale of its own (digits and case are then the
        /// locale's).
        var hasLocale = false
    }

    static var rows: [Row] {
        let text =
            (try? String(contentsOfFile: Fixtures.path("placeholders/java-formatter.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { return nil }
            // A locale written after the format (`%,d (de-DE)`) is the
            // run's, not part of the format.
            var format = fields[0]
            var hasLocale = false
            if let open = format.range(of: " (", options: .backwards), format.hasSuffix(")") {
                format = String(format[..<open.lowerBound])
                hasLocale = true
            }
            return Row(format: format, arguments: fields[1], expected: fields[2], hasLocale: hasLocale)
        }
    }

    /// The arguments a row passes: `"a", "b"`, `42 x3`, `1, 2 (extra
    /// arg)`, `(none)`.
    static func arguments(_ text: String) -> [String] {
        var body = text
        if body == "(none)" { return [] }
        if let repeated = body.range(of: #" x(\d+)$"#, options: .regularExpression) {
            let count = Int(body[repeated].dropFirst(2)) ?? 1
            return Array(repeating: String(body[..<repeated.lowerBound]), count: count)
        }
        if let note = body.range(of: " (", options: .backwards) { body = String(body[..<note.lowerBound]) }
        return body.components(separatedBy: ", ")
    }

    @Test func everyRowAsJava() throws {
        let rows = Self.rows
        #expect(rows.count == 109)
        var printed = 0
        for row in rows {
            let parsed = JavaFormatSpecifiers.parse(row.format)
            let arguments = Self.arguments(row.arguments)
            if row.expected.hasPrefix("throws ") {
                let thrown = row.expected.dropFirst(7)
                let exception = String(thrown.prefix { $0 != ":" })
                let detail = thrown.range(of: ": ").map { String(thrown[$0.upperBound...]) } ?? ""
                switch exception {
                case "MissingFormatArgumentException":
                    guard case .success(let specifiers) = parsed else {
                        Issue.record("\(row.format): \(parsed)")
                        continue
                    }
                    let missing = JavaFormatSpecifiers.missingArgument(specifiers, count: arguments.count)
                    #expect(detail == "Format specifier '\(missing?.text ?? "")'", "\(row.format)")
                case "IllegalFormatConversionException":
                    guard case .success(let specifiers) = parsed else {
                        Issue.record("\(row.format): \(parsed)")
                        continue
                    }
                    // `d != java.lang.String`: the specifier of that
                    // conversion takes an argument of another class.
                    let conversion = String(detail.prefix { $0 != " " })
                    let specifier = specifiers.first { $0.conversion == conversion }
                    let argument = specifier?.argument.map { arguments[$0] } ?? ""
                    let kind = specifier?.kind
                    let isInteger = Int(argument) != nil
                    let isFloat = !isInteger && Double(argument) != nil
                    #expect(
                        (kind == .integer && !isInteger) || (kind == .float && !isFloat),
                        "\(row.format) \(argument)")
                default:
                    guard case .failure(let failure) = parsed else {
                        Issue.record("\(row.format): parsed, Java throws \(thrown)")
                        continue
                    }
                    #expect(failure.exception == exception, "\(row.format)")
                    #expect(failure.detail == detail, "\(row.format): '\(failure.detail)' against '\(detail)'")
                }
            } else {
                guard case .success(let specifiers) = parsed else {
                    Issue.record("\(row.format): \(parsed), Java prints \(row.expected)")
                    continue
                }
                #expect(
                    JavaFormatSpecifiers.missingArgument(specifiers, count: arguments.count) == nil
                        || row.arguments.hasPrefix("Calendar") || row.arguments == "(none)" && specifiers.isEmpty,
                    "\(row.format)")
                // Rows of plain `%s` and `%d` with quoted strings and
                // integers: printed in Java's argument order.
                let plain = specifiers.allSatisfy {
                    $0.text.range(of: #"^%([0-9]+\$)?[sd%n]$"#, options: .regularExpression) != nil
                }
                if plain, !row.hasLocale, !specifiers.isEmpty,
                    arguments.allSatisfy({ $0.hasPrefix("\"") || Int($0) != nil })
                {
                    var output = ""
                    var offset = 0
                    let bytes = Array(row.format.utf8)
                    for specifier in specifiers {
                        output += String(decoding: bytes[offset..<specifier.bytes.lowerBound], as: UTF8.self)
                        switch specifier.conversion {
                        case "%": output += "%"
                        case "n": output += "\n"
                        default: output += arguments[specifier.argument ?? 0].trimmingCharacters(in: ["\""])
                        }
                        offset = specifier.bytes.upperBound
                    }
                    output += String(decoding: bytes[offset...], as: UTF8.self)
                    #expect(
                        "\"\(output.replacingOccurrences(of: "\n", with: "\\n"))\"" == row.expected, "\(row.format)")
                    printed += 1
                }
            }
        }
        #expect(printed >= 8, "\(printed) rows printed")
    }

    /// Widths, precisions and flags as Formatter fills them: every row
    /// that prints `s S b B c d f` specifiers of string, integer, boolean,
    /// character or whole floating-point arguments (`%-8.3s|`, `%+,012d`,
    /// `[%1$30s]`, `%010.2f|`) printed through typefit's `javaPrinted` and
    /// `javaJustified` from each argument as typefit's samples hold it
    /// (numbers grouped), against what OpenJDK 17 printed.
    @Test func widthsAndPrecisionsAsJava() throws {
        var printed = 0
        for row in Self.rows where !row.expected.hasPrefix("throws ") && !row.hasLocale {
            guard case .success(let specifiers) = JavaFormatSpecifiers.parse(row.format), !specifiers.isEmpty,
                specifiers.allSatisfy({ "sSbBcdf".contains($0.conversion) && $0.argument != nil }),
                specifiers.contains(where: { $0.width != nil || $0.precision != nil || !$0.flags.isEmpty })
            else { continue }
            let arguments = Self.arguments(row.arguments)
            var output = ""
            var offset = 0
            let bytes = Array(row.format.utf8)
            var readable = true
            for specifier in specifiers {
                output += String(decoding: bytes[offset..<specifier.bytes.lowerBound], as: UTF8.self)
                let argument = arguments[specifier.argument ?? 0]
                var value: String
                if argument.hasPrefix("\"") || argument.hasPrefix("'") {
                    value = String(argument.dropFirst().dropLast())
                } else if let number = Int(argument) {
                    value = number.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
                } else if let number = Double(argument), number == number.rounded() {
                    value = Int(number).formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
                } else if argument == "true" || argument == "false" {
                    value = argument
                } else {
                    readable = false
                    break
                }
                value = PlaceholderSamples.javaPrinted(value, specifier)
                output += PlaceholderSamples.javaJustified(value, specifier)
                offset = specifier.bytes.upperBound
            }
            guard readable else { continue }
            output += String(decoding: bytes[offset...], as: UTF8.self)
            #expect("\"\(output)\"" == row.expected, "\(row.format)")
            printed += 1
        }
        #expect(printed == 24, "\(printed) rows printed")
    }

    /// Android's mix-ups, each with what Java does to it.
    @Test func appleSpecifiersThrowInJava() {
        for (format, conversion) in [("%@", "@"), ("%ld", "l"), ("%lld", "l"), ("%1$@", "1"), ("%u", "u")] {
            guard case .failure(let failure) = JavaFormatSpecifiers.parse(format) else {
                Issue.record("\(format) parsed")
                continue
            }
            #expect(failure.exception == "UnknownFormatConversionException")
            #expect(failure.detail == "Conversion = '\(conversion)'")
        }
        guard case .success(let specifiers) = JavaFormatSpecifiers.parse("%2$s of %1$d, %s%% %n%<s") else {
            Issue.record("did not parse")
            return
        }
        #expect(specifiers.map(\.argument) == [1, 0, 0, nil, nil, 0])
        #expect(specifiers.map(\.kind) == [.string, .integer, .string, .none, .none, .string])
    }
}
