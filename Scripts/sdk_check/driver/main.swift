// The SDK check's driver (our code): loads the vector files, keeps the vectors that hold under the ios-sdk
// profile (no `profiles`, or `profiles` containing "ios-sdk"), runs each input through the SDK's own code
// (Runners.swift) and writes one JSON answer per vector. Scripts/sdk_check/check_sdk.py compares the answers with
// `expected` / `alsoAccepted`, so the comparison is testable without an SDK checkout.
//
// usage: sdk-check-driver VECTORS_DIR OUT_FILE [family ...]

import CommonCrypto
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  FileHandle.standardError.write(Data("usage: sdk-check-driver VECTORS_DIR OUT_FILE [family ...]\n".utf8))
  exit(2)
}
let vectorsDir = URL(fileURLWithPath: arguments[1])
let outFile = URL(fileURLWithPath: arguments[2])
let onlyFamilies = Set(arguments.dropFirst(3))

typealias Runner = ([String: Any]) throws -> JSONValue

var runners: [String: Runner] = [
  "nonce": runNonce,
  "code-verifier": runCodeVerifier,
  "login-configuration": runLoginConfiguration,
  "token-claims": runTokenClaims,
]
if commonCryptoStandInHasSHA256 {
  runners["code-challenge"] = runCodeChallenge
}

func load(_ url: URL) throws -> Any {
  try JSONSerialization.jsonObject(with: Data(contentsOf: url), options: [.fragmentsAllowed])
}

let manifest = try load(vectorsDir.appendingPathComponent("manifest.json")) as! [String: Any]
var answers: [JSONValue] = []
for entry in manifest["families"] as! [[String: Any]] {
  let family = entry["family"] as! String
  if !onlyFamilies.isEmpty, !onlyFamilies.contains(family) { continue }
  guard let runner = runners[family] else { continue }
  let file = try load(vectorsDir.appendingPathComponent(entry["file"] as! String)) as! [String: Any]
  for vector in file["vectors"] as! [[String: Any]] {
    if let profiles = vector["profiles"] as? [String], !profiles.contains("ios-sdk") { continue }
    let id = vector["id"] as! String
    var record: [(String, JSONValue)] = [("id", .string(id)), ("family", .string(family))]
    do {
      record.append(("answer", try runner(vector["input"] as! [String: Any])))
    } catch RunnerError.input(let why) {
      record.append(("skipped", .string(why)))
    }
    answers.append(.object(record))
  }
}
let document = JSONValue.object([
  ("sha256", .bool(commonCryptoStandInHasSHA256)),
  ("families", .array(runners.keys.sorted().map { .string($0) })),
  ("answers", .array(answers)),
])
try Data((document.text + "\n").utf8).write(to: outFile)
