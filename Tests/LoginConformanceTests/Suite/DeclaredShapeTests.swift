import Foundation
import LoginConformance
import LoginConformanceTestSupport
import Testing

/// The Swift models read exactly the shape the generator declares (Vectors/schema/fields.json, written from each
/// family module's `SHAPE`): at every closed object a vector holds, an unknown member is refused at its path, each
/// required member is refused missing, and each optional one may be left out; at an open object, an unknown member
/// is ignored. The objects are found by walking the vectors with the declarations, so a family, field or outcome added
/// to a module is checked here without an edit.
@Suite("Models against the generated declarations")
struct DeclaredShapeTests {
    @Test("each family's models refuse unknown and missing members exactly where fields.json says",
          arguments: FamilyRegistry.standard.families.map(\.rawValue))
    func declaredShape(family: String) throws {
        let declarations = try #require(Self.declarations[family], "fields.json declares no family \(family)")
        let definition = try #require(FamilyRegistry.standard.family(named: family).flatMap(FamilyRegistry.standard.definition(of:)))
        let fileURL = RepositoryPaths.url("Vectors/\(family).json")
        let file = try #require(JSONValue.parse(String(decoding: try Data(contentsOf: fileURL), as: UTF8.self))?.objectValue)
        let vectors = try #require(file["vectors"]?.arrayValue)
        #expect(try Self.decodeError(definition, file, try #require(vectors.first?.objectValue)) == nil, "the vector as written decodes")

        var checked = 0
        for (vector, objects) in Self.covering(vectors, of: family, declarations) {
            for object in objects {
                let place = "\(object.path.jsonPath) of \(vector["id"]?.stringValue ?? "?")"
                let unknown = try Self.decodeError(definition, file, vector.setting(object.path + [.member("zzUnknown")], to: .bool(true)))
                if object.open {
                    #expect(unknown == nil, "an open object ignores an unknown member: \(place)")
                } else {
                    #expect(unknown?.jsonPath == (object.path + [.member("zzUnknown")]).jsonPath, "\(place)")
                    #expect(unknown?.problem.hasPrefix("unknown member \"zzUnknown\"") == true, "\(place): \(unknown?.problem ?? "decoded")")
                }
                // An open object is data the implementation reads whole: its members are the vector's to give.
                for member in object.present where !object.open {
                    let missing = try Self.decodeError(definition, file, vector.removing(object.path + [.member(member)]))
                    if object.required.contains(member) {
                        // Missing one of two alternatives (`anyOf`) may be reported as the other one missing.
                        #expect(missing?.jsonPath.hasPrefix(object.path.jsonPath + ".") == true, "\(member) at \(place)")
                        #expect(missing?.problem.hasPrefix("missing member \"") == true, "\(member) at \(place): \(missing?.problem ?? "decoded")")
                    } else {
                        #expect(missing == nil, "the optional \(member) may be left out at \(place): \(missing?.problem ?? "")")
                    }
                    // A value of a JSON type the declaration does not allow is refused at the member (or below it);
                    // `null` too wherever it is not allowed (a model reading a member "if present" would take it as
                    // absent: an invalid verdict without its reason read as valid, a claim kept as null read as
                    // dropped).
                    let path = object.path + [.member(member)]
                    guard let types = object.types[member] else { continue }
                    let null: JSONValue? = types.contains("null") ? nil : .null
                    for wrong in [Self.value(notOf: types), null].compactMap({ $0 }) {
                        let mistyped = try Self.decodeError(definition, file, vector.setting(path, to: wrong))
                        // (`null` for one of two alternatives, `anyOf`, may be reported as the other one missing.)
                        let within = wrong == .null ? object.path.jsonPath : path.jsonPath
                        #expect(mistyped.map { $0.jsonPath == path.jsonPath || $0.jsonPath.hasPrefix(within + ".") } == true,
                                "\(member) as \(wrong.jsonType) (declared \(types.sorted())) at \(place): \(mistyped.map { "\($0.jsonPath): \($0.problem)" } ?? "decoded")")
                    }
                }
                checked += 1
            }
        }
        #expect(checked > 0)
    }

    // MARK: The declarations

    /// Each family's declarations from fields.json.
    static let declarations: [String: [String: JSONValue]] = {
        let url = RepositoryPaths.url("Vectors/schema/fields.json")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let families = JSONValue.parse(text)?.objectValue?["families"]?.objectValue ?? [:]
        return families.compactMapValues(\.objectValue)
    }()

    /// A declaration of a closed object with `fields`.
    private static func object(_ fields: [JSONValue]) -> [String: JSONValue] {
        ["type": .array([.string("object")]), "compare": .string("members"), "fields": .array(fields)]
    }

    /// The declaration of a vector: its input, and its expected and also-accepted outcomes (one branch per result).
    private static func vectorDeclaration(_ family: [String: JSONValue]) -> [String: JSONValue] {
        let outcomes = (family["outcomes"]?.arrayValue ?? []).compactMap(\.objectValue).map { outcome -> JSONValue in
            let result: JSONValue = .object(["name": .string("result"), "required": .bool(true), "const": outcome["result"] ?? .null])
            var branch = object([result] + (outcome["fields"]?.arrayValue ?? []))
            branch["constraints"] = outcome["constraints"]
            return .object(branch)
        }
        let outcome: JSONValue = .object(["oneOf": .array(outcomes)])
        var input = object(family["input"]?.arrayValue ?? [])
        input["name"] = .string("input")
        input["required"] = .bool(true)
        input["constraints"] = family["inputConstraints"]
        return object([
            .object(input),
            .object(["name": .string("expected"), "required": .bool(true), "oneOf": .array(outcomes)]),
            .object(["name": .string("alsoAccepted"), "required": .bool(false), "items": outcome]),
        ])
    }

    /// A closed or open object of declared fields, found in a vector.
    struct DeclaredObject {
        let path: [PathStep]
        let open: Bool
        let required: Set<String>
        /// The declared members the vector gives it.
        let present: [String]
        /// Each declared member's JSON types (`integer` counts as `number`).
        let types: [String: Set<String>]
    }

    /// A value of none of `types` (JSON Schema type names), `nil` when every type is allowed.
    static func value(notOf types: Set<String>) -> JSONValue? {
        let candidates: [JSONValue] = [.bool(true), .string("zz"), JSONValue.parse("7") ?? .null, .array([]), .object([:]), .null]
        return candidates.first { !types.contains($0.jsonType) }
    }

    /// The objects of declared fields in `value`, where `declaration` describes it. Only the input and outcomes
    /// are walked (the vector's own members are the loader's, not a family's).
    static func declaredObjects(in value: JSONValue, _ declaration: [String: JSONValue], at path: [PathStep],
                                of family: String, into found: inout [DeclaredObject]) {
        var declaration = declaration
        if let branches = declaration["oneOf"]?.arrayValue {
            guard let branch = branches.compactMap(\.objectValue).first(where: { matches(value, $0) }) else { return }
            declaration = branch
        }
        switch value {
        case .object(let members):
            if let fields = declaration["fields"]?.arrayValue?.compactMap(\.objectValue) {
                if !path.isEmpty && !readWhole.contains("\(family) \(path.pattern)") {
                    let required = fields.filter { $0["required"] == .bool(true) }.compactMap { $0["name"]?.stringValue }
                    let open = declaration["open"] == .bool(true)
                    found.append(DeclaredObject(
                        path: path, open: open,
                        required: Set(required + requiredByConstraints(declaration, members)),
                        present: fields.compactMap { $0["name"]?.stringValue }.filter { members[$0] != nil },
                        types: Dictionary(fields.compactMap { field in
                            field["name"]?.stringValue.map { name in
                                (name, Set((field["type"]?.arrayValue ?? []).compactMap(\.stringValue).map { $0 == "integer" ? "number" : $0 }))
                            }
                        }, uniquingKeysWith: { first, _ in first })))
                    // An open object is data the implementation reads whole: what is in it is the vector's, not
                    // the model's, to check.
                    if open { return }
                }
                for field in fields {
                    guard let name = field["name"]?.stringValue, let member = members[name] else { continue }
                    declaredObjects(in: member, field, at: path + [.member(name)], of: family, into: &found)
                }
            }
            if let values = declaration["values"]?.objectValue {
                for (name, member) in members { declaredObjects(in: member, values, at: path + [.member(name)], of: family, into: &found) }
            }
        case .array(let elements):
            guard let items = declaration["items"]?.objectValue else { return }
            for (index, element) in elements.enumerated() {
                declaredObjects(in: element, items, at: path + [.index(index)], of: family, into: &found)
            }
        default:
            break
        }
    }

    /// The objects declared with fields whose Swift model reads them as a map, each `family path`: a login request's
    /// `parameters` may list parameters outside SPECIFICATION.md §2's table in an answer (ignored, LoginRequestOutcome),
    /// so the model cannot refuse them; the generated schema refuses them in a vector file.
    static let readWhole: Set<String> = ["login-request .expected.parameters", "login-request .alsoAccepted[].parameters"]

    /// The members an object's constraints require of it: `if` its members match, `then` these; of `anyOf`'s
    /// alternatives, the only one it meets.
    private static func requiredByConstraints(_ declaration: [String: JSONValue], _ members: [String: JSONValue]) -> [String] {
        (declaration["constraints"]?.arrayValue ?? []).compactMap(\.objectValue).flatMap { constraint -> [String] in
            if let alternatives = constraint["anyOf"]?.arrayValue {
                let met = alternatives.map { ($0.objectValue?["required"]?.arrayValue ?? []).compactMap(\.stringValue) }
                    .filter { $0.allSatisfy { members[$0] != nil } }
                return met.count == 1 ? met[0] : []
            }
            guard let condition = constraint["if"]?.objectValue else { return [] }
            let needed = (condition["required"]?.arrayValue ?? []).compactMap(\.stringValue)
            let holds = needed.allSatisfy { members[$0] != nil }
                && (condition["properties"]?.objectValue ?? [:]).allSatisfy { name, rule in
                    guard let value = members[name], let rule = rule.objectValue else { return true }
                    if let fixed = rule["const"] { return value == fixed }
                    if let allowed = rule["enum"]?.arrayValue { return allowed.contains(value) }
                    return true
                }
            return holds ? (constraint["then"]?.objectValue?["required"]?.arrayValue ?? []).compactMap(\.stringValue) : []
        }
    }

    /// Whether `value` is of the branch's JSON type and has the value of each member the branch fixes (`const`).
    private static func matches(_ value: JSONValue, _ branch: [String: JSONValue]) -> Bool {
        if let types = branch["type"]?.arrayValue, !types.contains(.string(value.jsonType)) { return false }
        guard case .object(let members) = value else { return true }
        return (branch["fields"]?.arrayValue ?? []).compactMap(\.objectValue).allSatisfy { field in
            guard let name = field["name"]?.stringValue, let fixed = field["const"] else { return true }
            return members[name] == fixed
        }
    }

    /// The vectors that, between them, show every declared object with every set of members the file gives it,
    /// each with its objects: the first vector showing something new is kept.
    static func covering(_ vectors: [JSONValue], of name: String, _ family: [String: JSONValue]) -> [([String: JSONValue], [DeclaredObject])] {
        let declaration = vectorDeclaration(family)
        var seen: Set<String> = []
        var kept: [([String: JSONValue], [DeclaredObject])] = []
        for vector in vectors {
            var objects: [DeclaredObject] = []
            declaredObjects(in: vector, declaration, at: [], of: name, into: &objects)
            let shapes = objects.map { "\($0.path.pattern) \($0.present)" }
            guard shapes.contains(where: { !seen.contains($0) }), let members = vector.objectValue else { continue }
            seen.formUnion(shapes)
            kept.append((members, objects))
        }
        return kept
    }

    /// The load error of `file` holding `vector` alone, or `nil` when it decodes.
    private static func decodeError(_ definition: any VectorFamily.Type, _ file: [String: JSONValue],
                                    _ vector: [String: JSONValue]) throws -> VectorLoadError? {
        var file = file
        file["vectors"] = .array([.object(vector)])
        do {
            _ = try definition.decodeFile(Data(CanonicalJSON.render(JSONValue.object(file)).utf8))
            return nil
        } catch let error as DecodingError {
            return VectorLoadError(file: "vector", decodingError: error)
        }
    }
}

