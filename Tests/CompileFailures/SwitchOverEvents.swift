// expected: compiles
// expected-warning: SwitchOverEvents.swift:20:5: warning: switch must be exhaustive
// expected-warning: SwitchOverEvents.swift:37:5: warning: switch must be exhaustive
// TraceEvent and EndWork.Kind may grow as StrataError may: a switch over either that ends
// with `@unknown default` compiles whether it lists every case or misses one, as it will
// when a minor release adds a case — a warning, "switch must be exhaustive", never an error.
// Their documentation makes this promise.
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

func everyKind(_ kind: EndWork.Kind) -> String {
    switch kind {
    case .instance(let provider): "instance of \(provider)"
    case .task, .hook, .child: "\(kind)"
    @unknown default: "\(kind)"
    }
}

// Stands for a switch written before 0.9 added `.child`.
func writtenBeforeAKindCame(_ kind: EndWork.Kind) -> String {
    switch kind {
    case .instance(let provider): "instance of \(provider)"
    case .task, .hook: "\(kind)"
    @unknown default: "\(kind)"
    }
}
