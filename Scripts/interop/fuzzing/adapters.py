"""A JSON Lines client of the adapter protocol (Vectors/HARNESS.md), for the differential fuzzer: it starts an
adapter, checks its handshake, sends many run requests through a writer thread (so neither side blocks on a full
pipe) and reads the answers in order. It is not the runner: no judging, no report; an adapter that dies or answers
out of order is restarted and the request it was on is recorded as `crashed`. Standard library only.
"""

import json
import os
import queue
import subprocess
import threading
from collections.abc import Iterable
from typing import Any, Optional

PROTOCOL_VERSION = 1
CHUNK = 256  # requests sent before their answers are read


class AdapterUnavailable(Exception):
    """The adapter could not be started or its handshake was not protocol version 1."""


class AdapterClient:
    def __init__(self, command: str, cwd: str, timeout: float = 30.0) -> None:
        self.command, self.cwd, self.timeout = command, cwd, timeout
        self.process: Optional[subprocess.Popen[str]] = None
        self.handshake: dict[str, Any] = {}
        self._lines: "queue.Queue[Optional[str]]" = queue.Queue()

    def start(self) -> dict[str, Any]:
        """Starts the adapter and returns its `started` message."""
        try:
            self.process = subprocess.Popen(
                ["/bin/sh", "-c", self.command], cwd=self.cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, encoding="utf-8", bufsize=1, start_new_session=True)
        except OSError as error:
            raise AdapterUnavailable(f"{self.command}: {error}") from error
        self._lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.process, self._lines), daemon=True).start()
        self._send([{"type": "start", "protocolVersion": PROTOCOL_VERSION}])
        answer = self._next()
        if not answer or answer.get("type") != "started" or answer.get("protocolVersion") != PROTOCOL_VERSION:
            self.stop()
            raise AdapterUnavailable(f"{self.command}: no protocol-{PROTOCOL_VERSION} handshake (got {answer!r})")
        self.handshake = answer
        return answer

    @staticmethod
    def _read(process: subprocess.Popen[str], lines: "queue.Queue[Optional[str]]") -> None:
        assert process.stdout is not None  # started with stdout=PIPE
        try:
            for line in process.stdout:
                lines.put(line)
        except (ValueError, OSError):  # closed by stop() after the adapter ended
            pass
        lines.put(None)

    def _send(self, messages: Iterable[dict[str, Any]], process: Optional[subprocess.Popen[str]] = None) -> None:
        """Writes `messages` to `process` (by default the adapter running now); a closed pipe ends the write."""
        target = process or self.process
        text = "".join(json.dumps(m, ensure_ascii=False, separators=(",", ":")) + "\n" for m in messages)
        try:
            assert target is not None and target.stdin is not None  # started, with stdin=PIPE
            target.stdin.write(text)
            target.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            pass

    def _next(self) -> Optional[dict[str, Any]]:
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            return None
        if line is None:
            return None
        try:
            message = json.loads(line)
        except ValueError:
            return {"type": "garbage", "line": line[:200]}
        return message if isinstance(message, dict) else {"type": "garbage", "line": line[:200]}

    def run_all(self, family: str, inputs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Each input's answer message (`result`, `skipped`, `errored`), or {"type": "crashed"} for the request an
        adapter died, hung or answered out of order on (it is restarted for the rest)."""
        answers: list[dict[str, Any]] = []
        position = 0
        while position < len(inputs):
            chunk = inputs[position:position + CHUNK]
            # The writer is bound to the adapter of this chunk: after a restart, none of its requests can reach the
            # next adapter (whose answers would then be out of order, a false crash).
            writer = threading.Thread(target=self._send, args=([
                {"type": "run", "seq": position + i + 1, "family": family, "id": f"{family}::fuzz::{position + i + 1}",
                 "input": item} for i, item in enumerate(chunk)], self.process), daemon=True)
            writer.start()
            for i in range(len(chunk)):
                answer = self._next()
                if not answer or answer.get("seq") != position + i + 1 or answer.get("type") not in (
                        "result", "skipped", "errored"):
                    answers.append({"type": "crashed", "detail": answer})
                    # Killed, not asked to stop: an adapter that hung reads nothing more, and a `stop` written
                    # behind a full pipe would wait for it for ever. A write still under way then fails and ends.
                    self.kill()
                    writer.join()
                    position += i + 1
                    self.start()
                    break
                answers.append(answer)
            else:
                position += len(chunk)
                writer.join()
        return answers

    def kill(self) -> None:
        """Kills the adapter's process group and reaps it (for an adapter that crashed, hung or misbehaved)."""
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, 9)
        except OSError:
            pass
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        self.process = None

    def stop(self) -> None:
        if self.process is None:
            return
        self._send([{"type": "stop"}])
        assert self.process.stdin is not None  # started with stdin=PIPE
        try:
            self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(self.process.pid, 9)
            except OSError:
                pass
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()
        self.process = None


def verdict(answer: dict[str, Any]) -> str:
    """accepted, rejected (with its reason), skipped, errored or crashed."""
    if answer.get("type") == "result":
        outcome = answer.get("outcome") or {}
        return outcome.get("result", "malformed") if isinstance(outcome, dict) else "malformed"
    return answer.get("type", "crashed")
