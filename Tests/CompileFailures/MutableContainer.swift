// expected-error: stored property 'count' of 'Sendable'-conforming class 'Counting' is mutable
import Strata

// A container is Sendable: it holds its scope, its parent and plain values, never a `var`.
final class Counting: Container {
    let scope = AppScope()
    var count = 0
}
