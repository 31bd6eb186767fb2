import Strata
import Testing

/// A root whose `shared(by:)` provider logs the end and the release of each instance.
final class Archive: Container {
    let scope = AppScope()
    let log: EventLog

    init(log: EventLog = EventLog()) { self.log = log }

    func entry(_ id: Int) -> Provider<Tracked> {
        shared(by: id) { Tracked("\(id)", log: self.log) }
    }

    func makeShelf() -> Shelf { Shelf(parent: self) }
}

/// A child that reads its parent's `shared(by:)` provider.
final class Shelf: Container {
    let scope: SessionScope<Archive>

    init(parent: Archive) { scope = SessionScope(parent: parent) }

    func entry(_ id: Int) -> Provider<Tracked> { parent.entry(id) }
}

@Suite("Overrides of one argument, with layers and overrides of every argument")
struct ArgumentLayerTests {
    @Test("an override of every argument set after an argument's ends the others, not that one")
    func everyArgumentAfterOne() {
        let log = EventLog()
        let app = Archive(log: log)
        app.entry(23).override { Tracked("fake 23", log: log) }
        let fake = app.entry(23)()
        _ = app.entry(5)()
        app.entry(0).overrideEveryArgument(of: Int.self) { id in Tracked("every \(id)", log: log) }
        #expect(log.all == ["made fake 23", "made 5", "end 5", "released 5"])
        #expect(app.entry(23)() === fake)
        #expect(app.entry(5)().name == "every 5")
    }

    @Test("an argument's override set after every argument's ends that argument's instance alone")
    func oneAfterEveryArgument() {
        let log = EventLog()
        let app = Archive(log: log)
        app.entry(0).overrideEveryArgument(of: Int.self) { id in Tracked("every \(id)", log: log) }
        let five = app.entry(5)()
        _ = app.entry(23)()
        app.entry(23).override { Tracked("fake 23", log: log) }
        #expect(log.all == ["made every 5", "made every 23", "end every 23", "released every 23"])
        #expect(app.entry(23)().name == "fake 23")
        #expect(app.entry(5)() === five)
    }

    @Test("withOverride on one argument leaves another argument's override and instance alone")
    func layerBesideAnotherArgument() async {
        let log = EventLog()
        let app = Archive(log: log)
        app.entry(5).override { Tracked("fake 5", log: log) }
        let five = app.entry(5)()
        _ = app.entry(23)()
        await app.entry(23).withOverride {
            Tracked("scoped 23", log: log)
        } operation: {
            #expect(app.entry(23)().name == "scoped 23")
            #expect(app.entry(5)() === five)
            #expect(app.entry(7)().name == "7")
        }
        #expect(
            log.all == [
                "made fake 5", "made 23", "end 23", "released 23", "made scoped 23", "made 7",
                "end scoped 23", "released scoped 23",
            ])
        #expect(app.entry(23)().name == "23")
        #expect(app.entry(5)() === five)
    }

    @Test("withOverride on one argument goes back to the override of every argument")
    func layerOverEveryArgument() async {
        let log = EventLog()
        let app = Archive(log: log)
        app.entry(0).overrideEveryArgument(of: Int.self) { id in Tracked("every \(id)", log: log) }
        await app.entry(23).withOverride {
            Tracked("scoped 23", log: log)
        } operation: {
            #expect(app.entry(23)().name == "scoped 23")
            #expect(app.entry(5)().name == "every 5")
        }
        #expect(app.entry(23)().name == "every 23")
    }

    @Test("cancelling overrides inside withOverride on an argument leaves its scoped layer")
    func cancelInsideArgumentLayer() async {
        let log = EventLog()
        let app = Archive(log: log)
        let five = app.entry(5).override { Tracked("fake 5", log: log) }
        let every = app.entry(0).overrideEveryArgument(of: Int.self) { id in
            Tracked("every \(id)", log: log)
        }
        await app.entry(23).withOverride {
            Tracked("scoped 23", log: log)
        } operation: {
            _ = app.entry(23)()
            five.cancel()
            every.cancel()
            #expect(app.entry(23)().name == "scoped 23")
            #expect(app.entry(5)().name == "5")
            #expect(app.entry(8)().name == "8")
        }
        #expect(app.entry(23)().name == "23")
        #expect(app.entry(5)().name == "5")
    }

    @Test(
        "two tasks layering withOverride on two arguments of one declaration each see their own",
        .timeLimit(.minutes(1)))
    func concurrentLayersOnTwoArguments() async {
        let app = Archive()
        let (firstIn, enteredFirst) = AsyncStream<Void>.makeStream()
        let (firstGo, releaseFirst) = AsyncStream<Void>.makeStream()
        let (secondIn, enteredSecond) = AsyncStream<Void>.makeStream()
        let (secondGo, releaseSecond) = AsyncStream<Void>.makeStream()
        let first = Task {
            await app.entry(1).withOverride {
                Tracked("scoped 1", log: EventLog())
            } operation: {
                enteredFirst.yield()
                for await _ in firstGo { break }
                return app.entry(1)().name
            }
        }
        for await _ in firstIn { break }
        let second = Task {
            await app.entry(2).withOverride {
                Tracked("scoped 2", log: EventLog())
            } operation: {
                enteredSecond.yield()
                for await _ in secondGo { break }
                return app.entry(2)().name
            }
        }
        for await _ in secondIn { break }
        #expect(app.entry(1)().name == "scoped 1")
        #expect(app.entry(2)().name == "scoped 2")
        #expect(app.entry(3)().name == "3")
        releaseFirst.yield()
        #expect(await first.value == "scoped 1")
        #expect(app.entry(1)().name == "1")
        #expect(app.entry(2)().name == "scoped 2")
        releaseSecond.yield()
        #expect(await second.value == "scoped 2")
        #expect(app.entry(2)().name == "2")
    }

    @Test("a child reading its parent's argument provider sees that argument's override alone")
    func childReadsParentsArgument() {
        let app = Archive()
        let shelf = app.makeShelf()
        shelf.entry(23).override { Tracked("fake 23", log: EventLog()) }
        #expect(app.entry(23)().name == "fake 23")
        #expect(shelf.entry(23)().name == "fake 23")
        #expect(shelf.entry(5)().name == "5")
    }

    @Test("a plan that overrides one argument of a child's provider replaces that argument alone")
    func planOverridesOneArgument() {
        final class Gallery: Container {
            let scope: SessionScope<Archive>
            init(parent: Archive) { scope = SessionScope(parent: parent) }
            func picture(_ id: Int) -> Provider<Service> { shared(by: id) { Service(id: id) } }
        }
        let app = Archive()
        app.prepare(Gallery.self) { gallery in gallery.picture(3).override { Service(id: -3) } }
        let gallery = Gallery(parent: app)
        #expect(gallery.picture(3)().id == -3)
        #expect(gallery.picture(4)().id == 4)
        gallery.end()
    }

    @Test("a main-actor provider's scoped override replaces its argument alone")
    @MainActor
    func mainActorArgumentLayer() async {
        let app = DetailApp()
        app.detail(id: 5).override { DetailViewModel(id: -5) }
        await app.detail(id: 23).withOverride {
            DetailViewModel(id: -23)
        } operation: {
            #expect(app.detail(id: 23)().id == -23)
            #expect(app.detail(id: 5)().id == -5)
            #expect(app.detail(id: 1)().id == 1)
        }
        #expect(app.detail(id: 23)().id == 23)
        #expect(app.detail(id: 5)().id == -5)
    }
}
