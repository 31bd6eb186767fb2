/// What ``Container/end(fileID:filePath:line:)`` ended, what it did not see finish, and
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

    /// The end's async work still running when the report was made.
    ///
    /// Each entry says where it was started or registered; they come in the order the end
    /// reached them: the end's order, written once in <doc:LifetimesAndLifecycle>. What the
    /// work holds is judged once it is done.
    ///
    /// Which end made the report says why each is here:
    /// - ``Container/endAndWait(within:draining:fileID:filePath:line:isolation:)`` lists the
    ///   tasks, async hooks and drained children it stopped waiting for when its deadline
    ///   passed. Each was cancelled and may still be running. A hook the end reaches once the
    ///   deadline has passed is still started and, unless it finishes at once, cancelled
    ///   straight away and listed here: it sees `Task.isCancelled`.
    /// - ``Container/end(fileID:filePath:line:)``, and the release of a container never
    ///   ended, cannot await: they list every async ``Container/onEnd(fileID:filePath:line:_:)``
    ///   closure and ``AsyncScopeBound`` instance they started, each in a task of its own and
    ///   not cancelled. End with `endAndWait` to await them: an `endAndWait` called once
    ///   the end has begun elsewhere, of the container or of an ancestor, awaits that work
    ///   up to its own deadline, and lists only what is still running then.
    public var overran: [EndWork] { lists?.overran.map(\.work) ?? [] }

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
        /// Each entry of ``EndReport/overran``, with the work that runs it: `nil` for a child.
        var overran: [(work: EndWork, running: TrackedWork?)] = []
        var unfinished: [TrackedWork] = []
        var stillEnding: [ContainerDescription] = []
    }

    /// Changes the lists in place: taken out first, so that an append copies no array.
    private mutating func writeLists(_ write: (inout Lists) -> Void) {
        var written = lists.take() ?? Lists()
        write(&written)
        lists = written
    }

    /// Lists work still running when the report is made: an awaited end stopped waiting for
    /// it, or an end that cannot await started it.
    mutating func addOverran(_ work: EndWork, _ started: TrackedWork?) {
        writeLists { lists in
            lists.overran.append((work, started))
            if let started { lists.unfinished.append(started) }
        }
    }

    /// The report as a later `endAndWait` gives it: the async work the end started without
    /// awaiting it (`end()`'s) is awaited up to `deadline`, and ``overran`` keeps only the
    /// work still running then, with the children still ending.
    func awaitingStarted(until deadline: ContinuousClock.Instant) async -> EndReport {
        guard let lists, lists.overran.contains(where: { $0.running != nil }) else { return self }
        var kept: [(work: EndWork, running: TrackedWork?)] = []
        for entry in lists.overran {
            if let running = entry.running, await running.wait(until: deadline) { continue }
            kept.append(entry)
        }
        var report = self
        report.writeLists { $0.overran = kept }
        return report
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
            lines.append("\(overran.count) still running:")
            lines += overran.map { "  \($0)" }
        }
        if !stillEnding.isEmpty {
            lines.append(
                "\(stillEnding.count) still ending, after a child another thread or task ends: "
                    + stillEnding.map(\.typeName).joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
