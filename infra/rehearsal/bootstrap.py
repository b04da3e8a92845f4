"""A function's runtime loop, run as ``python -I -S -B bootstrap.py '<config>'`` (standard library only).

Like Lambda's Python runtime: the path is the code asset, then each layer's ``python`` folders, and
nothing of the machine's site-packages; the handler string is imported once (the init phase, timed),
then each event read from the harness is handed to it with a context object. Events and answers travel
as JSON lines on the process's original stdin and stdout; the handler's own output (its log lines) goes
to stderr, which the harness keeps as the function's log.
"""

import importlib
import json
import os
import sys
import time
import traceback
from typing import Any


class Context:
    """The attributes and method of Lambda's context object that handlers read."""

    def __init__(self, config: dict[str, Any], request: dict[str, Any]) -> None:
        self.function_name = config["function_name"]
        self.function_version = "$LATEST"
        self.invoked_function_arn = request["invoked_arn"]
        self.memory_limit_in_mb = config["memory_mb"]
        self.aws_request_id = request["request_id"]
        self.log_group_name = config["log_group"]
        self.log_stream_name = config["log_stream"]
        self.identity = None
        self.client_context = None
        self._deadline = time.time() * 1000 + config["timeout_ms"]

    def get_remaining_time_in_millis(self) -> int:
        return max(0, int(self._deadline - time.time() * 1000))


def _error(exc: BaseException) -> dict[str, str]:
    return {"type": type(exc).__name__, "message": str(exc), "trace": traceback.format_exc()[-4000:]}


def main() -> None:
    config = json.loads(sys.argv[1])
    wire_in = os.fdopen(os.dup(0), "r", encoding="utf-8")
    wire_out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    os.dup2(2, 1)  # print() and the loggers write to the function's log
    sys.path[:0] = config["path"]

    def send(message: dict[str, Any]) -> None:
        wire_out.write(json.dumps(message) + "\n")
        wire_out.flush()

    started = time.perf_counter()
    try:
        module_name, function_name = config["handler"].rsplit(".", 1)
        handler = getattr(importlib.import_module(module_name), function_name)
    except BaseException as exc:  # the init phase failed: Lambda reports Runtime.ImportModuleError
        send({"init_error": _error(exc)})
        return
    send({"ready": True, "init_ms": round((time.perf_counter() - started) * 1000, 1)})
    for line in wire_in:
        request = json.loads(line)
        began = time.perf_counter()
        try:
            result = handler(request["event"], Context(config, request))
            reply = {"result": result}
        except BaseException as exc:
            reply = {"error": _error(exc)}
        reply["ms"] = round((time.perf_counter() - began) * 1000, 1)
        sys.stdout.flush()
        sys.stderr.flush()
        send(reply)


if __name__ == "__main__":
    main()
