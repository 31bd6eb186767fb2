public import Strata

/// What a screen opens below it: a child container, made under the screen's own when the
/// destination opens, and the name its place goes by.
///
/// A feature describes a destination and hands it out — as the answer to a route such as
/// ``ContactSupport``, in a ``HomeEntry``, or from a provider of its own — and the screen
/// that shows it makes the child's container, shows it, and ends it when it closes. So every
/// child opens one way, whoever describes it, and whoever describes it never sees the
/// screen.
///
/// Two destinations with the same ``name`` are the same place: a view model's status that
/// holds one compares by name.
///
/// ```swift
/// // The profile describes its edit-name form:
/// Destination("editName") { host, onClose in
///     EditNameFormContainer(parent: host, user: user, sessionRepository: store, onClose: onClose)
/// }
///
/// // The screen opens it under its own container, and ends it when the form closes:
/// let form = destination.makeContainer(under: profile, onClose: { viewModel.finish() })
/// ```
public struct Destination: Sendable, Hashable, CustomStringConvertible {
    /// Makes the child's container under the host's, with what to call when the child
    /// closes.
    public typealias Make =
        @MainActor @Sendable (
            _ host: any Container, _ onClose: @escaping @MainActor @Sendable () -> Void
        ) -> any Container

    /// The place's name, one word: `editName`, `contactSupport`, `profile`.
    ///
    /// A console shows it in its prompt, after the host's place: `home/profile/editName`.
    public let name: String
    private let make: Make

    /// Describes a destination.
    ///
    /// - Parameters:
    ///   - name: The place's name, one word.
    ///   - make: Makes the child's container under the host's — the container of the screen
    ///     that opens it — and hands it `onClose`, to call when the child closes.
    public init(_ name: String, make: @escaping Make) {
        self.name = name
        self.make = make
    }

    /// Makes the child's container under `host`.
    ///
    /// The caller owns the container: it shows it, and ends it once the child has closed.
    ///
    /// - Parameters:
    ///   - host: The container of the screen that opens the child.
    ///   - onClose: Called on the main actor when the child closes: a form sent or left, a
    ///     feature left.
    /// - Returns: The child's container.
    @MainActor
    public func makeContainer(
        under host: some Container, onClose: @escaping @MainActor @Sendable () -> Void
    ) -> any Container {
        make(host, onClose)
    }

    /// The name.
    public var description: String { name }

    /// Whether both are the same place: they have the same name.
    public static func == (lhs: Destination, rhs: Destination) -> Bool { lhs.name == rhs.name }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
