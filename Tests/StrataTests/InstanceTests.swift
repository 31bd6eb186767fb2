import Strata
import Testing

/// How a container holds what a factory made: an object as itself, anything else boxed.
@Suite struct InstanceTests {
    class Base: @unchecked Sendable {}
    final class Derived: Base, @unchecked Sendable {}
    protocol Service: AnyObject, Sendable {}
    final class LiveService: Service {}
    struct Settings: Equatable { var name: String }

    @Test func anInstanceOfAClassTypeIsHeldAsItself() {
        let object = Derived()
        let instance = Instance(holding: object)
        #expect(ObjectIdentifier(instance.object) == ObjectIdentifier(object))
        #expect(ObjectIdentifier(instance.value(as: Derived.self)) == ObjectIdentifier(object))
    }

    @Test func aSubclassInstanceKeepsItsIdentityUnderItsBaseType() {
        let object = Derived()
        let instance = Instance(holding: object as Base)
        #expect(ObjectIdentifier(instance.object) == ObjectIdentifier(object))
        #expect(ObjectIdentifier(instance.value(as: Base.self)) == ObjectIdentifier(object))
    }

    @Test func anObjectBehindAProtocolTypeIsBoxedAndComesBackWhole() {
        let object = LiveService()
        let instance = Instance(holding: object as any Service)
        #expect(ObjectIdentifier(instance.object) != ObjectIdentifier(object))
        #expect(
            ObjectIdentifier(instance.value(as: (any Service).self)) == ObjectIdentifier(object))
    }

    @Test func aValueIsBoxed() {
        let instance = Instance(holding: Settings(name: "strata"))
        #expect(instance.value(as: Settings.self) == Settings(name: "strata"))
    }

    @Test func anOptionalObjectIsBoxed() {
        let object = Derived()
        let instance = Instance(holding: Optional(object))
        #expect(ObjectIdentifier(instance.object) != ObjectIdentifier(object))
        #expect(
            instance.value(as: Derived?.self).map(ObjectIdentifier.init) == ObjectIdentifier(object)
        )
    }
}

/// The same, seen from a container: what `shared` keeps is what every resolution returns.
@Suite struct SharedIdentityTests {
    final class Shop: Container {
        let scope = Scope<AppTier, Never>()
        var base: Provider<InstanceTests.Base> { shared { InstanceTests.Derived() } }
        var service: Provider<any InstanceTests.Service> {
            shared { InstanceTests.LiveService() }
        }
        var anyObject: Provider<any AnyObject & Sendable> { shared { InstanceTests.Derived() } }
    }

    @Test func aSharedObjectIsTheSameObjectOnEveryResolution() {
        let shop = Shop()
        #expect(ObjectIdentifier(shop.base()) == ObjectIdentifier(shop.base()))
        #expect(shop.base() is InstanceTests.Derived)
        #expect(ObjectIdentifier(shop.service()) == ObjectIdentifier(shop.service()))
        #expect(ObjectIdentifier(shop.anyObject()) == ObjectIdentifier(shop.anyObject()))
        #expect(
            shop.tree.instances.sorted() == [
                "anyObject: Derived", "base: Derived", "service: LiveService",
            ])
    }
}
