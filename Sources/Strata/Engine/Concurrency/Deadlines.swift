/// One timer for every deadline an awaited end waits on, and for the judgements a
/// ``LeakWatcher`` schedules: a wait registers its deadline and withdraws it when what it
/// waits for comes first; a watcher registers an action to run when its next batch is due.
///
/// Kept for the "request" lines of Benchmarks/README.md: a deadline raced by a child task
/// cost each awaited wait a task group of two tasks and a sleep, more than the request's
/// whole budget over the hand-written one. Here a wait costs a registration in a heap and
/// its withdrawal; the timer's one task sleeps until the earliest deadline, and is
/// started anew only when a deadline comes before the one it sleeps to (most deadlines are
/// "ten seconds from now", each later than the last) or when it has none left.
enum Deadlines {
    /// Whom to stop at a deadline: a one-shot's awaiting task.
    private struct Registration {
        let deadline: ContinuousClock.Instant
        let core: OneShotCore
        let number: Int

        func fire() { core.stopWaiting(number) }
    }

    /// What to run at a deadline, on the timer's task: a leak watcher's batch falling due.
    private struct Action {
        let deadline: ContinuousClock.Instant
        let run: @Sendable () -> Void
    }

    private struct State {
        var registrations: [UInt64: Registration] = [:]
        /// Kept apart from the waits, so that a wait's registration stays as small as it is.
        var actions: [UInt64: Action] = [:]
        /// The deadlines by time; withdrawn ones stay until they come up or the heap is
        /// rebuilt, which happens when they outnumber the live ones.
        var heap = DeadlineHeap()
        var nextID: UInt64 = 0
        /// The deadline the timer sleeps until, while it runs.
        var wake: ContinuousClock.Instant?
        /// Which timer is the current one: a timer woken early for an earlier deadline is
        /// replaced, and one that finds itself replaced exits.
        var generation: UInt64 = 0
        var timer: Task<Void, Never>?
    }

    private static let state = Lock(State())

    /// Stops `core`'s awaiting task `number` once `deadline` passes, unless
    /// ``withdraw(_:)`` comes first; at once, here, if it has passed.
    ///
    /// A one-shot and a number rather than a closure: a registration allocates nothing (for
    /// the "8 async end hooks" line, measured with the changes ``Resumption`` lists).
    ///
    /// - Returns: The registration, to withdraw; `nil` when the task was stopped here.
    static func at(
        _ deadline: ContinuousClock.Instant, stopping core: OneShotCore, _ number: Int
    ) -> UInt64? {
        let registration = Registration(deadline: deadline, core: core, number: number)
        #if STRATA_EXPLORER
            // In the explorer's build a deadline passes when the explorer says; one more than
            // an hour away never does.
            if Interleavings.isExploring {
                guard deadline < .now.advanced(by: .seconds(3600)) else { return nil }
                return Interleavings.deadline { registration.fire() }
            }
        #endif
        guard deadline > .now else {
            registration.fire()
            return nil
        }
        return register(deadline) { $0.registrations[$1] = registration }
    }

    /// Runs `action` on the timer's task once `deadline` passes; at once, here, if it has.
    ///
    /// It cannot be withdrawn; it must be short and must not block, since every later
    /// deadline waits for it.
    static func at(_ deadline: ContinuousClock.Instant, run action: @escaping @Sendable () -> Void)
    {
        guard deadline > .now else { return action() }
        _ = register(deadline) { $0.actions[$1] = Action(deadline: deadline, run: action) }
    }

