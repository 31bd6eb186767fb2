/// What ``Container/end(fileID:filePath:line:)`` ended, what it could not await, and
/// which instances were still alive when it reported: watched, not yet judged.
///
/// An instance the end released is in one of two places once the report is made:
/// - gone, and in no list: the usual case;
/// - in ``watched``: still alive. Most are gone moments later — the caller's locals, the
///   view model of a parent that the same end releases next, a view on its way out. Each is
///   judged once the end's whole subtree is released, the work Strata started for it has
///   finished and the grace period has passed; ``leaks()`` awaits that judgement and returns
///   those still alive then, the leaks. A root's ``Container/onLeak(_:)`` receivers and the
///   `.noLeaks` test trait are told of the same leaks.
///
/// ``Container/endAndWait(within:draining:fileID:filePath:line:isolation:)`` awaits the work
/// the end starts, and reports the same way: what it lists as watched is not judged either.
public struct EndReport: Sendable, CustomStringConvertible {
    /// The containers ended by the call, in the order they ended: children before parents.
    public var ended: [ContainerDescription] { endedNames.descriptions }

    /// The containers ended, described only when ``ended`` is read.
    var endedNames = EndedNames()

    /// Instances the ended containers made that were still alive when the report was made.
    ///
    /// Their containers had let go of them: they are watched until they are judged, and no
    /// leak until then. ``leaks()`` returns those confirmed leaked.
    public internal(set) var watched: [WatchedInstance] {
        get { lists?.watched ?? [] }
        set { writeLists { $0.watched = newValue } }
    }

    /// The tasks and async hooks that
    /// ``Container/endAndWait(within:draining:fileID:filePath:line:isolation:)`` stopped
    /// waiting for when its deadline passed, with where each was started or registered, in
    /// the order the teardown reached them: the end's order, written once in
    /// <doc:LifetimesAndLifecycle>.
    ///
    /// Each was cancelled and may still be running; what it holds is judged once it is done. A hook
    /// the teardown reaches once the deadline has passed is still started, and, unless it
    /// finishes at once, cancelled straight away and listed here: it sees `Task.isCancelled`.
    public internal(set) var overran: [EndWork] {
        get { lists?.overran ?? [] }
        set { writeLists { $0.overran = newValue } }
    }

    /// The async hooks that ``Container/end(fileID:filePath:line:)``, or the release of a
    /// container never ended, started and could not await: async
    /// ``Container/onEnd(fileID:filePath:line:_:)`` closures and ``AsyncScopeBound`` instances.
    ///
    /// Each runs in a task of its own; end with
    /// ``Container/endAndWait(within:draining:fileID:filePath:line:isolation:)`` to await them.
    public internal(set) var notAwaited: [EndWork] {
        get { lists?.notAwaited ?? [] }
        set { writeLists { $0.notAwaited = newValue } }
    }

    /// The containers whose end goes on elsewhere: `end()` reached a child that another
    /// thread or task is ending, and left the rest of the end to whoever finishes it.
    ///
    /// Their hooks and releases, and their ancestors', run when that child's end is done;
    /// ``Container/endAndWait(within:draining:fileID:filePath:line:isolation:)`` on one of them
    /// awaits the rest, and returns the whole end's report.
    public internal(set) var stillEnding: [ContainerDescription] {
        get { lists?.stillEnding ?? [] }
        set { writeLists { $0.stillEnding = newValue } }
    }

    /// The work the end started and had not finished when the report was made: what the
    /// judgement of ``watched`` waits for.
    var unfinished: [TrackedWork] {
        get { lists?.unfinished ?? [] }
        set { writeLists { $0.unfinished = newValue } }
    }

    /// The lists: empty in most reports, so `nil` until one is written, and a report of one
    /// quiet container is dropped without releasing an array.
    private var lists: Lists?

    private struct Lists {
        var watched: [WatchedInstance] = []
        var judgements: [Judgement] = []
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

    /// Keeps work the end started, a cancelled task, for the judgement of what the end
    /// watches to wait for.
    mutating func addUnfinished(_ started: TrackedWork) {
        writeLists { $0.unfinished.append(started) }
    }

    /// Lists the instances still alive of one container's end, and their judgement.
    mutating func watch(_ judgement: Judgement) {
        writeLists { lists in
            lists.watched += judgement.instances
            lists.judgements.append(judgement)
        }
    }

    /// Waits until every instance in ``watched`` is judged, and returns the leaks: those
    /// still alive once the end's whole subtree was released, the work Strata started for
    /// it had finished, and the grace period (two seconds unless a test trait set
    /// one) had passed.
    ///
    /// Returns at once, with no leaks, when nothing was watched. It waits for work the end
    /// started that is still running — an async hook that overran `endAndWait`'s deadline —
    /// however long it runs; cancelling the waiting task returns the leaks judged so far.
    ///
    /// ```swift
    /// let report = signedIn.end()
    /// for leak in await report.leaks() { log("leak: \(leak)") }
    /// ```
    ///
    /// - Returns: The instances confirmed leaked, in the order the report watched them.
    public func leaks() async -> [WatchedInstance] {
        var leaks: [WatchedInstance] = []
        for judgement in lists?.judgements ?? [] {
            guard let verdict = await judgement.verdict.value() else { break }
            leaks += verdict
        }
        return leaks
    }

    /// An empty report: what a second `end()` returns.
    package init() {}

    mutating func absorb(_ other: EndReport) {
        // Most reports absorb into an empty one: take the other's as it is.
        guard !endedNames.isEmpty || lists != nil else {
            self = other
            return
        }
        endedNames.append(contentsOf: other.endedNames)
        guard let more = other.lists else { return }
        writeLists { lists in
            lists.watched += more.watched
            lists.judgements += more.judgements
            lists.overran += more.overran
            lists.notAwaited += more.notAwaited
            lists.unfinished += more.unfinished
            lists.stillEnding += more.stillEnding
        }
    }

    /// One line per ended container and per watched instance.
    public var description: String {
        var lines = [
            "ended \(ended.count) container(s): "
                + ended.map(\.typeName).joined(separator: ", ")
        ]
        if watched.isEmpty {
            lines.append("nothing still alive")
        } else {
            lines.append("\(watched.count) still alive, watched until judged:")
            lines += watched.map { "  \($0.provider): \($0.typeName)" }
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
