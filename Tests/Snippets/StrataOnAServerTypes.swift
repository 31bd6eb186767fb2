// What StrataOnAServer.md's blocks use but do not define, declared plainly: no isolation
// annotation. The module is nonisolated by default, as a server's is; a class that a
// `Provider` holds says it is `Sendable`, as it must there.

struct Config {
    static func load() -> Config { Config() }
}

final class Logger: Sendable {
    let config: Config
    init(config: Config) { self.config = config }
    func warning(_ message: String) { print("warning: \(message)") }
}

final class TaggedLogger: Sendable {
    let base: Logger
    let id: Int
    init(base: Logger, id: Int) {
        self.base = base
        self.id = id
    }
}

// A leased connection: its end gives it back to the pool.
final class Connection: AsyncScopeBound {
    func scopeDidEnd() async {}
}

actor ConnectionPool {
    let config: Config
    init(config: Config) { self.config = config }
    func lease() async throws -> Connection { Connection() }
}

struct RequestContext {
    let id: Int
}

struct HTTPRequest {
    let context: RequestContext
    let body: String
}

struct HTTPResponse {
    let status: Int
}

final class OrderRepository: Sendable {
    let logger: TaggedLogger
    init(logger: TaggedLogger) { self.logger = logger }
    func place(from body: String) async throws -> HTTPResponse { HTTPResponse(status: 201) }
}

// The server's app container, and the logger its shutdown logs to.
let app = AppContainer()
let logger = Logger(config: .load())
