/// A line and column, both from 1; columns count Unicode scalars.
public struct SourcePosition: Sendable, Equatable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `LINE:COLUMN`.
    public var description: String { "\(line):\(column)" }
}

/// A problem in a document, at a position.
public struct SourceError: Error, Sendable, Equatable {
    /// Where the problem is.
    public var position: SourcePosition
    /// What was expected or what is wrong.
    public var message: String

    /// Creates an error.
    public init(_ position: SourcePosition, _ message: String) {
        self.position = position
        self.message = message
    }
}
