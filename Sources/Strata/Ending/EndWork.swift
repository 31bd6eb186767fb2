/// Work a container's end started: a task from
/// ``Container/task(priority:fileID:filePath:line:_:)``, an async hook from
/// ``Container/onEnd(fileID:filePath:line:_:)``, an ``AsyncScopeBound`` instance, or a child a
/// draining end waited for — named with the place it came from.
///
/// ``EndReport/overran`` lists the ones
/// ``Container/endAndWait(within:draining:fileID:filePath:line:isolation:)`` stopped waiting for;
/// ``EndReport/notAwaited`` the ones ``Container/end(fileID:filePath:line:)`` could not await.
///
/// ```swift
/// for work in report.overran { log("still running after sign-out: \(work)") }
/// // task started at SignedInContainer.swift:42 in SignedInContainer (session tier)
/// ```
public struct EndWork: Sendable, Hashable, CustomStringConvertible {
    /// What kind of work it is.
    ///
    /// A minor release may add a kind, as ``child`` was added. As for ``StrataError``, a
    /// `switch` that lists every case ends with `@unknown default`, so that such a release
    /// warns, "switch must be exhaustive", instead of breaking the build.
    public enum Kind: Sendable, Hashable {
        /// A task started with ``Container/task(priority:fileID:filePath:line:_:)``.
        case task
        /// A closure given to ``Container/onEnd(fileID:filePath:line:_:)``.
        case hook
        /// The ``AsyncScopeBound/scopeDidEnd()`` of the instance this provider made.
        case instance(ProviderDescription)
        /// A child container still live when a draining end's deadline passed: it was ended
        /// then, with its requests or uploads still running.
        case child
    }

    /// What kind of work it is.
    public let kind: Kind
    /// The container that started it; for a ``Kind/child``, the child.
    public let container: ContainerDescription
    /// Where the task was started or the hook registered, as `File.swift:12`; `nil` for an
    /// instance, which its provider names.
    public var location: String? { site?.location }

    /// The place, kept as it was given.
    ///
    /// An awaited end names each async step it runs, and most are never shown, so the text
    /// is made only when read. Serves the "8 async end hooks" line of Benchmarks/README.md.
    private let site: SourceSite?

    init(kind: Kind, container: ContainerDescription, site: SourceSite?) {
        self.kind = kind
        self.container = container
        self.site = site
    }

    /// `task started at Sync.swift:12 in SignedInContainer (session tier)`.
    public var description: String {
        switch kind {
        case .task: "task started at \(location ?? "?") in \(container)"
        case .hook: "onEnd hook registered at \(location ?? "?") in \(container)"
        case .instance(let provider): "scopeDidEnd() of \(provider)"
        case .child: "\(container), still live when the drain's deadline passed"
        }
    }
}
