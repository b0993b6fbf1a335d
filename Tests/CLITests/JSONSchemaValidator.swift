import Foundation

/// A JSON document, decoded without Foundation's number/boolean bridging so
/// `true` and `1` stay apart on every platform.
enum JSONValue: Decodable, Equatable, CustomStringConvertible {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses `text`.
    static func parse(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var objectValue: [String: JSONValue]? { if case .object(let value) = self { value } else { nil } }
    var arrayValue: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
    var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    var numberValue: Double? { if case .number(let value) = self { value } else { nil } }
    var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }

    var description: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string(let value): "\"\(value)\""
        case .number(let value): "\(value)"
        case .bool(let value): "\(value)"
        case .null: "null"
        }
    }
}

/// Validates JSON against the subset of JSON Schema (2020-12) that
/// `docs/rxleaks-run.schema.json` uses: `type`, `properties`, `required`,
/// `additionalProperties` (a boolean or a schema), `items`, `enum`,
/// `minimum`, and `$ref` to `#/$defs/…`. Any other keyword is reported, so
/// the schema cannot grow past what is checked.
struct JSONSchemaValidator {
    let root: JSONValue
    /// Other schemas a `$ref` may name by file (`other.schema.json#/$defs/…`).
    var others: [String: JSONValue] = [:]

    /// The definition `reference` names (`#/$defs/NAME` in this schema,
    /// `FILE#/$defs/NAME` in one of ``others``), with the validator whose
    /// schema it is, so that its own references resolve there.
    private func resolve(_ reference: String) -> (JSONSchemaValidator, JSONValue)? {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].hasPrefix("/$defs/") else { return nil }
        let validator =
            parts[0].isEmpty ? self : others[String(parts[0])].map { JSONSchemaValidator(root: $0, others: others) }
        guard let validator, let target = validator.root["$defs"]?[String(parts[1].dropFirst("/$defs/".count))] else {
            return nil
        }
        return (validator, target)
    }

    private static let understood: Set<String> = [
        "$schema", "$id", "$defs", "title", "description",
        "type", "properties", "required", "additionalProperties", "items", "enum", "minimum", "pattern", "$ref",
    ]

    /// Every violation, as `path: problem`; empty when `instance` is valid.
    func violations(of instance: JSONValue) -> [String] {
        var problems: [String] = []
        check(instance, against: root, at: "$", into: &problems)
        return problems
    }

    private func check(_ value: JSONValue, against schema: JSONValue, at path: String, into problems: inout [String]) {
        guard let keywords = schema.objectValue else {
            problems.append("\(path): the schema is not an object")
            return
        }
        for keyword in keywords.keys where !Self.understood.contains(keyword) {
            problems.append("\(path): the validator does not understand the schema keyword \(keyword)")
        }
        if let reference = keywords["$ref"]?.stringValue {
            guard let (validator, target) = resolve(reference) else {
                problems.append("\(path): unresolvable $ref \(reference)")
                return
            }
            validator.check(value, against: target, at: path, into: &problems)
        }
        if let type = keywords["type"]?.stringValue, !Self.value(value, is: type) {
            problems.append("\(path): expected \(type), found \(value)")
            return
        }
        if let allowed = keywords["enum"]?.arrayValue, !allowed.contains(value) {
            problems.append("\(path): \(value) is not one of \(allowed)")
        }
        if let pattern = keywords["pattern"]?.stringValue, let string = value.stringValue,
            string.range(of: pattern, options: .regularExpression) == nil
        {
            problems.append("\(path): \(string) does not match \(pattern)")
        }
        if let minimum = keywords["minimum"]?.numberValue, let number = value.numberValue, number < minimum {
            problems.append("\(path): \(number) is below the minimum \(minimum)")
        }
        if let object = value.objectValue {
            let properties = keywords["properties"]?.objectValue ?? [:]
            for case .string(let name) in keywords["required"]?.arrayValue ?? [] where object[name] == nil {
                problems.append("\(path): missing required property \(name)")
            }
            for (name, member) in object.sorted(by: { $0.key < $1.key }) {
                if let propertySchema = properties[name] {
                    check(member, against: propertySchema, at: "\(path).\(name)", into: &problems)
                } else if let additional = keywords["additionalProperties"], additional.objectValue != nil {
                    check(member, against: additional, at: "\(path).\(name)", into: &problems)
                } else if keywords["additionalProperties"] == .bool(false) {
                    problems.append("\(path): unexpected property \(name)")
                }
            }
        }
        if let array = value.arrayValue, let items = keywords["items"] {
            for (index, element) in array.enumerated() {
                check(element, against: items, at: "\(path)[\(index)]", into: &problems)
            }
        }
    }

    private static func value(_ value: JSONValue, is type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("number", .number), ("boolean", .bool),
            ("null", .null):
            true
        case ("integer", .number(let number)): number == number.rounded()
        default: false
        }
    }
}
