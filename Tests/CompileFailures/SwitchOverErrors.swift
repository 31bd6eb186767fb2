// expected: compiles
// expected-warning: SwitchOverErrors.swift:19:5: warning: switch must be exhaustive
// A switch over StrataError that ends with `@unknown default` compiles whether it lists every
// case or misses one, as it will when a minor release adds a case: the missing case is a
// warning, "switch must be exhaustive", never an error, and the switch that lists every case
// gives no warning at all. StrataError's documentation makes this promise.
import Strata

func everyCase(_ error: StrataError) -> String {
    switch error {
    case .ended(let provider): "ended: \(provider)"
    case .childOfEnded, .cycle, .factoryFailed, .routeNotFound: error.description
    @unknown default: error.description
    }
}

// Stands for a switch written before a release that added `.routeNotFound`.
func writtenBeforeACaseCame(_ error: StrataError) -> String {
    switch error {
    case .ended(let provider): "ended: \(provider)"
    case .childOfEnded, .cycle, .factoryFailed: error.description
    @unknown default: error.description
    }
}
