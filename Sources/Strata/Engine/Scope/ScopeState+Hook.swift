extension ScopeState {
    /// A closure, an observer or a task to end at the end, with its place in creation order.
    package struct Hook {
        package enum Kind {
            /// A closure; it receives the scope's container if it is still alive.
            case closure(@Sendable ((any Container)?) -> Void)
            /// An async hook: awaited by `endAndWait`, started and not awaited by `end()`.
            case asyncClosure(AsyncHook)
            /// Held weakly: an ``EndObserver``.
            case observer(WeakReference)
            /// A task the container runs: stopped before the hooks, in the end's order.
            /// Held weakly, so that a finished task is not kept.
            /// A ``ScopedTask``.
            case task(WeakReference)
            /// A subscription tied to the container: held until the end or its cancellation.
            case subscription(Subscription)
        }

        let kind: Kind
        let order: Int

        /// A hook of `kind`, the `order`th thing its scope registered.
        package init(kind: Kind, order: Int) {
            self.kind = kind
            self.order = order
        }

        /// Whether it is a task, which step 4 stops before any hook runs.
        var isTask: Bool {
            if case .task = kind { true } else { false }
        }

        /// The task, if it is one and has not finished.
        var task: ScopedTask? {
            if case .task(let task) = kind { task.object(as: ScopedTask.self) } else { nil }
        }

        /// The observer, if it is one that presents children and is still there.
        var presenter: (any EndObserver)? {
            guard case .observer(let observer) = kind,
                let object = observer.object(as: (any EndObserver).self),
                object.presents
            else { return nil }
            return object
        }
    }
}

/// An async end hook and where it was registered.
package struct AsyncHook: Sendable {
    /// The work; it receives the scope's container if it is still alive when it starts.
    let body: @Sendable ((any Container)?) async -> Void
    package let site: SourceSite

    package init(body: @escaping @Sendable ((any Container)?) async -> Void, site: SourceSite) {
        self.body = body
        self.site = site
    }
}

/// Something that stops when a container ends: a subscription, a list of child containers.
package protocol EndObserver: AnyObject, Sendable {
    func scopeDidEnd()

    /// Whether it presents child containers of the scope it observes, whose end then ends
    /// them in ``presentedNewestFirst``'s order.
    var presents: Bool { get }

    /// The children it keeps, newest presented first: the order the scope's end ends them in,
    /// before its other children.
    var presentedNewestFirst: [ScopeCore] { get }
}

extension EndObserver {
    package var presents: Bool { false }
    package var presentedNewestFirst: [ScopeCore] { [] }
}
