"""The functions' processes: each function started as Lambda starts it, from its assets and the template.

A process sees the function's code asset, then its layers' ``python`` folders (Lambda's ``/opt/python``),
and nothing else of this machine's packages; its environment is the template's, Lambda's own variables,
its role's credentials and the stand-in cloud's endpoint. The layer is built for the Lambda's
architecture (arm64); where this machine is another, each package of the layer that holds a compiled
module for that architecture is taken instead from this machine's own install of the very same
version (checked), and the report says so. Everything else runs from the assets.
"""

from __future__ import annotations

import json
import platform
import subprocess
import sys
import tempfile
import threading
import uuid
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

BOOTSTRAP = Path(__file__).resolve().with_name("bootstrap.py")
#: ELF ``e_machine`` values of the architectures Lambda runs.
_ELF_MACHINES = {"x86_64": 0x3E, "arm64": 0xB7}


class FunctionFailed(RuntimeError):
    """A function's init phase or an invocation raised (the message holds the error and its trace)."""


@dataclass(frozen=True)
class FunctionSpec:
    """What the template says a function is, resolved."""

    logical_id: str
    name: str
    arn: str
    handler: str
    runtime: str
    architectures: tuple[str, ...]
    code: Path
    layers: tuple[Path, ...]
    environment: dict[str, str]
    role_arn: str
    timeout_s: int
    memory_mb: int
    log_group: str


def _machine() -> str:
    return {"x86_64": "x86_64", "amd64": "x86_64", "aarch64": "arm64", "arm64": "arm64"}[
        platform.machine().lower()
    ]


def _elf_machine(path: Path) -> int | None:
    head = path.read_bytes()[:20]
    return int.from_bytes(head[18:20], "little") if head[:4] == b"\x7fELF" else None


def foreign_packages(site: Path) -> dict[str, tuple[str, str]]:
    """Top-level packages of ``site`` holding a compiled module for another machine than this one:
    ``{package: (distribution, version)}``, read from the distributions' RECORD files."""
    here = _ELF_MACHINES[_machine()]
    owners: dict[str, tuple[str, str]] = {}
    for info in site.glob("*.dist-info"):
        if not (info / "RECORD").exists():
            continue
        meta = metadata.PathDistribution(info)
        owner = (meta.metadata["Name"], meta.version)
        for line in (info / "RECORD").read_text().splitlines():
            owners.setdefault(line.split(",", 1)[0].split("/", 1)[0], owner)
    foreign: dict[str, tuple[str, str]] = {}
    for library in site.rglob("*.so"):
        machine = _elf_machine(library)
        top = library.relative_to(site).parts[0]
        if machine is not None and machine != here and top in owners:
            foreign[top] = owners[top]
    return foreign


def native_stand_ins(layers: tuple[Path, ...], into: Path) -> list[str]:
    """Link this machine's build of each foreign package into ``into``; the lines the report shows.

    Raises when this machine's install is not the layer's version (the substitution would test
    something else than what ships)."""
    notes: list[str] = []
    for layer in layers:
        site = layer / "python"
        for package, (distribution, version) in sorted(foreign_packages(site).items()):
            try:
                installed = metadata.distribution(distribution)
            except metadata.PackageNotFoundError:
                raise FunctionFailed(f"{distribution} {version} of the layer is not installed here") from None
            if installed.version != version:
                raise FunctionFailed(
                    f"the layer ships {distribution} {version}, this machine has {installed.version}"
                )
            source = Path(str(installed.locate_file(package)))
            target = into / package
            if not target.exists():
                target.symlink_to(source, target_is_directory=source.is_dir())
            notes.append(f"{package} ({distribution} {version}): this machine's {_machine()} build")
    return notes


@dataclass
class Process:
    """One warm container of a function."""

    spec: FunctionSpec
    popen: subprocess.Popen[str]
    log: Path
    init_ms: float


