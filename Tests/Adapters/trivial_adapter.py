#!/usr/bin/env python3
"""The fastest possible LoginConformance adapter, for throughput benchmarks of the runner.

It claims all four families and answers every run request immediately with the fixed outcome
{"result":"valid"}, so it fails most vectors; that is fine, it measures the protocol and the
runner, not an implementation. Vectors/HARNESS.md describes the protocol.

    python3 Tests/Adapters/trivial_adapter.py [--profile documented|ios-sdk]
"""

import json
import sys


def main(argv):
    profile = "documented"
    if "--profile" in argv:
        index = argv.index("--profile")
        if index + 1 >= len(argv) or argv[index + 1] not in ("documented", "ios-sdk"):
            sys.stderr.write("usage: trivial_adapter.py [--profile documented|ios-sdk]\n")
            return 2
        profile = argv[index + 1]

    started = json.dumps({
        "type": "started", "protocolVersion": 1,
        "implementation": {"name": "trivial", "version": "1.0.0", "language": "python"},
        "capabilities": ["nonce", "login-configuration", "login-result", "token-claims"],
        "profile": profile,
    }, separators=(",", ":")).encode("ascii") + b"\n"

    read_line = sys.stdin.buffer.readline
    output = sys.stdout.buffer
    loads = json.loads
    while True:
        line = read_line()
        if not line:
            return 0
        try:
            request = loads(line)
            kind = request["type"]
        except (ValueError, KeyError, TypeError):
            continue
        if kind == "run":
            output.write(b'{"type":"result","seq":%d,"outcome":{"result":"valid"}}\n' % request["seq"])
        elif kind == "start":
            output.write(started)
        elif kind == "stop":
            return 0
        else:
            continue
        output.flush()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
