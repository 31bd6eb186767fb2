public import Strata

/// What a screen opens below it: a feature's container, made under the screen's own when it
/// opens, and the place's name.
///
/// A feature describes one and hands it out — as a route's answer, in a ``ShelfEntry`` —
/// and the screen that shows it makes the container and ends it when it closes.
/// `nonisolated`, so that a route's handler, which runs on the caller's thread, can make one.
nonisolated public struct Destination: Sendable, CustomStringConvertible {
    /// Makes the child's container under the host's.
    public typealias Make = @MainActor @Sendable (_ host: any Container) -> any Container

    /// The place's name: `library`, `player`.
    public let name: String
    private let make: Make

    /// Describes a destination.
    public init(_ name: String, make: @escaping Make) {
        self.name = name
        self.make = make
    }

    /// Makes the child's container under `host`; the caller ends it when the child closes.
    @MainActor
    public func makeContainer(under host: some Container) -> any Container { make(host) }

    /// The name.
    public var description: String { name }
}
