import Testing
import TypefitTestSupport

@testable import TypefitCore

/// Inputs from a pull request cannot make typefit crash or run without
/// end: substitution counts that overflow, variables that nest or cycle,
/// property lists of shared references, strings of megabytes.
@Suite struct BoundedInputTests {
    func read(_ catalog: String) throws -> [LocalizedString] {
        try StringsFile.read(path: "Hostile.xcstrings", bytes: Array(catalog.utf8))
    }

    /// 25 variables of six forms: 6^25 overflows Int (it crashed fit and
    /// review with SIGILL); now each varies alone, the others standing.
    @Test func twentyFiveVariablesVaryOneAtATime() throws {
        let strings = try read(HostileInputs.catalog(variables: 25))
        #expect(strings.count == 25 * 6)
        #expect(strings.allSatisfy { $0.capNote == nil && !$0.text.contains("%#@") })
    }

    /// A variation naming another variable is expanded in turn; twelve
    /// levels of six forms (2 billion strings) stop at the cap, noted.
    @Test func nestedVariablesExpandUnderTheCap() throws {
        let two = try read(HostileInputs.catalog(variables: 2, nesting: true))
        #expect(two.count == 36)
        #expect(two.contains { $0.key == "counts|v0.plural.one|v1.plural.few" && $0.text == "%1$lld one %2$lld few" })
        let deep = try read(HostileInputs.catalog(variables: 12, nesting: true))
        #expect(deep.count == Substitutions.maximumForms)
        #expect(deep.allSatisfy { $0.capNote?.contains("first \(Substitutions.maximumForms) are measured") == true })
        #expect(deep.allSatisfy { !$0.text.contains("%#@") })
    }

    /// A chain of 300 variables, each form naming the next twice, keeps
    /// 256 strings in the queue at every level: it took minutes (300
    /// levels of 256 strings of 20,000 characters). Past
    /// `maximumWork` the strings left stand with their variables as
    /// written, each noted.
    @Test func aDeepChainOfVariablesStopsAtTheWorkCap() throws {
        var variables: [String: Substitutions.Variable] = [:]
        for level in 0..<300 {
            let next = level + 1 < 300 ? "%#@v\(level + 1)@ %#@v\(level + 1)@" : "%d"
            variables["v\(level)"] = Substitutions.Variable(
                specifier: "d", argument: nil,
                variations: [("plural.one", next + " one"), ("plural.other", next + " other")])
        }
        let forms = try Substitutions.expand(LocalizedString(key: "chain", language: "en", text: "%#@v0@"), variables)
        #expect(forms.count <= Substitutions.maximumForms)
        #expect(forms.count > 0)
        #expect(forms.allSatisfy { $0.capNote?.contains("nested deeper than typefit expands") == true })
        #expect(forms.allSatisfy { $0.text.contains("%#@v") })
    }

    /// Variables naming each other in a circle (or one naming itself) are
    /// an error naming the circle, not an endless expansion.
    @Test func cyclesAreErrorsNamingThem() throws {
        #expect {
            _ = try read(HostileInputs.catalog(variables: 3, cycle: true))
        } throws: { error in
            "\(error)".contains("name each other in a cycle (v0 → v1 → v2 → v0)")
        }
        #expect {
            _ = try read(HostileInputs.catalog(variables: 1, cycle: true))
        } throws: { error in
            "\(error)".contains("(v0 → v0)")
        }
    }

    /// 2^40 values from a file of a few hundred bytes: refused at the cap,
    /// each shared object decoded once on the way.
    @Test func sharedReferencesAreCapped() throws {
        let bytes = HostileInputs.sharedReferencesPlist(levels: 40)
        #expect(bytes.count < 700)
        #expect {
            _ = try StringsFile.read(path: "Localizable.strings", bytes: bytes)
        } throws: { error in
            "\(error)".contains("shared references expand to more than \(BinaryPropertyList.maximumValues) values")
        }
        // Under the cap, sharing is read as the values it stands for.
        let small = try BinaryPropertyList.parse(HostileInputs.sharedReferencesPlist(levels: 3))
        guard case .dictionary(let members) = small.value, case .array(let level3) = members.first?.value.value,
            case .array(let level2) = level3.first?.value
        else {
            Issue.record("not the expected shape: \(small)")
            return
        }
        #expect(level3.count == 2 && level2.count == 2)
    }

    /// An offset table entry of 0xFFFFFFFFFFFFFFFF (read as `Int.max`) is
    /// an error at the end of the file, not an overflow trap (found by the
    /// text fuzzer).
    @Test func anOffsetAtTheLimitOfSixtyFourBitsIsAnError() {
        var plist = Array("bplist00".utf8) + [0x08]  // one object: false
        let table = plist.count
        plist += [UInt8](repeating: 0xFF, count: 8)  // its offset: 2^64 - 1
        plist += [0, 0, 0, 0, 0, 0, 8, 1]  // offsets 8 bytes, references 1
        for field in [1, 0, table] {  // count, top, offset table
            plist += (0..<8).map { UInt8(truncatingIfNeeded: field >> (8 * (7 - $0))) }
        }
        #expect {
            _ = try BinaryPropertyList.parse(plist)
        } throws: { error in
            guard let error = error as? SourceError else { return false }
            return "\(error)".contains("an object offset out of range") && error.position.column == plist.count + 1
        }
    }

    @Test func aSelfContainingArrayIsACycle() {
        #expect {
            _ = try BinaryPropertyList.parse(HostileInputs.selfContainingPlist())
        } throws: { error in
            "\(error)".contains("a reference cycle")
        }
    }

    /// A string of five million characters is measured as its first
    /// `maximumLength`, with a note.
    @Test func aHugeStringIsCutWithANote() throws {
        let strings = try StringsFile.read(
            path: "Localizable.strings",
            bytes: Array(("\"k\" = \"" + String(repeating: "a", count: 5_000_000) + "\";").utf8))
        #expect(strings.count == 1)
        #expect(strings[0].text.unicodeScalars.count == LocalizedString.maximumLength)
        #expect(strings[0].capNote?.contains("longer than \(LocalizedString.maximumLength) characters") == true)
    }
}
