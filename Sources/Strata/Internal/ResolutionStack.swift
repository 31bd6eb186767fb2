#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One provider being resolved: which container, which provider.
@usableFromInline
package struct Frame: Sendable {
    @usableFromInline let core: ScopeCore
    @usableFromInline let key: ProviderKey
    @usableFromInline let site: ProviderSite

    @inlinable
    package init(core: ScopeCore, key: ProviderKey, site: ProviderSite) {
        self.core = core
        self.key = key
        self.site = site
    }

    var provider: ProviderDescription {
        ProviderDescription(container: core.containerDescription, name: site.displayName)
    }

    @inlinable
    func isSameProvider(as other: Frame) -> Bool {
        core === other.core && key == other.key
    }
}

/// The providers a thread is resolving right now, innermost last.
///
/// Synchronous factories never suspend, so a thread's pushes and pops always pair up even
/// when tasks share the thread; that makes a thread-local stack safe and far cheaper than a
/// task-local one on the path every `unique` resolution takes. Async factories keep their
/// own stack in ``AsyncResolution``.
@usableFromInline
final class ResolutionStack {
    // Thread-local, so never accessed from two threads: no dynamic exclusivity check.
    @exclusivity(unchecked) @usableFromInline var frames: [Frame] = []
    /// The instances of `graph` providers in the top-level resolution this thread runs;
    /// `nil` until one is resolved, and again once the outermost frame pops.
    @exclusivity(unchecked) @usableFromInline var graph: ResolutionGraph?

    /// This thread's stack, made on first use and freed when the thread exits.
    @usableFromInline
    static var current: ResolutionStack {
        if let raw = pthread_getspecific(threadKey) {
            return Unmanaged<ResolutionStack>.fromOpaque(raw).takeUnretainedValue()
        }
        let stack = ResolutionStack()
        pthread_setspecific(threadKey, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }

    /// Identifies this thread in the wait graph while it blocks on another thread's
    /// construction.
    var agent: Agent { .thread(ObjectIdentifier(self)) }

    /// Pushes `frame`, or throws the cycle it would close.
    @inlinable
    func push(_ frame: Frame) throws(StrataError) {
        if let start = frames.firstIndex(where: { $0.isSameProvider(as: frame) }) {
            throw .cycle(path: cyclePath(from: start, closingWith: frame))
        }
        frames.append(frame)
    }

    @inlinable
    func pop() {
        frames.removeLast()
        // The outermost frame ends the top-level resolution, and its graph with it.
        if graph != nil, frames.isEmpty { graph = nil }
    }

    @usableFromInline
    func cyclePath(from start: Int, closingWith frame: Frame) -> [ProviderDescription] {
        frames[start...].map(\.provider) + [frame.provider]
    }
}

private func releaseStack(_ raw: UnsafeMutableRawPointer?) {
    guard let raw else { return }
    Unmanaged<ResolutionStack>.fromOpaque(raw).release()
}

private let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
        let status = pthread_key_create(&key) { releaseStack($0) }
    #else
        let status = pthread_key_create(&key) { releaseStack($0) }
    #endif
    precondition(status == 0, "Strata: the thread-local resolution stack could not be created")
    return key
}()

/// The stack and identity of an async construction, carried by task-local values so that
/// an async factory awaiting another async provider is checked for cycles too.
enum AsyncResolution {
    @TaskLocal static var frames: [Frame] = []
    /// The async construction the current task is running, if any.
    @TaskLocal static var agent: Agent?
    /// The graph of the async top-level resolution the current task is part of, if any.
    @TaskLocal static var graph: ResolutionGraph?
}
