#!/usr/bin/env python3
"""A hostile test adapter: the reference adapter (Examples/PythonAdapter/reference_adapter.py) with ONE attack
on the runner, chosen by a flag, to prove that the runner stays bounded in time and memory, blames the right
vector and leaves no process behind (Vectors/HARNESS.md, "What the runner does when an adapter misbehaves").

  --double-answer-on ID    answer the run request for ID twice
  --double-answer-all      answer every run request twice
  --extra-on-stop          on stop, write one more result line before exiting 0
  --flood-on-stop BYTES    on stop, write BYTES bytes of short lines (more than the runner may keep), then exit 0
  --overlong-on ID BYTES   answer ID with one line of BYTES bytes (a valid result padded with a long member)
  --endless-on ID          on ID, write output without a newline, forever
  --close-stdout-on ID     on ID, close standard output and sleep (never exit)
  --fork-exit-on ID        on ID, fork a child that keeps standard output open and sleeps; the adapter exits 0
  --invalid-utf8-on ID     answer ID with a line holding the bytes FF FE (not UTF-8)
  --extra-member-on ID     answer ID correctly with one more top-level member, "debug"
  --hang-on ID             on ID, sleep forever (with --ignore-term: a hang that SIGTERM does not end)
  --exit-after ID          on ID, close standard input, answer ID correctly and exit 0 (the next request
                           provably never arrives: writing it fails with EPIPE)
  --setsid-child-on ID     on ID, start a child that leaves the process group (setsid) and sleeps, write its
                           process ID to --pid-file (appended as "child <pid>"), then answer correctly
  --slow-on ID SECONDS     on ID, wait SECONDS before answering correctly (a hang under a shorter --timeout only)
  --daemon-on ID           on ID, start a daemon (fork, setsid, fork again; the middle process exits at once, so
                           the daemon is orphaned before the run ends), append "child <pid>" to --pid-file, answer
  --stop-reading           after the handshake, never read standard input again (sleep): every write to it
                           stalls once the pipe is full
  --capability-twice       list the first capability twice in the started message
  --escape-in-error-on ID  answer ID with errored, its message holding ESC, BEL and a newline (terminal control)
  --read-ahead K TOTAL     answer each run request only once the K run requests after it are read (or all TOTAL
                           are): it finishes only if the runner always sends the next K before it has the answer
                           (a window), and hangs if it waits for a whole batch's answers before sending more
  --ignore-term            ignore SIGTERM, and start a helper child in the same process group that ignores it too
  --pid-file FILE          write "<pid> <process group>" to FILE once started

With no attack flag it is the reference adapter. --profile is passed through.
"""

import argparse
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "Examples", "PythonAdapter"))
import reference_adapter  # noqa: E402


def parse_arguments(argv=None):
    parser = argparse.ArgumentParser(description="LoginConformance adapter that attacks the runner.")
    parser.add_argument("--profile", choices=reference_adapter.PROFILES, default="documented")
    parser.add_argument("--double-answer-on", metavar="ID")
    parser.add_argument("--double-answer-all", action="store_true")
    parser.add_argument("--extra-on-stop", action="store_true")
    parser.add_argument("--flood-on-stop", metavar="BYTES", type=int)
    parser.add_argument("--overlong-on", nargs=2, metavar=("ID", "BYTES"))
    parser.add_argument("--endless-on", metavar="ID")
    parser.add_argument("--close-stdout-on", metavar="ID")
    parser.add_argument("--fork-exit-on", metavar="ID")
    parser.add_argument("--invalid-utf8-on", metavar="ID")
    parser.add_argument("--extra-member-on", metavar="ID")
    parser.add_argument("--hang-on", metavar="ID")
    parser.add_argument("--exit-after", metavar="ID")
    parser.add_argument("--stop-reading", action="store_true")
    parser.add_argument("--daemon-on", metavar="ID")
    parser.add_argument("--capability-twice", action="store_true")
    parser.add_argument("--escape-in-error-on", metavar="ID")
    parser.add_argument("--setsid-child-on", metavar="ID")
    parser.add_argument("--slow-on", nargs=2, metavar=("ID", "SECONDS"))
    parser.add_argument("--read-ahead", nargs=2, type=int, metavar=("K", "TOTAL"))
    parser.add_argument("--ignore-term", action="store_true")
    parser.add_argument("--pid-file", metavar="FILE")
    return parser.parse_args(argv)


def write_bytes(data):
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def sleep_forever():
    while True:
        time.sleep(3600)


