/// Groups, sorts and filters faces. Pure: the registry hands it plain faces.
public enum FontCatalog {
    /// Families sorted as `UIFont.familyNames.sorted()` would be, but
    /// case-insensitively (ties broken by the exact spelling, so the order is
    /// total); faces within a family by weight, width, then upright before italic,
    /// then PostScript name, file and index, so output never depends on the
    /// order fontconfig happened to return.
    public static func families(from faces: [FontFace]) -> [FontFamily] {
        // Faces grouped by family with one hash per face; the distinct names
        // (a few hundred) sorted once, then each family's few faces: no
        // string compared or hashed again per face.
        var groupOf: [String: Int] = [:]
        // Room to spare: a lookup compares the name with every name met in
        // its probe sequence (a Dictionary keeps no hashes), and a non-ASCII
        // name is compared through Unicode normalization; a sparse table
        // leaves about one comparison per face.
        groupOf.reserveCapacity(faces.count)
        var groups: [[Int]] = []
        // A listing comes folder by folder, a family's faces mostly one
        // after another: a face of the previous face's family is grouped
        // with one comparison, without hashing its name.
        var previous: (family: String, group: Int)?
        for (i, face) in faces.enumerated() {
            if let previous, previous.family == face.family {
                groups[previous.group].append(i)
            } else if let group = groupOf[face.family] {
                groups[group].append(i)
                previous = (face.family, group)
            } else {
                groupOf[face.family] = groups.count
                previous = (face.family, groups.count)
                groups.append([i])
            }
        }
        let names = groupOf.map { (lower: $0.key.lowercased(), name: $0.key, group: $0.value) }
            .sorted { $0.lower < $1.lower || ($0.lower == $1.lower && $0.name < $1.name) }
        return names.map { entry in
            let members = sortedMembers(groups[entry.group], of: faces)
            var aliases: [String] = []
            // A family's faces mostly carry the same aliases (a CJK family
            // each of its five localized names): a list met before adds
            // nothing, found with one comparison per name instead of a
            // search of the collected ones per name.
            var lastAliases: [String] = []
            for face in members where face.familyAliases != lastAliases {
                lastAliases = face.familyAliases
                for alias in face.familyAliases where alias != entry.name && !aliases.contains(alias) {
                    aliases.append(alias)
                }
            }
            return FontFamily(name: entry.name, aliases: aliases.sorted(), faces: members)
        }
    }

    /// The faces at `members` in family order: weight, width (narrowest
    /// first), upright before italic, static before variable, then
    /// PostScript name, file and index. Each face is read once for its
    /// numbers (comparing faces directly read and retained two objects per
    /// comparison); names are compared only between faces equal in those.
    private static func sortedMembers(_ members: [Int], of faces: [FontFace]) -> [FontFace] {
        guard members.count > 1 else { return members.map { faces[$0] } }
        struct Entry {
            var weight: Int
            var width: Int
            /// Italic 2, variable 1: upright static first.
            var flags: Int
            var member: Int
        }
        let entries = members.map { i in
            let face = faces[i]
            return Entry(
                weight: face.weight ?? face.weightRange?.lowerBound ?? 400,
                width: face.width ?? face.widthRange?.lowerBound ?? 100,
                flags: (face.isItalic ? 2 : 0) | (face.isVariable ? 1 : 0), member: i)
        }
        return entries.sorted { a, b in
            if a.weight != b.weight { return a.weight < b.weight }
            if a.width != b.width { return a.width < b.width }
            if a.flags != b.flags { return a.flags < b.flags }
            let x = faces[a.member]
            let y = faces[b.member]
            if x.postscriptName != y.postscriptName { return (x.postscriptName ?? "") < (y.postscriptName ?? "") }
            if x.file != y.file { return x.file < y.file }
            return x.index < y.index
        }.map { faces[$0.member] }
    }

    /// Faces whose family (primary or alias) equals `name`, case-insensitively.
    public static func faces(_ faces: [FontFace], inFamily name: String) -> [FontFace] {
        let wanted = name.lowercased()
        return faces.filter { face in
            face.family.lowercased() == wanted || face.familyAliases.contains { $0.lowercased() == wanted }
        }
    }

    /// Faces whose PostScript name is exactly `name` (as `UIFont(name:)` wants it).
    public static func faces(_ faces: [FontFace], withPostScriptName name: String) -> [FontFace] {
        faces.filter { $0.postscriptName == name }
    }

