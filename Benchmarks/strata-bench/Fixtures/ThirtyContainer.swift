import Strata
import Synchronization

/// What the plain providers of ``ThirtyContainer`` make.
final class Part: Sendable {}

/// What the providers of ``ThirtyContainer`` whose factories read the container make.
final class Wired: Sendable {
    let part: Part

    init(_ part: Part) { self.part = part }
}

/// A container shaped like an app's: 30 `shared` providers, half of whose factories read
/// the container (`wired1`…`wired15`, each from the `unique` ``part``, which stores nothing),
/// the other half not (`plain1`…`plain15`).
///
/// Which provider sits where in the table depends on the order they are first resolved:
/// ``resolvedPlainFirst()`` stores `plain1, wired1, plain2, wired2, …`, so the plain ones
/// take the odd positions; ``resolvedWiredFirst()`` the even ones.
final class ThirtyContainer: Container {
    static let providerCount = 30

    let scope = AppScope()

    var part: Provider<Part> { unique { Part() } }

    var plain1: Provider<Part> { shared { Part() } }
    var plain2: Provider<Part> { shared { Part() } }
    var plain3: Provider<Part> { shared { Part() } }
    var plain4: Provider<Part> { shared { Part() } }
    var plain5: Provider<Part> { shared { Part() } }
    var plain6: Provider<Part> { shared { Part() } }
    var plain7: Provider<Part> { shared { Part() } }
    var plain8: Provider<Part> { shared { Part() } }
    var plain9: Provider<Part> { shared { Part() } }
    var plain10: Provider<Part> { shared { Part() } }
    var plain11: Provider<Part> { shared { Part() } }
    var plain12: Provider<Part> { shared { Part() } }
    var plain13: Provider<Part> { shared { Part() } }
    var plain14: Provider<Part> { shared { Part() } }
    var plain15: Provider<Part> { shared { Part() } }

    var wired1: Provider<Wired> { shared { Wired(self.part()) } }
    var wired2: Provider<Wired> { shared { Wired(self.part()) } }
    var wired3: Provider<Wired> { shared { Wired(self.part()) } }
    var wired4: Provider<Wired> { shared { Wired(self.part()) } }
    var wired5: Provider<Wired> { shared { Wired(self.part()) } }
    var wired6: Provider<Wired> { shared { Wired(self.part()) } }
    var wired7: Provider<Wired> { shared { Wired(self.part()) } }
    var wired8: Provider<Wired> { shared { Wired(self.part()) } }
    var wired9: Provider<Wired> { shared { Wired(self.part()) } }
    var wired10: Provider<Wired> { shared { Wired(self.part()) } }
    var wired11: Provider<Wired> { shared { Wired(self.part()) } }
    var wired12: Provider<Wired> { shared { Wired(self.part()) } }
    var wired13: Provider<Wired> { shared { Wired(self.part()) } }
    var wired14: Provider<Wired> { shared { Wired(self.part()) } }
    var wired15: Provider<Wired> { shared { Wired(self.part()) } }

    var plain: [Provider<Part>] {
        [
            plain1, plain2, plain3, plain4, plain5, plain6, plain7, plain8, plain9, plain10,
            plain11, plain12, plain13, plain14, plain15,
        ]
    }

    var wired: [Provider<Wired>] {
        [
            wired1, wired2, wired3, wired4, wired5, wired6, wired7, wired8, wired9, wired10,
            wired11, wired12, wired13, wired14, wired15,
        ]
    }

    /// A container whose table holds `plain1, wired1, plain2, wired2, …, wired15`.
    static func resolvedPlainFirst() throws(BenchFailure) -> ThirtyContainer {
        let container = ThirtyContainer()
        for (plain, wired) in zip(container.plain, container.wired) {
            _ = try plain.checked()
            _ = try wired.checked()
        }
        try container.checkFull()
        return container
    }

    /// A container whose table holds `wired1, plain1, wired2, plain2, …, plain15`.
    static func resolvedWiredFirst() throws(BenchFailure) -> ThirtyContainer {
        let container = ThirtyContainer()
        for (plain, wired) in zip(container.plain, container.wired) {
            _ = try wired.checked()
            _ = try plain.checked()
        }
        try container.checkFull()
        return container
    }

    private func checkFull() throws(BenchFailure) {
        try check(
            tree.instances.count == Self.providerCount,
            "the container holds \(tree.instances.count) instances, not \(Self.providerCount)")
    }
}

/// A lazy singleton guarded by a `Mutex`, as ``HandAppContainer`` writes each of its own.
final class HandLazy<Value: AnyObject & Sendable>: Sendable {
    private let storage = Mutex<Value?>(nil)
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    var value: Value {
        storage.withLock { value in
            if let value { return value }
            let made = make()
            value = made
            return made
        }
    }
}

/// The hand-written counterpart of ``ThirtyContainer``: 30 Mutex-guarded lazy singletons.
final class HandThirtyContainer: Sendable {
    let parts = (0..<30).map { _ in HandLazy { Part() } }
}