@dataclass
class Runtime:
    """Starts and keeps the functions' processes; invokes them."""

    endpoint: str
    region: str
    credentials: dict[str, dict[str, str]]  # role ARN -> AWS_ACCESS_KEY_ID, ... of its assumed session
    workdir: Path
    extra_environment: dict[str, dict[str, str]] = field(default_factory=dict)  # function name -> vars
    endpoint_substitutions: dict[str, str] = field(default_factory=dict)  # a template value -> local URL
    notes: list[str] = field(default_factory=list)
    cold_starts: dict[str, float] = field(default_factory=dict)  # function logical id -> init ms
    _shims: dict[tuple[Path, ...], Path] = field(default_factory=dict)  # layers -> their stand-ins' folder
    _idle: dict[str, list[Process]] = field(default_factory=dict)
    _all: list[Process] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def environment(self, spec: FunctionSpec) -> dict[str, str]:
        """The template's variables, Lambda's own, the role's credentials, and the stand-in's endpoint."""
        env = {k: self.endpoint_substitutions.get(v, v) for k, v in spec.environment.items()}
        env.update(self.credentials[spec.role_arn])
        env.update(
            {
                "AWS_LAMBDA_FUNCTION_NAME": spec.name,
                "AWS_LAMBDA_FUNCTION_VERSION": "$LATEST",
                "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": str(spec.memory_mb),
                "AWS_LAMBDA_LOG_GROUP_NAME": spec.log_group,
                "AWS_LAMBDA_LOG_STREAM_NAME": "rehearsal",
                "AWS_EXECUTION_ENV": f"AWS_Lambda_{spec.runtime}",
                "AWS_REGION": self.region,
                "AWS_DEFAULT_REGION": self.region,
                "LAMBDA_TASK_ROOT": str(spec.code),
                "_HANDLER": spec.handler,
                "TZ": ":UTC",
                "LANG": "en_US.UTF-8",
                "PATH": "/usr/local/bin:/usr/bin:/bin",
                # the stand-in cloud (moto behind the IAM gate) instead of AWS's endpoints
                "AWS_ENDPOINT_URL": self.endpoint,
                "AWS_EC2_METADATA_DISABLED": "true",
            }
        )
        env.update(self.extra_environment.get(spec.name, {}))
        return env

    def _start(self, spec: FunctionSpec) -> Process:
        if spec.runtime != f"python{sys.version_info.major}.{sys.version_info.minor}":
            raise FunctionFailed(
                f"{spec.logical_id}: runtime {spec.runtime}, but the rehearsal runs Python "
                f"{sys.version_info.major}.{sys.version_info.minor} (make it the runtime's)"
            )
        shims = self._shims.get(spec.layers)
        if shims is None:
            shims = self._shims[spec.layers] = Path(tempfile.mkdtemp(prefix="native-", dir=self.workdir))
            for note in native_stand_ins(spec.layers, shims):
                if note not in self.notes:
                    self.notes.append(note)
        path = [str(spec.code), str(shims)]
        for layer in spec.layers:
            path += [str(layer / "python"), str(layer / "python" / "lib" / spec.runtime / "site-packages")]
        config = {
            "handler": spec.handler,
            "path": path,
            "function_name": spec.name,
            "memory_mb": spec.memory_mb,
            "timeout_ms": spec.timeout_s * 1000,
            "log_group": spec.log_group,
            "log_stream": "rehearsal",
        }
        log = self.workdir / f"{spec.logical_id}-{len(self._all)}.log"
        popen = subprocess.Popen(
            [sys.executable, "-I", "-S", "-B", str(BOOTSTRAP), json.dumps(config)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=log.open("w"),
            env=self.environment(spec),
            cwd=spec.code,
            text=True,
        )
        assert popen.stdout is not None
        first = json.loads(popen.stdout.readline() or '{"init_error": {"message": "the process died"}}')
        if "init_error" in first:
            popen.kill()
            error = first["init_error"]
            raise FunctionFailed(
                f"{spec.logical_id} ({spec.handler}) failed at init: "
                f"{error.get('type')}: {error.get('message')}\n"
                f"{error.get('trace', '')}{log.read_text()[-2000:]}"
            )
        process = Process(spec, popen, log, float(first["init_ms"]))
        self.cold_starts.setdefault(spec.logical_id, process.init_ms)
        self._all.append(process)
        return process

    def invoke(self, spec: FunctionSpec, event: Any, invoked_arn: str | None = None) -> Any:
        """Run one event on a warm process of ``spec`` (a new one if all are busy); its answer.

        Raises :class:`FunctionFailed` with the function's error when the handler raised."""
        with self._lock:
            idle = self._idle.setdefault(spec.logical_id, [])
            process = idle.pop() if idle else None
        if process is None:
            process = self._start(spec)
        try:
            request = {
                "event": event,
                "invoked_arn": invoked_arn or spec.arn,
                "request_id": str(uuid.uuid4()),
            }
            assert process.popen.stdin is not None
            assert process.popen.stdout is not None
            process.popen.stdin.write(json.dumps(request) + "\n")
            process.popen.stdin.flush()
            line = process.popen.stdout.readline()
            if not line:
                raise FunctionFailed(f"{spec.logical_id} died: {process.log.read_text()[-2000:]}")
            reply = json.loads(line)
        finally:
            with self._lock:
                self._idle[spec.logical_id].append(process)
        if "error" in reply:
            error = reply["error"]
            raise FunctionFailed(f"{spec.logical_id}: {error['type']}: {error['message']}\n{error['trace']}")
        return reply["result"]

    def logs(self, logical_id: str) -> str:
        return "".join(p.log.read_text() for p in self._all if p.spec.logical_id == logical_id)

    def stop(self) -> None:
        for process in self._all:
            process.popen.kill()
            process.popen.wait()
