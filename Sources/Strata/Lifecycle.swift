/// An instance that wants to know when the container that made it ends.
///
/// A container calls ``scopeDidEnd()`` on each of its `shared` and `weakShared` instances
/// that conforms, in reverse order of creation, after its children have ended and before it
/// releases them.
///
/// A container released without ``Container/end()`` ends itself and calls it too — at once, if
/// nothing kept the container past the expression that resolved the instance:
/// `list.makeEditor(for: note).viewModel()` returns an instance that has already been told.
///
/// ```swift
/// final class Uploader: ScopeBound {
///     func scopeDidEnd() { cancelAll() }
/// }
/// ```
public protocol ScopeBound: AnyObject, Sendable {
    /// Called once, when the container that made the instance ends.
    func scopeDidEnd()
}

/// What ``Container/end()`` ended, and which instances outlived it.
public struct EndReport: Sendable, CustomStringConvertible {
    /// The containers ended by the call, in the order they ended: children before parents.
    public internal(set) var ended: [ContainerDescription] = []

    /// Instances the ended containers made that are still alive after they were released:
    /// kept by a retain cycle, a closure that captured them strongly, or a global.
    public internal(set) var survivors: [Survivor] = []

    /// An empty report: what a second `end()` returns.
    public init() {}

    mutating func absorb(_ other: EndReport) {
        ended += other.ended
        survivors += other.survivors
    }

    /// One line per ended container and per survivor.
    public var description: String {
        var lines = [
            "ended \(ended.count) container(s): "
                + ended.map(\.typeName).joined(separator: ", ")
        ]
        if survivors.isEmpty {
            lines.append("no survivors")
        } else {
            lines.append("\(survivors.count) survivor(s):")
            lines += survivors.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}

/// An instance still alive after the container that made it ended and released it.
public struct Survivor: Sendable, Hashable, CustomStringConvertible {
    /// The provider that made the instance.
    public let provider: ProviderDescription
    /// The instance's type name.
    public let typeName: String
    /// The instance's identity, to compare with an instance a test holds.
    public let object: ObjectIdentifier

    /// `SignedInContainer.profileViewModel: ProfileViewModel is still alive`, with a hint.
    public var description: String {
        "\(provider): \(typeName) is still alive after \(provider.container.typeName) ended "
            + "(held by a retain cycle, a strong capture or a global)"
    }
}
