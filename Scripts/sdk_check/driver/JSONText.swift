// The driver's JSON writer (our code): every string is written code point by code point, non-ASCII and
// control characters as \u escapes (UTF-16 surrogate pairs above U+FFFF), so nothing is normalised on the way
// to the Python side, which compares.

import Foundation

indirect enum JSONValue {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  var text: String {
    switch self {
    case .null: return "null"
    case let .bool(value): return value ? "true" : "false"
    case let .number(value): return JSONValue.numberText(value)
    case let .string(value): return JSONValue.quoted(value)
    case let .array(items): return "[" + items.map(\.text).joined(separator: ",") + "]"
    case let .object(members):
      return "{" + members.map { JSONValue.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
    }
  }

  static func numberText(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 9.007_199_254_740_992e15 {
      return String(Int64(value))
    }
    return value.isFinite ? "\(value)" : "null"
  }

  static func quoted(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      default:
        if scalar.value >= 0x20, scalar.value < 0x7F {
          out.unicodeScalars.append(scalar)
        } else if scalar.value > 0xFFFF {
          let shifted = scalar.value - 0x10000
          out += String(format: "\\u%04x\\u%04x", 0xD800 + (shifted >> 10), 0xDC00 + (shifted & 0x3FF))
        } else {
          out += String(format: "\\u%04x", scalar.value)
        }
      }
    }
    return out + "\""
  }
}

/// Reads a value JSONSerialization produced (vector files) as a Double, refusing booleans.
func number(_ value: Any?) -> Double? {
  // A JSON true or false, by its type: `is Bool` also holds for the numbers 0 and 1 on swift-corelibs-foundation.
  if let value = value as? NSNumber {
    let type = String(cString: value.objCType)
    return type == "c" || type == "B" ? nil : value.doubleValue
  }
  if value is Bool { return nil }
  if let value = value as? Double { return value }
  if let value = value as? Int { return Double(value) }
  if let value = value as? NSNumber { return value.doubleValue }
  return nil
}
