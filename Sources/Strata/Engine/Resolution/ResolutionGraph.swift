/// The instances of `graph` providers made during one top-level resolution: one per provider,
/// that is per container and key.
///
/// A synchronous top-level resolution keeps its graph on the thread's ``ResolutionStack``,
/// made when the first `graph` provider needs it and dropped when the outermost frame pops,
/// also when the resolution throws. An async construction cannot keep it there: its factory
/// may resume on another thread after every `await`. So it carries its graph in the
/// task-local ``AsyncResolution/graph``, and a synchronous resolution that finds no graph on
/// its thread joins that one. Two top-level resolutions never share a graph, whichever
/// threads they run on.
///
/// Locked, because an async factory's child tasks may resolve graph providers at once; the
/// first instance stored is the one the whole graph gets.
@usableFromInline
final class ResolutionGraph: Sendable {
    private struct Key: Hashable {
        let core: ObjectIdentifier
        let key: ProviderKey
    }

    private struct Made {
        /// Kept so that the container's identifier names no other container while the graph
        /// lives.
        let core: ScopeCore
        let instance: Instance
    }

    private let instances = Lock<[Key: Made]>([:])

    init() {}

    /// The instance `frame`'s provider made in this graph, if it made one.
    func instance(for frame: Frame) -> Instance? {
        let key = Key(core: ObjectIdentifier(frame.core), key: frame.key)
        return instances.withLock { $0[key]?.instance }
    }

    /// Keeps `instance` as `frame`'s provider's instance in this graph, unless another
    /// resolution of the graph stored one first.
    ///
    /// - Returns: The instance the graph keeps.
    func keep(_ instance: Instance, for frame: Frame) -> Instance {
        let key = Key(core: ObjectIdentifier(frame.core), key: frame.key)
        return instances.withLock { instances in
            if let kept = instances[key] { return kept.instance }
            instances[key] = Made(core: frame.core, instance: instance)
            return instance
        }
    }
}

extension ResolutionStack {
    /// The graph of the top-level resolution this thread runs: its own, or when it has none
    /// yet, the one of the async construction it runs for, or a new one.
    ///
    /// Only `graph` resolutions ask, so only they read the task-local value.
    func joinGraph() -> ResolutionGraph {
        if let graph { return graph }
        let joined = AsyncResolution.graph ?? ResolutionGraph()
        graph = joined
        return joined
    }
}