    /// PostScript names that more than one face (of different files, or
    /// of one collection twice) carry, with the files, in name order. iOS
    /// registers one font per PostScript name: Apple's documentation of
    /// the Font payload says two fonts with the same PostScript name "are
    /// considered to be the same font even if their contents differ", and
    /// which one an app gets is not defined.
    /// Two named instances of one variable face that share a name (the
    /// default location's instance and the instance fontconfig lists at
    /// it) are one font, not a duplicate.
    public static func duplicatePostScriptNames(_ faces: [FontFace]) -> [(name: String, files: [String])] {
        var byName: [String: [String]] = [:]
        var seen = Set<String>()
        for face in faces {
            guard let name = face.postscriptName else { continue }
            let place = face.collectionIndex == 0 ? face.file : "\(face.file) (face \(face.collectionIndex))"
            guard seen.insert("\(name)\u{0}\(place)").inserted else { continue }
            byName[name, default: []].append(place)
        }
        return byName.filter { $0.value.count > 1 }.map { ($0.key, $0.value.sorted()) }.sorted { $0.name < $1.name }
    }

    /// Every family name and alias, for suggestions.
    public static func familyNames(_ faces: [FontFace]) -> [String] {
        var names = Set<String>()
        for face in faces {
            names.insert(face.family)
            names.formUnion(face.familyAliases)
        }
        return names.sorted()
    }

    /// Merges faces that are the same file reached through different paths.
    ///
    /// `identity` returns a file's identity (device and inode) or `nil` when it
    /// cannot be read; only faces that share family, PostScript name and index
    /// are asked, so a system with thousands of faces pays for a handful of
    /// `stat` calls. The kept path is the one `preferred` ranks first.
    ///
    /// `keys`, when given, are the faces' `duplicateKey`s, computed where
    /// each face was made: a cold listing's faces come from two cores, and
    /// reading each one again here (a cache miss and an atomic retain per
    /// face) cost more than the grouping itself.
    public static func mergingDuplicateFiles(
        _ faces: [FontFace], keys: [UInt64]? = nil, identity: (String) -> FileIdentity?,
        preferred: (String, String) -> Bool
    ) -> [FontFace] {
        var merged = faces
        mergeDuplicateFiles(&merged, keys: keys, identity: identity, preferred: preferred)
        return merged
    }

    /// `mergingDuplicateFiles` in place: the faces kept stay where they
    /// are, moved down over the ones merged away, never copied (a copy
    /// retains every face, an atomic operation on memory the core that
    /// named it wrote, and the list it replaces releases them all again).
    public static func mergeDuplicateFiles(
        _ faces: inout [FontFace], keys: [UInt64]? = nil, identity: (String) -> FileIdentity?,
        preferred: (String, String) -> Bool
    ) {
        let keys = keys ?? faces.map(duplicateKey)
        precondition(keys.count == faces.count, "one key per face")
        // Positions sorted by key: faces that may be one file are adjacent,
        // found without hashing a string or touching a face.
        let order = keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
        var replaced: [(Int, FontFace)] = []
        var drop: [Int] = []
        var runStart = 0
        while runStart < order.count {
            var runEnd = runStart + 1
            while runEnd < order.count, keys[order[runEnd]] == keys[order[runStart]] { runEnd += 1 }
            defer { runStart = runEnd }
            guard runEnd - runStart > 1 else { continue }
            // Equal numbers are almost always equal names; the names decide.
            var pending = Array(order[runStart..<runEnd])
            while let first = pending.first {
                var same: [Int] = []
                var others: [Int] = []
                for i in pending {
                    if Self.sameNames(faces[i], faces[first]) { same.append(i) } else { others.append(i) }
                }
                pending = others
                guard same.count > 1 else { continue }
                var byIdentity: [FileIdentity: [Int]] = [:]
                for i in same {
                    guard let id = identity(faces[i].file) else { continue }
                    byIdentity[id, default: []].append(i)
                }
                for (_, copies) in byIdentity where copies.count > 1 {
                    let ordered = copies.sorted { preferred(faces[$0].file, faces[$1].file) }
                    let keep = ordered[0]
                    var others = faces[keep].otherFiles
                    for other in ordered.dropFirst() {
                        others.append(faces[other].file)
                        others.append(contentsOf: faces[other].otherFiles)
                        drop.append(other)
                    }
                    replaced.append((keep, faces[keep].with(otherFiles: Array(Set(others)).sorted())))
                }
            }
        }
        guard !drop.isEmpty || !replaced.isEmpty else { return }
        for (i, face) in replaced { faces[i] = face }
        drop.sort()
        var kept = 0
        var next = 0
        faces.withUnsafeMutableBufferPointer { buffer in
            for i in buffer.indices {
                if next < drop.count, drop[next] == i {
                    next += 1
                    continue
                }
                buffer.swapAt(kept, i)
                kept += 1
            }
        }
        faces.removeLast(faces.count - kept)
    }

