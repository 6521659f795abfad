/// Who was checked, for reports: the implementation's name, version and language.
public struct ImplementationInfo: Sendable, Hashable, Codable {
    public var name: String
    public var version: String?
    public var language: String?

    public init(name: String, version: String? = nil, language: String? = nil) {
        self.name = name
        self.version = version
        self.language = language
    }
}
