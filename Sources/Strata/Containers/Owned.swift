/// A container held by the code at the top of a tree — an app's root, a scene — that ends it
/// when the hold is let go.
///
/// A container released without an end ends itself, unless something it made keeps it: a
/// session whose coordinator keeps the screens' feature containers (``ContainerStack``),
/// each of which keeps its parent, the session. Let go of such a session, and nothing ends
/// it. Held through `Owned`, it ends when the hold goes, which ends the children and breaks
/// the cycle: everything is released.
///
/// ```swift
/// var session: Owned<SessionContainer>? = Owned(app.makeSession(for: user))
/// session?.container.coordinator().openLibrary()
/// session = nil   // ends the session, its screens' containers first
/// ```
public final class Owned<Wrapped: Container>: Sendable {
    /// The container held.
    public let container: Wrapped

    /// Holds `container` until this hold is let go, then ends it.
    ///
    /// - Parameter container: The container to hold.
    public init(_ container: Wrapped) { self.container = container }

    deinit { _ = container.boundCore.end(at: nil) }
}
