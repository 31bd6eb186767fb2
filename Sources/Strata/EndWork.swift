/// Work a container's end started: a task from ``Container/task(priority:fileID:line:_:)``,
/// an async hook from ``Container/onEnd(fileID:line:_:)``, or an ``AsyncScopeBound``
/// instance — named with the place it came from.
///
/// ``EndReport/overran`` lists the ones ``Container/endAndWait(within:fileID:filePath:line:column:)`` stopped waiting
/// for; ``EndReport/notAwaited`` the ones ``Container/end(fileID:filePath:line:column:)`` could not await.
///
/// ```swift
/// for work in report.overran { log("still running after sign-out: \(work)") }
/// // task started at SignedInContainer.swift:42 in SignedInContainer (session tier)
/// ```
public struct EndWork: Sendable, Hashable, CustomStringConvertible {
    /// What kind of work it is.
    public enum Kind: Sendable, Hashable {
        /// A task started with ``Container/task(priority:fileID:line:_:)``.
        case task
        /// A closure given to ``Container/onEnd(fileID:line:_:)``.
        case hook
        /// The ``AsyncScopeBound/scopeDidEnd()`` of the instance this provider made.
        case instance(ProviderDescription)
    }

    /// What kind of work it is.
    public let kind: Kind
    /// The container that started it.
    public let container: ContainerDescription
    /// Where the task was started or the hook registered, as `File.swift:12`; `nil` for an
    /// instance, which its provider names.
    public let location: String?

    init(kind: Kind, container: ContainerDescription, site: SourceSite?) {
        self.kind = kind
        self.container = container
        self.location = site.map { "\($0.fileID):\($0.line)" }
    }

    /// `task started at Sync.swift:12 in SignedInContainer (session tier)`.
    public var description: String {
        switch kind {
        case .task: "task started at \(location ?? "?") in \(container)"
        case .hook: "onEnd hook registered at \(location ?? "?") in \(container)"
        case .instance(let provider): "scopeDidEnd() of \(provider)"
        }
    }
}

/// Where a task was started or a hook registered.
struct SourceSite: Sendable {
    let fileID: StaticString
    let line: UInt
}

/// Where a container's end was called: the place a leak check points at when something the
/// end released outlives it.
@usableFromInline
package struct EndSite: Sendable, Hashable {
    package let fileID: String
    package let filePath: String
    package let line: Int
    package let column: Int

    @usableFromInline
    init(fileID: String, filePath: String, line: Int, column: Int) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// A weak reference to any object, to tell later whether it is gone: a survivor's, and a
/// `weakShared` instance's in its container's entry.
// @unchecked: `object` is a `weak let`, set once, and the runtime loads a weak reference
// atomically; a `weakShared` instance is of a Sendable type, and a survivor's is only
// compared with nil.
final class WeakReference: @unchecked Sendable {
    weak let object: AnyObject?

    init(_ object: AnyObject) { self.object = object }
}
