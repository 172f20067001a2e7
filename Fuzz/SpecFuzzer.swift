// libFuzzer target: decoding a spec file from arbitrary bytes (JSON or a
// ScaledFont plist), then scaling it, as `typefit scale --spec` does; and the
// same bytes as the string files `typefit fit --strings` reads (.strings,
// .xcstrings, text). Built with TypefitCore's sources by `make fuzz`.

/// libFuzzer's entry point: one input, `size` bytes at `data`; returns 0,
/// as libFuzzer requires (-1 would keep the input out of the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for path in ["Fuzz.strings", "fr.lproj/Fuzz.strings", "Fuzz.xcstrings", "fuzz.txt"] {
        _ = try? StringsFile.read(path: path, bytes: bytes)
    }
    guard let decoded = try? DynamicFontSpec.decode(file: bytes) else { return 0 }
    // A spec that decodes must scale and render without trapping.
    let spec = decoded.spec
    let report = ScaleRequest(styles: spec.styles.map(\.style), subject: .spec(spec, name: "fuzz")).resolve()
    _ = report.json().serialized(pretty: false)
    _ = report.csv()
    _ = report.swiftSource(typeName: ScaleReport.swiftTypeName(for: spec.family))
    _ = SpecCheck.run(spec, faces: [:])
    return 0
}