def answer_run(request, arguments):
    vector_id = request.get("id")
    seq = request.get("seq")
    if vector_id == arguments.endless_on:
        chunk = b"x" * 65536
        while True:
            write_bytes(chunk)
    if vector_id == arguments.close_stdout_on:
        sys.stdout.flush()
        os.close(1)
        sleep_forever()
    if vector_id == arguments.fork_exit_on:
        if os.fork() == 0:
            sleep_forever()  # the child keeps standard output open
        os._exit(0)
    if vector_id == arguments.hang_on:
        sleep_forever()
    if vector_id == arguments.exit_after:
        os.close(0)
        reference_adapter.write_message(reference_adapter.answer_run(request, arguments.profile))
        sys.stdout.flush()
        os._exit(0)
    if vector_id == arguments.daemon_on:
        reader, writer = os.pipe()
        if os.fork() == 0:
            os.setsid()
            daemon = os.fork()
            if daemon == 0:
                for descriptor in (0, 1, 2, writer, reader):
                    os.close(descriptor)
                sleep_forever()
            os.write(writer, b"%d" % daemon)
            os._exit(0)
        os.close(writer)
        daemon = int(os.read(reader, 32))
        os.close(reader)
        os.wait()
        with open(arguments.pid_file, "a") as handle:
            handle.write("child %d\n" % daemon)
    if vector_id == arguments.setsid_child_on:
        child = os.fork()
        if child == 0:
            os.setsid()
            for descriptor in (0, 1, 2):
                os.close(descriptor)
            sleep_forever()
        with open(arguments.pid_file, "a") as handle:
            handle.write("child %d\n" % child)
    if arguments.slow_on and vector_id == arguments.slow_on[0]:
        time.sleep(float(arguments.slow_on[1]))
    if vector_id == arguments.escape_in_error_on:
        reference_adapter.write_message({"type": "errored", "seq": seq,
                                         "message": "\x1b]0;pwned\x07\x1b[2J\nrerun: rm -rf /"})
        return
    if vector_id == arguments.invalid_utf8_on:
        write_bytes(b'{"type":"result","seq":%d,"outcome":{"result":"\xff\xfe"}}\n' % seq)
        return
    answer = reference_adapter.answer_run(request, arguments.profile)
    if answer is None:
        return
    if arguments.overlong_on and vector_id == arguments.overlong_on[0]:
        size = int(arguments.overlong_on[1])
        head = b'{"type":"result","seq":%d,"padding":"' % seq
        write_bytes(head)
        block = b"p" * (1 << 20)
        remaining = size - len(head)
        while remaining > 0:
            write_bytes(block[:remaining])
            remaining -= len(block)
        write_bytes(b'"}\n')
        return
    if vector_id == arguments.extra_member_on:
        answer["debug"] = "a member the protocol does not define"
    reference_adapter.write_message(answer)
    if arguments.double_answer_all or vector_id == arguments.double_answer_on:
        reference_adapter.write_message(answer)


def serve(arguments):
    stdin = sys.stdin.buffer
    waiting = []  # --read-ahead: run requests read, not answered yet
    read = 0
    while True:
        line = stdin.readline()
        if not line:
            return 0
        request = reference_adapter.read_request(line)
        if request is None:
            continue
        kind = request.get("type")
        if kind == "start":
            started = reference_adapter.started_message(arguments.profile)
            if arguments.capability_twice:
                started["capabilities"] = started["capabilities"][:1] + started["capabilities"]
            reference_adapter.write_message(started)
            if arguments.stop_reading:
                sleep_forever()
        elif kind == "stop":
            if arguments.extra_on_stop:
                reference_adapter.write_message({"type": "result", "seq": 1, "outcome": {"result": "valid"}})
            if arguments.flood_on_stop:
                block = b"noise\n" * (1 << 17)
                for _ in range(max(1, arguments.flood_on_stop // len(block))):
                    write_bytes(block)
            return 0
        elif kind == "run" and arguments.read_ahead:
            ahead, total = arguments.read_ahead
            waiting.append(request)
            read += 1
            while waiting and (len(waiting) > ahead or read >= total):
                answer_run(waiting.pop(0), arguments)
        elif kind == "run":
            answer_run(request, arguments)


def main(argv=None):
    arguments = parse_arguments(argv)
    if arguments.ignore_term:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        # A helper in the same process group that ignores SIGTERM too: only SIGKILL to the group ends it.
        subprocess.Popen([sys.executable, "-c",
                          "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(3600)"],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if arguments.pid_file:
        with open(arguments.pid_file, "w") as handle:
            handle.write("%d %d\n" % (os.getpid(), os.getpgrp()))
    try:
        return serve(arguments)
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
