import Testing

@testable import TypefitCore

/// The modules a `settings.gradle(.kts)` includes, as Gradle's `include`
/// reads them (a module path `:a:b` is the folder `a/b`), in the forms real
/// projects write: Tusky's Groovy `include ':app'` beside
/// `includeGroupByRegex`, NewPipe's `include (":app")`, several paths to a
/// call, a call over several lines, comments, `includeBuild`.
@Suite struct GradleSettingsTests {
    @Test func includedModules() {
        let groovy = """
            pluginManagement { repositories { google { content { includeGroupByRegex(".*google.*") } } } }
            rootProject.name = 'Tusky'
            include ':app', ':core:ui'
            // include ':old'
            includeBuild 'build-logic'
            """
        #expect(GradleSettings.modules(groovy) == ["app", "core/ui"])
        let kotlin = """
            include (":app")
            include(
                ":feature:search", // the search screen
                ":lib"
            )
            include(":app")
            """
        #expect(GradleSettings.modules(kotlin) == ["app", "feature/search", "lib"])
        #expect(GradleSettings.modules("include 'app'\ninclude \"../outside\"") == ["app"])
        #expect(GradleSettings.modules("") == [])
    }
}
