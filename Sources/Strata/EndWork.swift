/// Work a container's end started: a task from ``Container/task(priority:fileID:line:_:)``,
/// an async hook from ``Container/onEnd(fileID:line:_:)``, or an ``AsyncScopeBound``
/// instance — named with the place it came from.
///
/// ``EndReport/overran`` lists the ones ``Container/endAndWait(within:)`` stopped waiting
/// for; ``EndReport/notAwaited`` the ones ``Container/end()`` could not await.
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

extension EndReport {
    /// The report as it stands now: the same, with only the survivors that are still
    /// alive.
    ///
    /// An instance released a moment after the end — a view dismissed on the next turn of
    /// the run loop, a task that held it finishing — is a survivor in the report and gone
    /// from the recheck; a leak stays in both.
    ///
    /// ```swift
    /// let report = signedIn.end()
    /// await dismissViews()
    /// assert(report.recheck().survivors.isEmpty)
    /// ```
    ///
    /// - Returns: The report with the survivors that are still alive.
    public func recheck() -> EndReport {
        var report = self
        report.survivors.removeAll { !$0.isAlive }
        return report
    }

    /// Waits until every survivor is gone, or until `timeout` has passed, and returns the
    /// report as it stands then.
    ///
    /// It looks again every few milliseconds; it returns at once when there are no
    /// survivors.
    ///
    /// ```swift
    /// let report = await signedIn.endAndWait()
    /// let leaks = await report.recheck(within: .seconds(1)).survivors   // leaked, not late
    /// ```
    ///
    /// - Parameter timeout: How long to wait for the survivors to go.
    /// - Returns: The report with the survivors still alive at the end of the wait.
    public func recheck(within timeout: Duration) async -> EndReport {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var report = recheck()
        while !report.survivors.isEmpty, clock.now < deadline, !Task.isCancelled {
            try? await clock.sleep(for: .milliseconds(5))
            report = report.recheck()
        }
        return report
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
