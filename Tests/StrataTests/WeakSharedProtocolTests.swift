import Strata
import Testing

/// A class-constrained protocol, which Swift does not count as a class type.
private protocol ImageCache: AnyObject, Sendable {
    var name: String { get }
}

extension Tracked: ImageCache {}

/// A value type, which cannot be held weakly.
private struct Thumbnail: Sendable {}

private final class Gallery: Container {
    let scope = AppScope()
    let log = EventLog()

    var cache: Provider<any ImageCache> { weakShared { Tracked("cache", log: self.log) } }
    var thumbnail: Provider<Thumbnail> { weakShared { Thumbnail() } }
    var preview: MainActorProvider<any ImageCache> {
        weakShared { Tracked("preview", log: self.log) }
    }
}

@Suite struct WeakSharedProtocolTests {
    @Test("weakShared of a protocol type is one instance while someone holds it, made again after")
    func sharesWhileHeldAndRebuildsAfterRelease() {
        let gallery = Gallery()
        var held: (any ImageCache)? = gallery.cache()
        #expect(gallery.cache() === held)
        held = nil
        #expect(gallery.log.all == ["made cache", "released cache"])
        let again = gallery.cache()
        #expect(gallery.log.all == ["made cache", "released cache", "made cache"])
        #expect(gallery.cache() === again)
    }

    @Test("the main-actor weakShared of a protocol type shares while held and rebuilds after")
    @MainActor
    func mainActorFormSharesWhileHeld() {
        let gallery = Gallery()
        var held: (any ImageCache)? = gallery.preview()
        #expect(gallery.preview() === held)
        held = nil
        let again = gallery.preview()
        #expect(gallery.log.all == ["made preview", "released preview", "made preview"])
        #expect(gallery.preview() === again)
    }

    @Test("weakShared of a value type traps at its first resolution, naming the provider and type")
    func valueTypeTraps() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = Gallery().thumbnail()
        }
        let printed = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            printed.contains("Gallery.thumbnail is weakShared, but its factory made a Thumbnail"))
        #expect(printed.contains("To fix: declare it with shared { … }"))
    }
}
