import Foundation

// How both storage engines write and read JSON: dates as ISO 8601. Each engine picks its own
// layout: the JSON files are pretty for a person to read, the journal keeps one entry a line.

extension JSONEncoder {
    /// An encoder for stored records, laid out as `formatting` says.
    static func storage(_ formatting: OutputFormatting) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

extension JSONDecoder {
    /// A decoder for what ``JSONEncoder/storage(_:)`` wrote.
    static var storage: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