/// One step of a path into a JSON value.
enum PathStep: Hashable {
    case member(String)
    case index(Int)
}

extension [PathStep] {
    /// The path below a vector of a one-vector file, as the loader writes it.
    var jsonPath: String {
        reduce("$.vectors[0]") { path, step in
            switch step {
            case .member(let name): "\(path).\(name)"
            case .index(let index): "\(path)[\(index)]"
            }
        }
    }

    /// The path with each index as `[]`: where an object is, whichever element holds it.
    var pattern: String {
        map { if case .member(let name) = $0 { ".\(name)" } else { "[]" } }.joined()
    }
}

extension JSONValue {
    /// The JSON Schema name of the value's type.
    var jsonType: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The value with the member or element at `path` replaced or added.
    func setting(_ path: ArraySlice<PathStep>, to new: JSONValue?) -> JSONValue {
        guard let step = path.first else { return new ?? self }
        switch (self, step) {
        case (.object(var members), .member(let name)):
            if path.count == 1 { members[name] = new } else { members[name] = members[name]?.setting(path.dropFirst(), to: new) }
            return .object(members)
        case (.array(var elements), .index(let index)):
            elements[index] = elements[index].setting(path.dropFirst(), to: new)
            return .array(elements)
        default:
            return self
        }
    }
}

extension [String: JSONValue] {
    /// The vector with `value` at `path`.
    func setting(_ path: [PathStep], to value: JSONValue) -> [String: JSONValue] {
        JSONValue.object(self).setting(path[...], to: value).objectValue ?? self
    }

    /// The vector without the member at `path`.
    func removing(_ path: [PathStep]) -> [String: JSONValue] {
        JSONValue.object(self).setting(path[...], to: nil).objectValue ?? self
    }
}
