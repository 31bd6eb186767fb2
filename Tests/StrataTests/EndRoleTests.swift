import Strata
import Synchronization
import Testing

/// The end tells each instance what its own dynamic type adopts, however many types it has
/// seen before: the answer is remembered per type (`EndRole`), and must never leak from one
/// type to another.
@Suite struct EndRoleTests {
    final class Counter: Sendable {
        let told = Atomic<Int>(0)
    }

    class Plain: @unchecked Sendable {}

    final class Bound: Plain, ScopeBound, @unchecked Sendable {
        let counter: Counter
        init(_ counter: Counter) { self.counter = counter }
        func scopeDidEnd() { counter.told.add(1, ordering: .relaxed) }
    }

    final class AsyncBound: AsyncScopeBound {
        func scopeDidEnd() async {}
    }

    final class Both: ScopeBound, AsyncScopeBound {
        let counter: Counter
        init(_ counter: Counter) { self.counter = counter }
        func scopeDidEnd() { counter.told.add(1, ordering: .relaxed) }
        func scopeDidEnd() async {}
    }

    final class Screen: Container {
        let scope = Scope<AppTier, Never>()
        let counter: Counter
        let makeBound: Bool
        init(counter: Counter, makeBound: Bool) {
            self.counter = counter
            self.makeBound = makeBound
        }
        /// Of the same static type either way: only the dynamic type says which it is.
        var item: Provider<Plain> {
            shared { self.makeBound ? Bound(self.counter) : Plain() }
        }
        var asyncBound: Provider<AsyncBound> { shared { AsyncBound() } }
        var both: Provider<Both> { shared { Both(self.counter) } }
    }

    @Test func typesThatAlternateAreEachToldWhatTheyAdopt() {
        let counter = Counter()
        for round in 0..<200 {
            let screen = Screen(counter: counter, makeBound: round.isMultiple(of: 2))
            _ = screen.item()
            let report = screen.end()
            #expect(report.overran.isEmpty)
        }
        #expect(counter.told.load(ordering: .relaxed) == 100)
    }

    @Test func anAsyncScopeBoundIsStartedAndOnlyThat() {
        let counter = Counter()
        for _ in 0..<3 {
            let screen = Screen(counter: counter, makeBound: false)
            _ = screen.item()
            _ = screen.asyncBound()
            let report = screen.end()
            #expect(report.overran.count == 1)
        }
        #expect(counter.told.load(ordering: .relaxed) == 0)
    }

    @Test func anInstanceThatAdoptsBothIsToldBoth() {
        let counter = Counter()
        for _ in 0..<3 {
            let screen = Screen(counter: counter, makeBound: true)
            _ = screen.both()
            _ = screen.item()
            let report = screen.end()
            #expect(report.overran.count == 1)
        }
        #expect(counter.told.load(ordering: .relaxed) == 6)
    }
}

/// The table behind `EndRole`, with one slot, so that two types must share it.
@Suite struct RoleTableTests {
    /// Two metadata addresses: aligned, as every type's metadata is.
    let first: UInt = 0x1000
    let second: UInt = 0x2000

    @Test func anAnswerIsAskedOnceAndThenRead() {
        let table = RoleTable(slotCount: 1)
        var asked = 0
        for _ in 0..<3 {
            let roles = table.roles(of: first) {
                asked += 1
                return .bound
            }
            #expect(roles == .bound)
        }
        #expect(asked == 1)
    }

    @Test func aTypeSharingTheSlotNeverReadsAnotherTypesAnswer() {
        let table = RoleTable(slotCount: 1)
        #expect(table.roles(of: first) { [.bound, .asyncBound] } == [.bound, .asyncBound])
        #expect(table.roles(of: second) { [] } == [])
        var askedAgain = false
        let roles = table.roles(of: first) {
            askedAgain = true
            return [.bound, .asyncBound]
        }
        #expect(askedAgain)
        #expect(roles == [.bound, .asyncBound])
    }

    @Test func anEmptySlotIsNoAnswerEvenForAddressZero() {
        let table = RoleTable(slotCount: 1)
        var asked = false
        _ = table.roles(of: 0) {
            asked = true
            return []
        }
        #expect(asked)
    }
}
