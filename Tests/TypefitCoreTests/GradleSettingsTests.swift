import Testing

@testable import TypefitCore

/// The modules a `settings.gradle(.kts)` includes, as Gradle's `include`
/// reads them (a module path `:a:b` is the folder `a/b`), in the forms real
/// projects write: Tusky's Groovy `include ':app'` beside
/// `includeGroupByRegex`, NewPipe's `include (":app")`, several paths to a
/// call, a call over several lines, comments, `includeBuild`.
@Suite struct GradleSettingsTests {
    @Test func includedModules() throws {
        let groovy = """
            pluginManagement { repositories { google { content { includeGroupByRegex(".*google.*") } } } }
            rootProject.name = 'Tusky'
            include ':app', ':core:ui'
            // include ':old'
            includeBuild 'build-logic'
            """
        #expect(try GradleSettings.modules(groovy) == ["app", "core/ui"])
        let kotlin = """
            include (":app")
            include(
                ":feature:search", // the search screen
                ":lib"
            )
            include(":app")
            """
        #expect(try GradleSettings.modules(kotlin) == ["app", "feature/search", "lib"])
        #expect(try GradleSettings.modules("include 'app'\ninclude \"../outside\"") == ["app"])
        #expect(try GradleSettings.modules("") == [])
    }

    /// A module given another folder (Gradle's `ProjectDescriptor
    /// .projectDir`, set in the settings as Firefox's and K-9's are) is
    /// read there; a folder outside the project is not followed (the module
    /// is not read), nor is a commented-out assignment.
    @Test func aModuleGivenAnotherFolderIsReadThere() throws {
        let groovy = """
            include ':app', ':ui', ':common', ':old'
            project(':ui').projectDir = new File(rootDir, 'libs/ui-kit')
            project(':common').projectDir = file('../common')
            // project(':old').projectDir = file('legacy/old')
            """
        #expect(try GradleSettings.modules(groovy) == ["app", "libs/ui-kit", "old"])
        let kotlin = """
            include(":app", ":core:design")
            project(":core:design").projectDir = file("./design-system/android")
            """
        #expect(try GradleSettings.modules(kotlin) == ["app", "design-system/android"])
        #expect(try GradleSettings.modules("include ':a'\nproject(':a').projectDir = file('/etc')") == [])
    }

    /// A file past the cap is refused at the module past it, not read in
    /// part; repeats do not count.
    @Test func moreModulesThanTheCapAreAnError() throws {
        let cap = GradleSettings.maximumModules
        let atCap = (1...cap).map { "include ':m\($0)'" }.joined(separator: "\n") + "\ninclude ':m1'"
        #expect(try GradleSettings.modules(atCap).count == cap)
        #expect {
            try GradleSettings.modules(atCap + "\n  include ':extra'")
        } throws: { error in
            (error as? SourceError)?.position == SourcePosition(line: cap + 2, column: 11)
        }
    }
}
