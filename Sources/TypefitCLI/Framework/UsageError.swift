/// A command line that cannot be run as typed (exit status 64).
public struct UsageError: Error, Equatable, Sendable {
    /// What is wrong, in one line.
    public var message: String
    /// The subcommand it concerns, for the usage line; `nil` for the top
    /// level. The parser fills it in for errors thrown by a command.
    public var subcommand: String?

    /// Creates a usage error.
    public init(_ message: String, subcommand: String? = nil) {
        self.message = message
        self.subcommand = subcommand
    }
}
