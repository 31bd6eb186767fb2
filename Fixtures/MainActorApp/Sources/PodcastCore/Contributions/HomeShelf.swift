public import Strata

/// The signed-in home's shelf: each feature contributes one ``ShelfEntry`` to the session's
/// container, and the home gathers them, naming no feature.
public enum HomeShelf: MainActorContributionKey {
    /// One entry of the shelf.
    public typealias Element = ShelfEntry
}

/// One entry of the home's shelf: what it is called and what it opens.
public struct ShelfEntry: Sendable {
    /// The entry's title: `Library`.
    public var title: String
    /// What choosing it opens.
    public var destination: Destination

    /// Makes an entry.
    public init(title: String, opens destination: Destination) {
        self.title = title
        self.destination = destination
    }
}

/// A line each feature adds under the shelf, made by an awaited factory.
public enum ShelfNotes: AsyncContributionKey {
    /// One line.
    public typealias Element = String
}
