import TypefitCore

/// A command's work, in one shape: a value built from what the command line
/// asked for, run once into a result. What it finds on the way (files it
/// cannot use, notes on how a result was made) goes into `diagnostics`; it
/// stops only by throwing `Stopped`, having said why there. `progress` is
/// told how far long work is (a front end's progress line; `nil` for none).
/// The front end renders the result in the format asked for.
public protocol Job: Sendable {
    /// What the work gives.
    associatedtype Result

    /// Does the work.
    func run(progress: (any ProgressReporting)?, diagnostics: inout Diagnostics) throws(Stopped) -> Result
}
