/// What ``Container/end(fileID:filePath:line:column:)`` ended, which instances outlived it,
/// and which are still waiting on work the end started.
///
/// An instance the end released is in one of three places once the report is made:
/// - gone, and in no list: the usual case;
/// - in ``survivors``: still alive after everything Strata held or started for it had
///   finished — a leak: a retain cycle, a closure that captured it strongly, a global;
/// - in ``pending``: still alive while work the end started and could not await was still
///   running — an async hook, an ``AsyncScopeBound/scopeDidEnd()``, a cancelled
///   ``Container/task(priority:fileID:line:_:)`` — which may be what holds it. Not a leak
///   yet: ``recheck(within:)`` waits for that work and tells.
///
/// ``Container/endAndWait(within:draining:fileID:filePath:line:column:)`` awaits all of that work, and
/// a hop to the main actor for a deinit its release started there, before it looks: its
/// ``pending`` is empty unless work overran the deadline. ``Container/end(fileID:filePath:line:column:)``
/// cannot wait: see <doc:LifetimesAndLifecycle> for when its ``survivors`` are final.
public struct EndReport: Sendable, CustomStringConvertible {
    /// The containers ended by the call, in the order they ended: children before parents.
    public var ended: [ContainerDescription] { endedNames.descriptions }

    /// The containers ended, described only when ``ended`` is read.
    var endedNames = EndedNames()

    /// Instances the ended containers made that are still alive after they were released
    /// and after everything Strata started for them finished: kept by a retain cycle, a
    /// closure that captured them strongly, or a global.
    public internal(set) var survivors: [Survivor] {
        get { lists?.survivors ?? [] }
        set { writeLists { $0.survivors = newValue } }
    }

    /// Instances the ended containers made that were still alive when the report was made
    /// while work the end started was still running and may hold them: an async hook, an
    /// ``AsyncScopeBound/scopeDidEnd()``, a cancelled task.
    ///
    /// ``recheck(within:)`` waits for that work, then moves those still alive to
    /// ``survivors``.
    public internal(set) var pending: [Survivor] {
        get { lists?.pending ?? [] }
        set { writeLists { $0.pending = newValue } }
    }

    /// The tasks and async hooks that ``Container/endAndWait(within:draining:fileID:filePath:line:column:)``
    /// stopped waiting for when its deadline passed, with where each was started or
    /// registered, in the order the teardown reached them: children's before their parent's,
    /// and within a container its hooks newest first, then its tasks newest first.
    ///
    /// Each was cancelled and may still be running; what it holds is in ``pending``. A hook
    /// the teardown reaches once the deadline has passed is still started, and, unless it
    /// finishes at once, cancelled straight away and listed here: it sees `Task.isCancelled`.
    public internal(set) var overran: [EndWork] {
        get { lists?.overran ?? [] }
        set { writeLists { $0.overran = newValue } }
    }

    /// The async hooks that ``Container/end(fileID:filePath:line:column:)``, or the release of a
    /// container never ended, started and could not await: async
    /// ``Container/onEnd(fileID:line:_:)`` closures and ``AsyncScopeBound`` instances.
    ///
    /// Each runs in a task of its own; end with
    /// ``Container/endAndWait(within:draining:fileID:filePath:line:column:)`` to await them.
    public internal(set) var notAwaited: [EndWork] {
        get { lists?.notAwaited ?? [] }
        set { writeLists { $0.notAwaited = newValue } }
    }

    /// The containers whose end goes on elsewhere: `end()` reached a child that another
    /// thread or task is ending, and left the rest of the end to whoever finishes it.
    ///
    /// Their hooks and releases, and their ancestors', run when that child's end is done;
    /// ``Container/endAndWait(within:draining:fileID:filePath:line:column:)`` on one of them
    /// awaits the rest, and returns the whole end's report.
    public internal(set) var stillEnding: [ContainerDescription] {
        get { lists?.stillEnding ?? [] }
        set { writeLists { $0.stillEnding = newValue } }
    }

    /// The work the end started and had not finished when the report was made: what
    /// ``pending`` waits on.
    var unfinished: [TrackedWork] {
        get { lists?.unfinished ?? [] }
        set { writeLists { $0.unfinished = newValue } }
    }

    /// The lists: empty in most reports, so `nil` until one is written, and a report of one
    /// quiet container is dropped without releasing an array.
    private var lists: Lists?

    private struct Lists {
        var survivors: [Survivor] = []
        var pending: [Survivor] = []
        var overran: [EndWork] = []
        var notAwaited: [EndWork] = []
        var unfinished: [TrackedWork] = []
        var stillEnding: [ContainerDescription] = []
    }

    /// Changes the lists in place: taken out first, so that an append copies no array.
    private mutating func writeLists(_ write: (inout Lists) -> Void) {
        var written = lists.take() ?? Lists()
        write(&written)
        lists = written
    }

    /// Lists work that the teardown stopped waiting for.
    mutating func addOverran(_ work: EndWork, _ started: TrackedWork?) {
        writeLists { lists in
            lists.overran.append(work)
            if let started { lists.unfinished.append(started) }
        }
    }

    /// Lists an async hook started and not awaited.
    mutating func addNotAwaited(_ work: EndWork, _ started: TrackedWork) {
        writeLists { lists in
            lists.notAwaited.append(work)
            lists.unfinished.append(started)
        }
    }

    /// Keeps work the end started, a cancelled task, to wait for before anything it may
    /// hold counts as a survivor.
    mutating func addUnfinished(_ started: TrackedWork) {
        writeLists { $0.unfinished.append(started) }
    }

    /// Sorts the instances `alive` finds still alive into ``survivors`` and ``pending``:
    /// pending while work of this report, or `other` work (a child's), is unfinished.
    ///
    /// The work is asked first, then `alive` looks: an instance found alive after all the
    /// work had finished is held by something else, a survivor. Asked the other way round, an
    /// instance the work let go of in between would be taken for one.
    mutating func classify(_ alive: () -> [Survivor], waitingOn other: [TrackedWork] = []) {
        let workDone = unfinished.allFinished && other.allFinished
        let found = alive()
        guard !found.isEmpty else { return }
        if workDone {
            survivors += found
        } else {
            pending += found
        }
    }

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
            lists.pending += more.pending
            lists.overran += more.overran
            lists.notAwaited += more.notAwaited
            lists.unfinished += more.unfinished
            lists.stillEnding += more.stillEnding
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
        if !pending.isEmpty {
            lines.append("\(pending.count) pending, alive while work the end started runs:")
            lines += pending.map { "  \($0.provider): \($0.typeName)" }
        }
        if !overran.isEmpty {
            lines.append("\(overran.count) overran the deadline:")
            lines += overran.map { "  \($0)" }
        }
        if !stillEnding.isEmpty {
            lines.append(
                "\(stillEnding.count) still ending, after a child another thread or task ends: "
                    + stillEnding.map(\.typeName).joined(separator: ", "))
        }
        if !notAwaited.isEmpty {
            lines.append("\(notAwaited.count) started and not awaited:")
            lines += notAwaited.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}
