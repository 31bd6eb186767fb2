// expected: compiles
// expected-warning: SwitchOverEvents.swift:19:5: warning: switch must be exhaustive
// TraceEvent may grow as StrataError may: a switch over it that ends
// with `@unknown default` compiles whether it lists every case or misses one, as it will
// when a minor release adds a case — a warning, "switch must be exhaustive", never an error.
// Its documentation makes this promise.
import Strata

func everyEvent(_ event: TraceEvent) -> String {
    switch event {
    case .made(let provider, _): "made \(provider)"
    case .began, .ended, .instanceEnded: event.description
    @unknown default: event.description
    }
}

// Stands for a switch written before a release that added `.instanceEnded`.
func writtenBeforeAnEventCame(_ event: TraceEvent) -> String {
    switch event {
    case .made(let provider, _): "made \(provider)"
    case .began, .ended: event.description
    @unknown default: event.description
    }
}
