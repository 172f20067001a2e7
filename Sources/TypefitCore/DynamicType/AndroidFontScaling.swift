/// Android's font scaling, as the framework's
/// `android.content.res.FontScaleConverterFactory` and
/// `FontScaleConverterImpl` compute it, in 32-bit float as they do: linear
/// up to Android 13; from Android 14 non-linear lookup tables keyed by
/// `(int)(fontScale * 100f)`, interpolated between neighbouring tables, and
/// linear below the first table's key less a margin.
///
/// Android 14 ships tables for 1.15, 1.3, 1.5, 1.8 and 2.0 and starts
/// non-linear scaling at 1.15 − 0.02 = 1.13; Android 15 adds 1.05, 1.1 and
/// 1.2 and starts at (int)(1.05f × 100f) ÷ 100 − 0.01 = 1.03 (the key is 104
/// in float). Later versions use Android 15's until a change is known.
public enum AndroidFontScaling {
    /// The newest Android version whose tables typefit knows (the default).
    public static let newestKnownVersion = 15

    /// The sp points of every table.
    static let fromSp: [Float] = [8, 10, 12, 14, 18, 20, 24, 30, 100]

    /// The tables as Android 14 ships them: font scale → dp at `fromSp`.
    static let android14: [(scale: Float, toDp: [Float])] = [
        (1.15, [9.2, 11.5, 13.8, 16.4, 19.8, 21.8, 25.2, 30, 100]),
        (1.3, [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100]),
        (1.5, [12, 15, 18, 22, 24, 26, 28, 30, 100]),
        (1.8, [14.4, 18, 21.6, 24.4, 27.6, 30.8, 32.8, 34.8, 100]),
        (2.0, [16, 20, 24, 26, 30, 34, 36, 38, 100]),
    ]

    /// Android 15's: Android 14's with 1.05, 1.1 and 1.2 added.
    static let android15: [(scale: Float, toDp: [Float])] =
        [
            (1.05, [8.4, 10.5, 12.6, 14.8, 18.6, 20.6, 24.4, 30, 100]),
            (1.1, [8.8, 11, 13.2, 15.6, 19.2, 21.2, 24.8, 30, 100]),
            (1.2, [9.6, 12, 14.4, 17.2, 20.4, 22.4, 25.6, 30, 100]),
        ] + android14

    /// How a version scales text.
    public enum Model: Sendable, Equatable {
        /// sp × font scale (Android 13 and earlier).
        case linear
        /// The lookup tables of this version (14 or 15).
        case nonLinear(tablesOf: Int)

        /// The name printed in output: `linear`, `android14-nonlinear`, `android15-nonlinear`.
        public var name: String {
            switch self {
            case .linear: return "linear"
            case .nonLinear(let version): return "android\(version)-nonlinear"
            }
        }
    }

    /// The model of an Android version.
    public static func model(androidVersion: Int) -> Model {
        if androidVersion < 14 { return .linear }
        return .nonLinear(tablesOf: androidVersion >= 15 ? 15 : 14)
    }

    /// Where the numbers come from, for the output's `source`.
    public static func source(androidVersion: Int) -> String {
        switch model(androidVersion: androidVersion) {
        case .linear:
            return "Android \(androidVersion): linear font scaling (sp × font scale)"
        case .nonLinear(let tables):
            return "AOSP FontScaleConverterFactory, Android \(tables) tables"
                + (androidVersion > tables ? " (the newest known; used for Android \(androidVersion))" : "")
        }
    }

    /// The tables of a version, sorted by key, as `(key, dp)`.
    static func tables(ofVersion version: Int) -> [(key: Int, toDp: [Float])] {
        (version >= 15 ? android15 : android14).map { (key($0.scale), $0.toDp) }.sorted { $0.key < $1.key }
    }

    /// `(int)(100f * fontScale)`: the float product truncated, as Java's
    /// cast does (1.05 gives 104).
    public static func key(_ fontScale: Float) -> Int {
        let product = Float(100) * fontScale
        guard product.isFinite, abs(product) < Float(Int32.max) else {
            return product < 0 ? Int(Int32.min) : Int(Int32.max)
        }
        return Int(product)
    }

