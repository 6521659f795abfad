import Foundation

/// A Python adapter that answers exactly as a test's plan says (the product mutants of the harness and the CLI).
package enum ScriptedAdapter {
    /// An adapter that answers the handshake and each run request as its plan (argv[1], JSON, or `@FILE` naming a file
    /// that holds it: a command line the runner execs, with no shell in between) says: `answers[n]` is
    /// the message for the n-th request (`startDelay`: seconds before the handshake), its `seq` `"due"` (the default), `"none"` (left out), `"due+K"` or a
    /// number; `after` lines are written after that answer; `exit` is the status at stop; `exitOnce` (a file path): the
    /// first process only (the file does not exist yet) closes its input, gives its first answer and exits. Requests beyond the plan get `{"result":"valid"}`.
    static let script = #"""
    import json, sys
    plan = json.load(open(sys.argv[1][1:])) if sys.argv[1].startswith("@") else json.loads(sys.argv[1])
    sys.stdin.readline()
    import time
    time.sleep(plan.get("startDelay", 0))
    handshake = {"type": "started", "protocolVersion": 1, "implementation": {"name": "scripted"},
                 "capabilities": ["nonce"], "profile": "documented"}
    handshake.update(plan.get("handshake", {}))
    print(json.dumps(handshake), flush=True)
    answers = plan.get("answers", [])
    count = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "stop":
            break
        answer = dict(answers[count]) if count < len(answers) else {"type": "result", "outcome": {"result": "valid"}}
        count += 1
        seq = answer.pop("seq", "due")
        after = answer.pop("after", [])
        if seq == "due":
            answer["seq"] = message["seq"]
        elif isinstance(seq, str) and seq.startswith("due+"):
            answer["seq"] = message["seq"] + int(seq[4:])
        elif seq != "none":
            answer["seq"] = seq
        once = plan.get("exitOnce")
        if once:
            import os
            if not os.path.exists(once):
                open(once, "w").close()
                os.close(0)  # closed before answering: the next request provably never arrives (EPIPE)
                print(json.dumps(answer), flush=True)
                sys.exit(0)
        print(json.dumps(answer), flush=True)
        for extra in after:
            print(extra if isinstance(extra, str) else json.dumps(extra), flush=True)
    sys.exit(plan.get("exit", 0))
    """#

    package static let scriptURL: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scripted-adapter-\(UUID().uuidString).py")
        try! Data(script.utf8).write(to: url)
        return url
    }()

    /// The command line of the scripted adapter with `plan`.
    package static func command(_ plan: [String: Any]) -> String {
        let json = String(decoding: try! JSONSerialization.data(withJSONObject: plan), as: UTF8.self)
        return "\(Python.command) \(scriptURL.path) " + json.shellQuotedForTest
    }
}

private extension String {
    /// Single-quoted for /bin/sh.
    var shellQuotedForTest: String { "'" + replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
