import Strata
import Testing

@MainActor
final class DetailViewModel {
    let id: Int
    init(id: Int) { self.id = id }
}

final class DetailApp: Container {
    let scope = AppScope()
    func detail(id: Int) -> MainActorProvider<DetailViewModel> {
        shared(by: id) { DetailViewModel(id: id) }
    }
}

@Suite("Overrides that see their argument")
struct ArgumentOverrideTests {
    @Test("an override of one argument wins over the declaration's for that argument only")
    func oneArgumentWins() {
        let app = TestApp()
        app.item(23).override { Service(id: -23) }
        app.item(1).overrideEveryArgument(of: Int.self) { _ in Service(id: 0) }
        #expect(app.item(23)().id == -23)
        #expect(app.item(5)().id == 0)
    }

    @Test("an override of one argument leaves the other arguments with their factory")
    func oneArgumentAlone() {
        let app = TestApp()
        app.item(23).override { Service(id: -23) }
        #expect(app.item(23)().id == -23)
        #expect(app.item(5)().id == 5)
    }

    @Test("overrideEveryArgument(of:) gives the factory each argument")
    func overrideReceivesArgument() {
        let app = TestApp()
        app.item(0).overrideEveryArgument(of: Int.self) { id in Service(id: id * 10) }
        #expect(app.item(3)().id == 30)
        #expect(app.item(4)().id == 40)
    }

    @Test("an override of one argument ends that argument's instance, not the others'")
    func oneArgumentEndsItsInstance() {
        let app = TestApp()
        let one = app.item(1)()
        let two = app.item(2)()
        app.item(2).override { Service(id: -2) }
        #expect(app.item(1)() === one)
        #expect(app.item(2)() !== two)
    }

    @Test("an override's cancel() removes that override alone, not another argument's")
    func cancelRemovesItsOwn() {
        let app = TestApp()
        let every = app.item(1).overrideEveryArgument(of: Int.self) { _ in Service(id: 0) }
        let seven = app.item(7).override { Service(id: -7) }
        let twentyThree = app.item(23).override { Service(id: -23) }
        seven.cancel()
        #expect(app.item(7)().id == 0)
        #expect(app.item(23)().id == -23)
        every.cancel()
        #expect(app.item(5)().id == 5)
        #expect(app.item(23)().id == -23)
        twentyThree.cancel()
        #expect(app.item(23)().id == 23)
    }

    @Test("a provider made in a method without shared(by:) overrides its whole declaration")
    func noArgumentMeansDeclaration() {
        let app = TestApp()
        app.draft(for: 1).override { Service(id: -1) }
        #expect(app.draft(for: 2)().id == -1)
    }

    @Test("a main-actor provider takes both kinds of argument override")
    @MainActor
    func mainActorForms() {
        let app = DetailApp()
        app.detail(id: 0).overrideEveryArgument(of: Int.self) { id in DetailViewModel(id: id + 100)
        }
        let twentyThree = app.detail(id: 23).override { DetailViewModel(id: -23) }
        #expect(app.detail(id: 1)().id == 101)
        #expect(app.detail(id: 23)().id == -23)
        twentyThree.cancel()
        #expect(app.detail(id: 23)().id == 123)
    }

    @Test("overrideEveryArgument(of:) with the wrong argument type traps, naming the right one")
    func wrongTypeTraps() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            TestApp().item(1).overrideEveryArgument(of: String.self) { _ in Service() }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("is a Int, not a String"))
    }

    @Test("overrideEveryArgument(of:) on a provider without an argument traps")
    func noArgumentTraps() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            TestApp().service.overrideEveryArgument(of: Int.self) { id in Service(id: id) }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("has no argument"))
    }
}