    /// Registers `deadline` under a new number, which `store` files, and starts the timer
    /// anew when it comes before the one it sleeps to.
    @inline(__always)
    private static func register(
        _ deadline: ContinuousClock.Instant, _ store: (inout State, UInt64) -> Void
    ) -> UInt64 {
        let (id, restart) = state.withLock { state -> (UInt64, (UInt64, Task<Void, Never>?)?) in
            let id = state.nextID
            state.nextID += 1
            store(&state, id)
            state.heap.insert(deadline, id)
            if let wake = state.wake, wake <= deadline { return (id, nil) }
            state.wake = deadline
            state.generation += 1
            let replaced = state.timer.take()
            return (id, (state.generation, replaced))
        }
        if let (generation, replaced) = restart {
            replaced?.cancel()
            let timer = TrackedWork.startTimer { await run(generation: generation) }
            state.withLock { state in
                if state.generation == generation { state.timer = timer }
            }
        }
        return id
    }

    /// Withdraws a registration whose wait has ended; nothing if it has fired.
    static func withdraw(_ id: UInt64) {
        #if STRATA_EXPLORER
            if Interleavings.isExploring { return Interleavings.withdraw(id) }
        #endif
        state.withLock { state in
            guard state.registrations.removeValue(forKey: id) != nil else { return }
            if state.heap.count > 64,
                state.heap.count > 2 * (state.registrations.count + state.actions.count)
            {
                state.heap = DeadlineHeap(
                    state.registrations.map { ($0.value.deadline, $0.key) }
                        + state.actions.map { ($0.value.deadline, $0.key) })
            }
        }
    }

    /// The timer: fires what is due, then sleeps to the next deadline, until none is left
    /// or a newer timer replaces it.
    private static func run(generation: UInt64) async {
        while true {
            let (due, actions, next) = state.withLock {
                state -> ([Registration], [Action], ContinuousClock.Instant?) in
                guard state.generation == generation else { return ([], [], nil) }
                var due: [Registration] = []
                var actions: [Action] = []
                let now = ContinuousClock.now
                while let (deadline, id) = state.heap.min, deadline <= now {
                    state.heap.removeMin()
                    if let registration = state.registrations.removeValue(forKey: id) {
                        due.append(registration)
                    } else if let action = state.actions.removeValue(forKey: id) {
                        actions.append(action)
                    }
                }
                // The earliest deadline still registered; withdrawn ones are dropped here.
                while let (_, id) = state.heap.min, state.registrations[id] == nil,
                    state.actions[id] == nil
                {
                    state.heap.removeMin()
                }
                if let earliest = state.heap.min?.deadline {
                    state.wake = earliest
                } else if let wake = state.wake, wake > now {
                    // Every deadline was withdrawn, most often before this task first ran:
                    // it sleeps on to the one it was started for, so that the next wait
                    // (whose deadline is most often later) starts no timer of its own:
                    // exiting here, the timer was started anew at nearly every awaited end.
                } else {
                    state.wake = nil
                    state.timer = nil
                }
                return (due, actions, state.wake)
            }
            for registration in due { registration.fire() }
            for action in actions { action.run() }
            guard let next else { return }
            do {
                try await Task.sleep(until: next, clock: .continuous)
            } catch {
                return  // replaced by a timer for an earlier deadline
            }
        }
    }
}

/// A binary min-heap of deadlines with their registrations' numbers.
private struct DeadlineHeap {
    private var items: [(deadline: ContinuousClock.Instant, id: UInt64)] = []

    init() {}

    init(_ items: [(ContinuousClock.Instant, UInt64)]) {
        for (deadline, id) in items { insert(deadline, id) }
    }

    var count: Int { items.count }
    var min: (deadline: ContinuousClock.Instant, id: UInt64)? { items.first }

    mutating func insert(_ deadline: ContinuousClock.Instant, _ id: UInt64) {
        items.append((deadline, id))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].deadline < items[parent].deadline else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeMin() {
        guard !items.isEmpty else { return }
        items.swapAt(0, items.count - 1)
        items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < items.count, items[left].deadline < items[smallest].deadline {
                smallest = left
            }
            if right < items.count, items[right].deadline < items[smallest].deadline {
                smallest = right
            }
            guard smallest != parent else { return }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
