// The main-actor values the top-level blocks follow: the guide's view model, its console,
// and the app's view model.
let viewModel = GuideViewModel()
let screen = ConsoleScreen()
let appViewModel = AppViewModel()
