import Strata
import Testing

/// A container of many tracked instances, one per argument.
private final class ItemsApp: Container {
    let scope = AppScope()
    let log = EventLog()

    /// Claimed before `inner`, which its factory makes, but made after it.
    var outer: Provider<Tracked> {
        shared {
            _ = self.inner()
            return Tracked("outer", log: self.log)
        }
    }
    var inner: Provider<Tracked> { shared { Tracked("inner", log: self.log) } }

    func item(_ id: Int) -> Provider<Tracked> {
        shared(by: id) { Tracked("item \(id)", log: self.log) }
    }
}

@Suite("end() walks the instances newest first, from the order they were made")
struct EndOrderLogTests {
    @Test("an instance reset and made again ends as the newest, and once")
    func remadeInstanceEndsAsNewest() {
        let app = ItemsApp()
        for id in 1...3 { _ = app.item(id)() }
        _ = app.item(1).endCachedInstance()
        _ = app.item(1)()
        _ = app.item(2).endCachedInstance()
        _ = app.item(2)()
        let before = app.log.all.count
        _ = app.end()
        let ends = app.log.all.dropFirst(before).filter { $0.hasPrefix("end ") }
        #expect(ends == ["end item 2", "end item 1", "end item 3"])
    }

    @Test("an instance made inside another's factory ends after it, past the inline entry")
    func dependencyEndsAfterDependent() {
        let app = ItemsApp()
        _ = app.item(0)()
        _ = app.outer()
        let before = app.log.all.count
        _ = app.end()
        let ends = app.log.all.dropFirst(before).filter { $0.hasPrefix("end ") }
        #expect(ends == ["end outer", "end inner", "end item 0"])
    }

    @Test("after many resets each instance ends once, newest first")
    func manyResetsEndEachOnce() {
        let app = ItemsApp()
        let ids = Array(1...40)
        for id in ids { _ = app.item(id)() }
        var remade: [Int] = []
        for round in 0..<3 {
            for id in ids where id % 3 == round {
                _ = app.item(id).endCachedInstance()
                _ = app.item(id)()
                remade.append(id)
            }
        }
        let before = app.log.all.count
        _ = app.end()
        let ends = app.log.all.dropFirst(before).filter { $0.hasPrefix("end ") }
        let newestFirst = (ids.filter { !remade.contains($0) } + remade).reversed()
        #expect(ends == newestFirst.map { "end item \($0)" })
    }
}
