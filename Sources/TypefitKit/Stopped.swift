/// The one way library work stops: the run cannot go on, and why is the
/// error it recorded in the diagnostics it was given (`inout Diagnostics`,
/// which also carries its warnings and notes). Everything else a job finds
/// is a value or a diagnostic; nothing else is thrown.
public struct Stopped: Error, Sendable, Equatable {
    /// Creates the marker.
    public init() {}
}
