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

/// An instance with async work to finish when the container that made it ends: the async
/// counterpart of ``ScopeBound``.
///
/// ``Container/endAndWait(within:)`` awaits ``scopeDidEnd()`` in its place among the
/// container's hooks — reverse order of creation — up to its deadline, before it releases
/// the instance. ``Container/end()`` and the release of a container never ended cannot
/// await: they start it in a task of their own and list it in ``EndReport/notAwaited``.
///
/// ```swift
/// final class Journal: AsyncScopeBound {
///     func scopeDidEnd() async { await flushPendingWrites() }
/// }
/// ```
public protocol AsyncScopeBound: AnyObject, Sendable {
    /// Called once, when the container that made the instance ends.
    func scopeDidEnd() async
}

/// What ``Container/end()`` ended, and which instances outlived it.
public struct EndReport: Sendable, CustomStringConvertible {
    /// The containers ended by the call, in the order they ended: children before parents.
    public var ended: [ContainerDescription] { endedNames.descriptions }

    /// The containers ended, described only when ``ended`` is read.
    var endedNames = EndedNames()

    /// Instances the ended containers made that are still alive after they were released:
    /// kept by a retain cycle, a closure that captured them strongly, or a global.
    public internal(set) var survivors: [Survivor] {
        get { lists?.survivors ?? [] }
        set { writeLists { $0.survivors = newValue } }
    }

    /// The tasks and async hooks that ``Container/endAndWait(within:)`` stopped waiting for
    /// when its deadline passed, with where each was started or registered.
    ///
    /// Each was cancelled and may still be running; what it holds may show up in
    /// ``survivors``.
    public internal(set) var overran: [EndWork] {
        get { lists?.overran ?? [] }
        set { writeLists { $0.overran = newValue } }
    }

    /// The async hooks that ``Container/end()``, or the release of a container never ended,
    /// started and could not await: async ``Container/onEnd(fileID:line:_:)`` closures and
    /// ``AsyncScopeBound`` instances.
    ///
    /// Each runs in a task of its own; end with ``Container/endAndWait(within:)`` to await
    /// them.
    public internal(set) var notAwaited: [EndWork] {
        get { lists?.notAwaited ?? [] }
        set { writeLists { $0.notAwaited = newValue } }
    }

    /// The survivors and the unfinished work: empty in most reports, so `nil` until one is
    /// written, and a report of one quiet container is dropped without releasing three
    /// arrays.
    private var lists: Lists?

    private struct Lists {
        var survivors: [Survivor] = []
        var overran: [EndWork] = []
        var notAwaited: [EndWork] = []
    }

    /// Changes the lists in place: taken out first, so that an append copies no array.
    private mutating func writeLists(_ write: (inout Lists) -> Void) {
        var written = lists.take() ?? Lists()
        write(&written)
        lists = written
    }

    /// Lists work that ``Container/endAndWait(within:)`` stopped waiting for.
    mutating func addOverran(_ work: EndWork) { writeLists { $0.overran.append(work) } }

    /// Lists an async hook started and not awaited.
    mutating func addNotAwaited(_ work: EndWork) { writeLists { $0.notAwaited.append(work) } }

    /// An empty report: what a second `end()` returns.
    public init() {}

    mutating func absorb(_ other: EndReport) {
        // Most reports absorb into an empty one: take the other's as it is.
        guard !endedNames.isEmpty || lists != nil else {
            self = other
            return
        }
        endedNames.append(contentsOf: other.endedNames)
        guard let more = other.lists else { return }
        writeLists { lists in
            lists.survivors += more.survivors
            lists.overran += more.overran
            lists.notAwaited += more.notAwaited
        }
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
        if !overran.isEmpty {
            lines.append("\(overran.count) overran the deadline:")
            lines += overran.map { "  \($0)" }
        }
        if !notAwaited.isEmpty {
            lines.append("\(notAwaited.count) started and not awaited:")
            lines += notAwaited.map { "  \($0)" }
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
    /// The instance itself, held weakly, so that ``EndReport/recheck()`` can tell whether
    /// it is gone since.
    let reference: WeakReference

    init(provider: ProviderDescription, typeName: String, object: AnyObject) {
        self.provider = provider
        self.typeName = typeName
        self.object = ObjectIdentifier(object)
        self.reference = WeakReference(object)
    }

    /// Whether the instance is still alive.
    public var isAlive: Bool { reference.object != nil }

    /// Two survivors are equal when they name the same provider, type and instance.
    public static func == (lhs: Survivor, rhs: Survivor) -> Bool {
        lhs.provider == rhs.provider && lhs.typeName == rhs.typeName && lhs.object == rhs.object
    }

    /// Hashes the provider, the type name and the identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(provider)
        hasher.combine(typeName)
        hasher.combine(object)
    }

    /// `SignedInContainer.profileViewModel: ProfileViewModel is still alive`, with a hint.
    public var description: String {
        "\(provider): \(typeName) is still alive after \(provider.container.typeName) ended "
            + "(held by a retain cycle, a strong capture or a global)"
    }
}
