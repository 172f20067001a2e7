import Foundation
import Testing
import TypefitTestSupport

@testable import FontRegistry

/// The package a missing ICU is installed from: the runtime library's, of
/// the release `/etc/os-release` names (Debian's and Ubuntu's package
/// lists: libicu72 in bookworm, libicu76 in trixie, libicu74 in noble,
/// libicu70 in jammy), never the headers' `libicu-dev`.
@Suite struct ICUPackageTests {
    static func package(_ osRelease: String) throws -> String {
        let file = Fixtures.temporaryDirectory("os-release").appendingPathComponent("os-release")
        try osRelease.write(to: file, atomically: true, encoding: .utf8)
        return ICU.runtimePackage(osRelease: file.path)
    }

    @Test func theRuntimePackageOfEachRelease() throws {
        // The files as the images ship them (quoted and unquoted values).
        #expect(
            try Self.package("PRETTY_NAME=\"Debian GNU/Linux 13 (trixie)\"\nID=debian\nVERSION_ID=\"13\"\n")
                == "libicu76")
        #expect(try Self.package("ID=debian\nVERSION_ID=\"12\"\nVERSION_CODENAME=bookworm\n") == "libicu72")
        #expect(try Self.package("NAME=\"Ubuntu\"\nVERSION_ID=\"24.04\"\nID=ubuntu\nID_LIKE=debian\n") == "libicu74")
        #expect(try Self.package("ID=ubuntu\nVERSION_ID=\"22.04\"\n") == "libicu70")
        // Another release: the command that names its package.
        let other = try Self.package("ID=linuxmint\nVERSION_ID=\"22\"\nID_LIKE=\"ubuntu debian\"\n")
        #expect(other.hasPrefix("libicuNN (apt-cache search"))
        #expect(ICU.runtimePackage(osRelease: "/nonexistent/os-release").hasPrefix("libicuNN"))
    }
}
