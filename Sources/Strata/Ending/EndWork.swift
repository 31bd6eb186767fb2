/// Work a container's end started: a task from
/// ``Container/task(priority:fileID:filePath:line:_:)``, an async hook from
/// ``Container/onEnd(fileID:filePath:line:_:)``, an ``AsyncScopeBound`` instance, or a child a
/// draining end waited for — named with the place it came from.
///
/// ``EndReport/overran`` lists the ones still running when the end reported: those
/// ``Container/endAndWait(within:draining:fileID:filePath:line:isolation:)`` stopped waiting
/// for, and those ``Container/end(fileID:filePath:line:)`` could not await.
///
/// ```swift
/// for work in report.overran { log("still running after sign-out: \(work)") }
/// // task started at SignedInContainer.swift:42 in SignedInContainer (session tier)
/// ```
public struct EndWork: Sendable, Hashable, CustomStringConvertible {
    /// Where the work came from; ``description`` says it.
    package enum Origin: Sendable, Hashable {
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

    /// Where the work came from.
    package let origin: Origin
    /// The container that started it; for a child a draining end stopped waiting for, the
    /// child: ``description`` names it.
    package let containerDescription: ContainerDescription
    /// Where the task was started or the hook registered, kept as it was given; `nil` for an
    /// instance, which its provider names.
    ///
    /// An awaited end names each async step it runs, and most are never shown, so the text
    /// is made only when read. Serves the "8 async end hooks" line of Benchmarks/README.md.
    package let site: SourceSite?

    init(origin: Origin, container: ContainerDescription, site: SourceSite?) {
        self.origin = origin
        self.containerDescription = container
        self.site = site
    }

    /// `task started at Sync.swift:12 in SignedInContainer (session tier)`.
    public var description: String {
        switch origin {
        case .task: "task started at \(site?.location ?? "?") in \(containerDescription)"
        case .hook: "onEnd hook registered at \(site?.location ?? "?") in \(containerDescription)"
        case .instance(let provider): "scopeDidEnd() of \(provider)"
        case .child: "\(containerDescription), still live when the drain's deadline passed"
        }
    }
}
