/// A command line that cannot be run as typed (exit status 64).
public struct UsageError: Error, Equatable, Sendable {
    /// What is wrong, in one line.
    public var message: String
    /// The subcommand it concerns, for the usage line; `nil` for the top level.
    public var subcommand: Subcommand?

    /// Creates a usage error.
    public init(_ message: String, subcommand: Subcommand? = nil) {
        self.message = message
        self.subcommand = subcommand
    }

    /// The three lines printed on stderr.
    public var rendered: String {
        let topic = subcommand.map { " \($0.rawValue)" } ?? ""
        return "Error: \(message)\n"
            + "Usage: \(Help.usage(subcommand))\n"
            + "  See 'typefit help\(topic)' for more information.\n"
    }
}
