// The tree the blocks print: the app, a session under it, its view model resolved.
let app = AppContainer()
let signedIn = app.makeSignedInContainer()
let profileViewModel = signedIn.profileViewModel()