    /// The font scale below which a version scales linearly: the first
    /// table's key ÷ 100, less 0.02 (Android 14) or 0.01 (Android 15), in
    /// float; `nil` for linear versions.
    public static func minimumNonLinearScale(androidVersion: Int) -> Float? {
        guard case .nonLinear(let version) = model(androidVersion: androidVersion),
            let first = tables(ofVersion: version).first
        else { return nil }
        return Float(first.key) / Float(100) - (version >= 15 ? Float(0.01) : Float(0.02))
    }

    /// `sp` at `fontScale`, in dp, as the framework converts it.
    public static func dp(_ sp: Double, fontScale: Double, androidVersion: Int = newestKnownVersion) -> Double {
        let scale = Float(fontScale)
        let value = Float(sp)
        guard let converter = converter(fontScale: scale, androidVersion: androidVersion) else {
            // No converter: TypedValue multiplies by scaledDensity.
            return decimal(value * scale)
        }
        return decimal(convert(value, from: converter.fromSp, to: converter.toDp))
    }

    /// A float as the shortest decimal that reads back as it (what Java
    /// prints: 20.2, not 20.200000762939453).
    static func decimal(_ value: Float) -> Double {
        Double("\(value)") ?? Double(value)
    }

    /// `FontScaleConverterFactory.forScale`: the table for the key, else one
    /// interpolated between the neighbouring tables, else (outside them) the
    /// linear one-point table `[1] → [fontScale]`; `nil` below the
    /// threshold.
    static func converter(fontScale: Float, androidVersion: Int) -> (fromSp: [Float], toDp: [Float])? {
        guard let threshold = minimumNonLinearScale(androidVersion: androidVersion), fontScale >= threshold,
            case .nonLinear(let version) = model(androidVersion: androidVersion)
        else { return nil }
        let tables = tables(ofVersion: version)
        let wanted = key(fontScale)
        if let exact = tables.first(where: { $0.key == wanted }) { return (fromSp, exact.toDp) }
        guard let higher = tables.firstIndex(where: { $0.key > wanted }), higher > 0 else {
            return ([1], [fontScale])
        }
        let low = tables[higher - 1]
        let high = tables[higher]
        let startScale = Float(low.key) / Float(100)
        let endScale = Float(high.key) / Float(100)
        let point = constrainedMap(0, 1, startScale, endScale, fontScale)
        let dp = fromSp.map { sp in
            lerp(convert(sp, from: fromSp, to: low.toDp), convert(sp, from: fromSp, to: high.toDp), point)
        }
        return (fromSp, dp)
    }

    /// `FontScaleConverterImpl.convertSpToDp`: exact points, linear between
    /// them, from (0, 0) below the first, at the last point's ratio above
    /// the last.
    static func convert(_ sp: Float, from fromSp: [Float], to toDp: [Float]) -> Float {
        let magnitude = abs(sp)
        let sign: Float = sp < 0 ? -1 : (sp > 0 ? 1 : 0)
        if let exact = fromSp.firstIndex(of: magnitude) { return sign * toDp[exact] }
        let lower = (fromSp.lastIndex { $0 < magnitude }).map { $0 } ?? -1
        if lower >= fromSp.count - 1 {
            let last = fromSp.count - 1
            guard fromSp[last] != 0 else { return 0 }
            return sp * (toDp[last] / fromSp[last])
        }
        let (startSp, startDp) = lower == -1 ? (Float(0), Float(0)) : (fromSp[lower], toDp[lower])
        return sign * constrainedMap(startDp, toDp[lower + 1], startSp, fromSp[lower + 1], magnitude)
    }

    /// `MathUtils.lerp`.
    static func lerp(_ start: Float, _ stop: Float, _ amount: Float) -> Float {
        start + (stop - start) * amount
    }

    /// `MathUtils.constrainedMap`: `value`'s position between `valueMin`
    /// and `valueMax` (clamped to 0…1) applied between `rangeMin` and
    /// `rangeMax`.
    static func constrainedMap(
        _ rangeMin: Float, _ rangeMax: Float, _ valueMin: Float, _ valueMax: Float, _ value: Float
    ) -> Float {
        let inverse = valueMin != valueMax ? (value - valueMin) / (valueMax - valueMin) : 0
        return lerp(rangeMin, rangeMax, min(max(inverse, 0), 1))
    }
}
