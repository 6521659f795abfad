#!/usr/bin/env python3
"""A test adapter that misbehaves on purpose, to test the runner's handling of broken adapters
(Vectors/HARNESS.md, "What the runner does when an adapter misbehaves").

It behaves exactly like the reference adapter (Examples/PythonAdapter/reference_adapter.py,
imported from there) except for the ONE misbehaviour chosen by a flag:

  --crash-on ID          on the run request for vector ID: write "crashing on ID" to standard
                         error, then kill itself with SIGSEGV
  --hang-on ID           on the run request for vector ID: sleep forever, never answer
  --garbage-on ID        answer the run request for vector ID with the line `this is not json`
  --out-of-order-on ID   answer the run request for vector ID with seq + 1
  --partial-line-on ID   on the run request for vector ID: write `{"type":"result","se` with no
                         newline, flush, exit 0
  --exit-after N         answer N run requests, then exit 0 right after reading request N + 1
                         (counted per process: a restarted adapter answers N more)
  --flood-stderr-on ID   write 1 MiB of text to standard error, then answer correctly
  --errored-on ID        answer errored with message "deliberate error"
  --bad-version          answer the handshake with protocolVersion 2
  --no-handshake         exit 1 immediately, without reading anything
  --stderr-note-on ID    write "note for ID" to standard error, then answer correctly

With no misbehaviour flag it is the reference adapter. --profile is passed through.
"""

import argparse
import os
import signal
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "Examples", "PythonAdapter"))
import reference_adapter  # noqa: E402

FLOOD_BYTES = 1024 * 1024


def parse_arguments(argv=None):
    parser = argparse.ArgumentParser(description="LoginConformance adapter that misbehaves on purpose.")
    parser.add_argument("--profile", choices=reference_adapter.PROFILES, default="documented")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--crash-on", metavar="ID")
    group.add_argument("--hang-on", metavar="ID")
    group.add_argument("--garbage-on", metavar="ID")
    group.add_argument("--out-of-order-on", metavar="ID")
    group.add_argument("--partial-line-on", metavar="ID")
    group.add_argument("--exit-after", metavar="N", type=int)
    group.add_argument("--flood-stderr-on", metavar="ID")
    group.add_argument("--errored-on", metavar="ID")
    group.add_argument("--bad-version", action="store_true")
    group.add_argument("--no-handshake", action="store_true")
    group.add_argument("--stderr-note-on", metavar="ID")
    arguments = parser.parse_args(argv)
    if arguments.exit_after is not None and arguments.exit_after < 0:
        parser.error("--exit-after needs N >= 0")
    return arguments


def write_stderr(text):
    sys.stderr.write(text)
    sys.stderr.flush()


def write_line(text):
    sys.stdout.write(text)
    sys.stdout.flush()


def flood_stderr(vector_id):
    """Exactly FLOOD_BYTES bytes of ASCII text on standard error, in lines."""
    line = ("flooding standard error on %s " % vector_id).encode("ascii", "replace")
    line = (line * (1 + 128 // len(line)))[:127] + b"\n"
    whole, rest = divmod(FLOOD_BYTES, len(line))
    stream = sys.stderr.buffer
    for _ in range(whole):
        stream.write(line)
    stream.write(b"x" * (rest - 1) + b"\n" if rest else b"")
    stream.flush()


def answer_run(request, arguments):
    """Answer one run request, misbehaving if the flags say so for this vector."""
    profile = arguments.profile
    vector_id = request.get("id")

    if arguments.crash_on is not None and vector_id == arguments.crash_on:
        write_stderr("crashing on %s\n" % vector_id)
        os.kill(os.getpid(), signal.SIGSEGV)
        time.sleep(10)  # the signal is delivered asynchronously; never answer meanwhile
        os._exit(139)
    if arguments.hang_on is not None and vector_id == arguments.hang_on:
        while True:
            time.sleep(3600)
    if arguments.garbage_on is not None and vector_id == arguments.garbage_on:
        write_line("this is not json\n")
        return
    if arguments.partial_line_on is not None and vector_id == arguments.partial_line_on:
        write_line('{"type":"result","se')
        sys.stderr.flush()
        os._exit(0)
    if arguments.flood_stderr_on is not None and vector_id == arguments.flood_stderr_on:
        flood_stderr(vector_id)
    if arguments.stderr_note_on is not None and vector_id == arguments.stderr_note_on:
        write_stderr("note for %s\n" % vector_id)
    if arguments.errored_on is not None and vector_id == arguments.errored_on:
        reference_adapter.write_message(
            {"type": "errored", "seq": request.get("seq"), "message": "deliberate error"})
        return

    answer = reference_adapter.answer_run(request, profile)
    if answer is None:
        return
    if arguments.out_of_order_on is not None and vector_id == arguments.out_of_order_on:
        answer["seq"] = answer["seq"] + 1
    reference_adapter.write_message(answer)


def serve(arguments):
    runs_read = 0
    stdin = sys.stdin.buffer
    while True:
        line = stdin.readline()
        if not line:
            return 0  # EOF
        if not line.strip():
            continue
        request = reference_adapter.read_request(line)
        if request is None:
            continue
        kind = request.get("type")
        if kind == "start":
            started = reference_adapter.started_message(arguments.profile)
            if arguments.bad_version:
                started["protocolVersion"] = 2
            reference_adapter.write_message(started)
        elif kind == "stop":
            return 0
        elif kind == "run":
            runs_read += 1
            if arguments.exit_after is not None and runs_read > arguments.exit_after:
                return 0  # request N + 1 is in flight, unanswered
            answer_run(request, arguments)
        else:
            reference_adapter.log("ignoring a message of unknown type %r" % (kind,))


def main(argv=None):
    arguments = parse_arguments(argv)
    if arguments.no_handshake:
        return 1
    try:
        return serve(arguments)
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
