import Synchronization

/// The least a hand-written container needs to keep the lifecycle guarantees of Strata's
/// tiers, with one instance and nothing else: the floor of the child lifecycle and memory
/// cases.
///
/// The containers subclass it, so each is one object: nothing apart for the scope, as there
/// is in Strata (a container is the app's class and holds its scope's core).
///
/// What it keeps, as Strata does:
/// - its one instance is made once, whichever thread asks first, and released at the end;
/// - after the end, a read fails;
/// - its parent's end ends it first, newest child first: the parent lists its live children,
///   weakly, since a child released without `end()` must be free to go;
/// - released without `end()`, it ends itself and leaves its parent's list.
///
/// What it leaves out: hooks, the survivors report, cycle detection, overrides, tracing,
/// names and the tree. A child that leaves its parent's list out of order leaves a hole that
/// is never compacted (the cases end children newest first).
// @unchecked: a class that is subclassed; its fields are constants, a Mutex and an atomic.
class GuardedContainer: @unchecked Sendable {
    private struct State {
        var isActive = true
        var instance: AnyObject?
        /// The instances after the first, for a container that makes more than one; empty,
        /// and no allocation, for one that does not.
        var others: [AnyObject?] = []
        var children: [Listed] = []
    }

    private struct Listed {
        /// `nil` once the child's deinit has begun: it ends itself.
        weak var container: GuardedContainer?
        /// `false` for the hole a child that left out of order leaves.
        var isListed = true
    }

    private let parent: GuardedContainer?
    private let state = Mutex(State())
    /// This container's index in its parent's list; written once, under the parent's lock.
    private let slot = Atomic<Int>(-1)

    init(parent: GuardedContainer?) {
        self.parent = parent
        parent?.adopt(self)
    }

    deinit { end() }

    private func adopt(_ child: GuardedContainer) {
        state.withLock { state in
            precondition(state.isActive, "a child made under an ended parent")
            child.slot.store(state.children.count, ordering: .relaxed)
            state.children.append(Listed(container: child))
        }
    }

    /// The instance, made by `make` on first use; `nil` once the container has ended.
    func shared<Instance: AnyObject>(_ make: () -> Instance) -> Instance? {
        state.withLock { state in
            guard state.isActive else { return nil }
            if let instance = state.instance { return unsafeDowncast(instance, to: Instance.self) }
            let made = make()
            state.instance = made
            return made
        }
    }

    /// The `slot`-th instance after the first, made by `make` on first use; `nil` once the
    /// container has ended.
    func shared<Instance: AnyObject>(slot: Int, _ make: () -> Instance) -> Instance? {
        state.withLock { state in
            guard state.isActive else { return nil }
            if slot < state.others.count, let instance = state.others[slot] {
                return unsafeDowncast(instance, to: Instance.self)
            }
            let made = make()
            if slot >= state.others.count {
                state.others += Array(repeating: nil, count: slot + 1 - state.others.count)
            }
            state.others[slot] = made
            return made
        }
    }

    /// The instance, if made and the container has not ended.
    var instance: AnyObject? { state.withLock { $0.instance } }

    /// Ends the live children, newest first, then releases the instance and leaves the
    /// parent's list; does nothing the second time.
    func end() {
        let taken = state.withLock {
            state -> (instance: AnyObject?, others: [AnyObject?], children: [Listed])? in
            guard state.isActive else { return nil }
            state.isActive = false
            defer { (state.instance, state.others, state.children) = (nil, [], []) }
            return (state.instance, state.others, state.children)
        }
        guard let taken else { return }
        for child in taken.children.reversed() { child.container?.end() }
        parent?.remove(self)
        // The instances are released here, outside the lock: a deinit may call back.
        withExtendedLifetime((taken.instance, taken.others)) {}
    }

    private func remove(_ child: GuardedContainer) {
        state.withLock { state in
            // An ended parent dropped its list whole.
            guard state.isActive else { return }
            let index = child.slot.load(ordering: .relaxed)
            if index == state.children.endIndex - 1 {
                state.children.removeLast()
                while state.children.last?.isListed == false {
                    state.children.removeLast()
                }
            } else {
                state.children[index] = Listed(container: nil, isListed: false)
            }
        }
    }
}

/// The app container, a ``GuardedContainer`` with no parent.
final class GuardedAppContainer: GuardedContainer, @unchecked Sendable {
    init() { super.init(parent: nil) }
}

/// An interaction container: one form and its draft.
final class GuardedFormContainer: GuardedContainer, @unchecked Sendable {
    init(parent: GuardedAppContainer) { super.init(parent: parent) }

    /// The draft, made once; traps after the end, as a Strata provider does.
    var draft: FormDraft {
        guard let draft = shared({ FormDraft() }) else {
            preconditionFailure("the guarded form has ended")
        }
        return draft
    }
}
