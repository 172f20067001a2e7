/// The modules a Gradle build's `settings.gradle` or `settings.gradle.kts`
/// includes, for `--strings` given a project root: `include ':app',
/// ':core:ui'` (Groovy) and `include(":app", ":core:ui")` (Kotlin), over
/// one line or several, each module path's folder (`:core:ui` is
/// `core/ui`), or the folder the settings give it (`project(':x')
/// .projectDir = file('libs/x')`, `new File(rootDir, 'libs/x')`,
/// Kotlin's `File(rootDir, "libs/x")`) where that folder is inside the
/// project (a settings file does not lead typefit out of the tree it is
/// given: such a module is not read). Comments are skipped; `includeBuild`
/// (another build) is not followed.
public enum GradleSettings {
    /// The settings files Gradle reads, in its order.
    public static let fileNames = ["settings.gradle.kts", "settings.gradle"]

    /// The most modules read from one settings file: past it the file is
    /// refused, never read in part (a project judged by some of its
    /// modules would pass with the others unread).
    public static let maximumModules = 1_000

    /// The folders, relative to the project root, of the modules `text`
    /// includes, in order, each once; more than `maximumModules` is an
    /// error at the first one past it.
    public static func modules(_ text: String) throws(SourceError) -> [String] {
        var modules: [String] = []
        var seen = Set<String>()
        var depth = 0
        var inInclude = false
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine)
            // A `//` comment's start (module paths hold no slashes).
            var previous: Character?
            for index in line.indices {
                if previous == "/" && line[index] == "/" {
                    line = line[..<line.index(before: index)]
                    break
                }
                previous = line[index]
            }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if !inInclude, trimmed.hasPrefix("include") {
                let rest = trimmed.dropFirst("include".count)
                guard let next = rest.first, next == " " || next == "\t" || next == "(" else { continue }
                inInclude = true
                depth = 0
            }
            guard inInclude else { continue }
            // The quoted module paths on the line, and whether the
            // statement goes on (an open parenthesis, or a trailing comma).
            var quote: Character?
            var current = ""
            var column = 0
            for character in line {
                column += 1
                if let open = quote {
                    if character == open {
                        quote = nil
                        let path = current.split(separator: ":").joined(separator: "/")
                        if current.hasPrefix(":") || !current.contains("/"), !path.isEmpty, !path.contains(".."),
                            seen.insert(path).inserted
                        {
                            guard modules.count < maximumModules else {
                                throw SourceError(
                                    SourcePosition(line: number + 1, column: column - current.count - 1),
                                    "includes more than \(maximumModules) modules, more than typefit reads from one "
                                        + "settings file: give the modules' folders to --strings instead")
                            }
                            modules.append(path)
                        }
                        current = ""
                    } else {
                        current.append(character)
                    }
                } else if character == "\"" || character == "'" {
                    quote = character
                } else if character == "(" {
                    depth += 1
                } else if character == ")" {
                    depth -= 1
                }
            }
            let ending = line.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.first
            if depth <= 0 && ending != "," { inInclude = false }
        }
        let folders = projectDirectories(text)
        return modules.compactMap { module in
            guard let given = folders[module] else { return module }
            return given
        }
    }

    /// Per module folder (`core/ui`), the folder its `projectDir` is set
    /// to, relative to the root; `nil` for one outside the project
    /// (absolute, or through `..`).
    static func projectDirectories(_ text: String) -> [String: String?] {
        guard text.contains("projectDir") else { return [:] }
        let assignment =
            #/project\(\s*["']([^"']+)["']\s*\)\s*\.projectDir\s*=\s*(?:file\(\s*["']([^"']+)["']\s*\)|(?:new\s+)?(?:java\.io\.)?File\(\s*(?:rootDir|settingsDir|rootProject\.projectDir)\s*,\s*["']([^"']+)["']\s*\))/#
        var folders: [String: String?] = [:]
        for line in text.split(separator: "\n") where line.contains("projectDir") {
            let code = line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line
            for match in code.matches(of: assignment) {
                let module = match.1.split(separator: ":").joined(separator: "/")
                guard let given = match.2 ?? match.3 else { continue }
                let parts = given.split(separator: "/").filter { $0 != "." }
                let inside = !given.hasPrefix("/") && !given.hasPrefix("~") && !parts.contains("..") && !parts.isEmpty
                folders[module] = inside ? parts.joined(separator: "/") : .some(nil)
            }
        }
        return folders
    }
}
