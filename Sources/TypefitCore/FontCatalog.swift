/// A family and its faces, as `UIFont.familyNames` and
/// `fontNames(forFamilyName:)` pair them.
public struct FontFamily: Sendable, Equatable {
    /// The primary family name.
    public var name: String
    /// Other names of the family's faces (legacy and localized names).
    public var aliases: [String]
    /// The faces, lightest first (see `FontCatalog`).
    public var faces: [FontFace]
}

/// Groups, sorts and filters faces. Pure: the registry hands it plain faces.
public enum FontCatalog {
    /// Families sorted as `UIFont.familyNames.sorted()` would be, but
    /// case-insensitively (ties broken by the exact spelling, so the order is
    /// total); faces within a family by weight, then upright before italic,
    /// then PostScript name, file and index, so output never depends on the
    /// order fontconfig happened to return.
    public static func families(from faces: [FontFace]) -> [FontFamily] {
        var groups: [String: [FontFace]] = [:]
        for face in faces { groups[face.family, default: []].append(face) }
        var families: [FontFamily] = []
        families.reserveCapacity(groups.count)
        for (name, members) in groups {
            var aliases: [String] = []
            var seen: Set<String> = [name]
            for face in members {
                for alias in face.familyAliases where seen.insert(alias).inserted { aliases.append(alias) }
            }
            aliases.sort()
            families.append(FontFamily(name: name, aliases: aliases, faces: members.sorted(by: faceOrder)))
        }
        let keyed = families.map { (key: $0.name.lowercased(), family: $0) }
        return keyed.sorted { a, b in
            a.key != b.key ? a.key < b.key : a.family.name < b.family.name
        }.map(\.family)
    }

    static func faceOrder(_ a: FontFace, _ b: FontFace) -> Bool {
        let wa = a.weight ?? a.weightRange?.lowerBound ?? 400
        let wb = b.weight ?? b.weightRange?.lowerBound ?? 400
        if wa != wb { return wa < wb }
        if a.isItalic != b.isItalic { return !a.isItalic }
        if a.isVariable != b.isVariable { return !a.isVariable }
        let pa = a.postscriptName ?? "", pb = b.postscriptName ?? ""
        if pa != pb { return pa < pb }
        if a.file != b.file { return a.file < b.file }
        return a.index < b.index
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
    public static func mergingDuplicateFiles(_ faces: [FontFace], identity: (String) -> FileIdentity?,
                                             preferred: (String, String) -> Bool) -> [FontFace] {
        struct Key: Hashable {
            var family: String
            var postscriptName: String?
            var index: Int
        }
        var buckets: [Key: [Int]] = [:]
        for (i, face) in faces.enumerated() {
            buckets[Key(family: face.family, postscriptName: face.postscriptName, index: face.index), default: []]
                .append(i)
        }
        var drop = Set<Int>()
        var result = faces
        for (_, members) in buckets where members.count > 1 {
            var byIdentity: [FileIdentity: [Int]] = [:]
            for i in members {
                guard let id = identity(faces[i].file) else { continue }
                byIdentity[id, default: []].append(i)
            }
            for (_, same) in byIdentity where same.count > 1 {
                let ordered = same.sorted { preferred(faces[$0].file, faces[$1].file) }
                let keep = ordered[0]
                var others = result[keep].otherFiles
                for other in ordered.dropFirst() {
                    others.append(faces[other].file)
                    others.append(contentsOf: faces[other].otherFiles)
                    drop.insert(other)
                }
                result[keep].otherFiles = Array(Set(others)).sorted()
            }
        }
        return drop.isEmpty ? result : result.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
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
