// expected-error: 'noSurvivors' has been renamed to 'noLeaks'
// expected-error: 'survivorsAllowed' has been renamed to 'leaksAllowed'
// The 0.9 names of the leak check: each is refused with the 1.0 name, and its fix-it.
import StrataTesting
import Testing

@Test(.noSurvivors) func signOutEndsEverything() {}

@Test(.survivorsAllowed) func cacheOutlivesTheSessionOnPurpose() {}