    /// The number `mergingDuplicateFiles` groups a face by: its PostScript
    /// name, index and family hashed (FNV-1a over their bytes). Faces of one
    /// file have the same; the names are compared before anything merges.
    public static func duplicateKey(_ face: FontFace) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        hash = face.postscriptName.map { fnv1a(hash, $0) } ?? fnv1a(hash, 0xFE)
        hash = fnv1a(hash, face.family)
        var index = UInt64(bitPattern: Int64(face.index))
        for _ in 0..<8 {
            hash = fnv1a(hash, UInt8(truncatingIfNeeded: index))
            index >>= 8
        }
        return hash
    }

    // The hash goes in and out by value: a nested function updating a
    // captured variable was checked for exclusive access at run time on
    // every byte (a listing's 2,699 keys: 2.6 M instructions, now 1.1 M).
    private static func fnv1a(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    private static func fnv1a(_ hash: UInt64, _ text: String) -> UInt64 {
        var text = text
        let mixed = text.withUTF8 { bytes in bytes.reduce(hash) { fnv1a($0, $1) } }
        // A separator no UTF-8 string contains: ("ab", "c") is not ("a", "bc").
        return fnv1a(mixed, 0xFF)
    }

    /// Whether two faces have the PostScript name, index and family that
    /// make them possibly one file.
    private static func sameNames(_ a: FontFace, _ b: FontFace) -> Bool {
        a.postscriptName == b.postscriptName && a.index == b.index && a.family == b.family
    }
}

/// What identifies a file whatever path reaches it.
public struct FileIdentity: Hashable, Sendable {
    /// The device number.
    public var device: UInt64
    /// The inode number.
    public var inode: UInt64

    /// Creates an identity.
    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

/// How `UIFont(name:size:)` finds a face by name. Apple's documentation of
/// `kCTFontNameAttribute` (the attribute `UIFont(name:)` sets): "the system
/// first tries to find fonts with this PostScript name. If none is found,
/// the system tries to find fonts with this family name, and, finally, if
/// still nothing, tries to find fonts with this display name" (the full
/// name, name ID 4). A family name gives the family's regular face: the
/// one nearest weight 400, upright, normal width. Names compare exactly.
public enum UIFontLookup {
    /// The name Core Text gives the named instance whose FreeType name
    /// (Adobe TechNote 5902: family and subfamily letters and digits, a
    /// hyphen between: `Inter-SemiBold`) is `name`, when an instance
    /// without a name of its own has it (`Inter_Semi-Bold`): fc-scan and
    /// font tools show the former, `UIFont(name:)` takes only the latter.
    public static func coreTextInstanceName(forFreeTypeName name: String, among faces: [FontFace]) -> String? {
        let keep: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber) }
        for face in faces where face.namedInstance != nil && face.postscriptNameSource == .synthesized {
            guard let coreText = face.postscriptName, let style = face.style else { continue }
            for family in [face.family] + face.familyAliases
            where family.filter(keep) + "-" + style.filter(keep) == name {
                return coreText
            }
        }
        return nil
    }

    /// Which name matched.
    public enum Rule: String, Sendable, Equatable {
        /// Name ID 6, exactly.
        case postScriptName
        /// A family name: the family's regular face.
        case familyName
        /// A full name (name ID 4; Apple's "display name").
        case fullName
    }

    /// A face found, and how.
    public struct Match: Sendable, Equatable {
        /// The face `UIFont(name:)` gives: its `fontName` is this face's
        /// PostScript name.
        public var face: FontFace
        /// Which name matched.
        public var rule: Rule

        /// Creates a match.
        public init(face: FontFace, rule: Rule) {
            self.face = face
            self.rule = rule
        }
    }

    /// The face `UIFont(name: name, size:)` would give among `faces`.
    public static func resolve(_ name: String, among faces: [FontFace]) -> Match? {
        if let face = faces.first(where: { $0.postscriptName == name }) {
            return Match(face: face, rule: .postScriptName)
        }
        let family = faces.filter { $0.family == name || $0.familyAliases.contains(name) }
        if let face = FaceMatching.nearest(to: 400, italic: false, width: 100, among: family) {
            return Match(face: face, rule: .familyName)
        }
        if let face = faces.first(where: { $0.fullName == name }) { return Match(face: face, rule: .fullName) }
        return nil
    }

    /// A note for a match by other than the PostScript name: what the app
    /// asked, what matched and the `fontName` it gets back.
    public static func note(_ name: String, _ match: Match) -> String? {
        let fontName = match.face.postscriptName.map { "'\($0)'" } ?? "(no PostScript name)"
        switch match.rule {
        case .postScriptName: return nil
        case .familyName:
            return "UIFont(name: \"\(name)\") finds the family '\(name)' (no face has that PostScript name): its "
                + "regular face, fontName \(fontName)"
        case .fullName:
            return "UIFont(name: \"\(name)\") finds the face whose full name is '\(name)' (no PostScript or "
                + "family name matches): fontName \(fontName)"
        }
    }
}
