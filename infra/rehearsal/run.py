"""One rehearsal: make the stack on the stand-in cloud, start its functions, play, and judge.

:func:`rehearse` returns a :class:`Report`; it is green when no step failed, no call was refused, no
secret reached a log and every grant the template writes was used, or is one of :data:`UNCALLED` (what
no code path of the service calls, with the reason it is granted all the same).
"""

from __future__ import annotations

import fnmatch
import json
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from infra.rehearsal import scenario
from infra.rehearsal.assembly import Assembly, read
from infra.rehearsal.cloud import Cloud
from infra.rehearsal.deployer import Deployer, DeployFailed, Deployment
from infra.rehearsal.frontdoors import Broken, FrontDoors, Refused
from infra.rehearsal.runtime import FunctionFailed, Runtime

ACCOUNT = "123456789012"
REGION = "eu-south-1"
#: Variables the rehearsal adds to every function's environment besides Lambda's own: webhooks may reach
#: its receiver on 127.0.0.1 over http (in AWS they must be https:// on a public address).
TRACE_ID = "1-5759e988-bd862e3fe1be46a994272793"  # the segment each function's role uploads
REHEARSAL_VARIABLES = {"WEBHOOKS_ALLOW_HTTP": "true", "WEBHOOKS_ALLOW_PRIVATE": "true"}

#: Grants that no call of the rehearsal uses, and why the template holds them anyway: (whose role: its
#: function's handler, or the start of the role's logical id; the action; the granted resource, a glob)
#: -> the reason. A listed grant the rehearsal does use is reported too: the list must stay true.
UNCALLED: dict[tuple[str, str, str], str] = {
    ("live.handler.handler", "execute-api:ManageConnections", "*/DELETE/@connections/*"): (
        "auth closes its own connection only when the player's token was retired between its two checks "
        "(a race with a rotation: SECURITY.md); the notifier's closes are called"
    ),
    ("live.handler.handler", "lambda:InvokeFunction", "*Notifier*"): (
        "a subscription that renders a match whose clock has lapsed applies the timeout (lazily) and "
        "publishes the change; reached only once a move's deadline has passed"
    ),
    ("pipeline.handler.handler", "sqs:SendMessage", "*ScheduleDeadLetters*"): (
        "the on-failure destination of the pipeline's asynchronous runs: Lambda sends a run that failed "
        "twice there, with this role"
    ),
    ("ScheduleSchedulerRole", "lambda:InvokeFunction", "*:[*]"): (
        "CDK's scheduler target grants the function's qualified ARNs (versions, aliases) beside the "
        "function's own; the schedule invokes the function ($LATEST)"
    ),
    ("notifier.handler.handler", "sqs:DeleteMessage", "*FanoutSlices*"): (
        "Lambda's poller deletes a slice or a lobby re-notify once the notifier ran it: the rehearsal's "
        "topics have fewer than 100 followers (no slice), and its one delayed re-notify of the lobby is not "
        "due before the rehearsal ends"
    ),
    ("ScheduleSchedulerRole", "sqs:SendMessage", "*ScheduleDeadLetters*"): (
        "EventBridge Scheduler's dead-letter queue: a run the scheduler could not deliver after its retries"
    ),
}


@dataclass
class Report:
    """What the rehearsal saw; :attr:`green` when nothing is wrong."""

    stack: str
    failures: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    unused: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # role -> (action, resource)
    unexplained: list[str] = field(default_factory=list)  # unused grants not in UNCALLED
    leaks: list[str] = field(default_factory=list)
    errors_logged: list[str] = field(default_factory=list)  # each function's errors, once each
    calls: dict[str, Counter[str]] = field(default_factory=dict)  # role -> action -> count
    cold_starts: dict[str, float] = field(default_factory=dict)
    invocations: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    figures: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def green(self) -> bool:
        return not (self.failures or self.refused or self.unexplained or self.leaks)

    def text(self) -> str:
        lines = [
            f"Deploy rehearsal of {self.stack}: {'GREEN' if self.green else 'RED'} in {self.seconds:.1f} s"
        ]
        for title, items in (
            ("Failures", self.failures),
            ("Calls refused by IAM", self.refused),
            (
                "Granted and never called, with no reason given (infra/rehearsal/run.py UNCALLED)",
                self.unexplained,
            ),
            ("Secrets in the functions' logs", self.leaks),
            ("Errors the functions logged", self.errors_logged),
        ):
            if items:
                lines += [f"\n{title}:"] + [f"  - {item}" for item in items]
        lines.append("\nCalls by role (allowed):")
        for role, counts in sorted(self.calls.items()):
            lines.append(f"  {role}: " + ", ".join(f"{a} x{n}" for a, n in sorted(counts.items())))
        lines.append("\nGranted and never called (the reasons: infra/rehearsal/run.py UNCALLED):")
        for owner, pairs in sorted(self.unused.items()):
            for action, resource in pairs:
                lines.append(f"  {owner}: {action} on {resource}")
        lines.append(
            "\nCold starts (import of the handler, ms): "
            + ", ".join(f"{k} {v:.0f}" for k, v in sorted(self.cold_starts.items()))
        )
        lines.append("Invocations: " + ", ".join(f"{k} {v}" for k, v in sorted(self.invocations.items())))
        lines.append("Figures: " + "; ".join(f"{k}: {v}" for k, v in self.figures.items()))
        lines += ["\nHow it differs from AWS:"] + [f"  - {n}" for n in self.notes]
        return "\n".join(lines)


def _credentials(cloud: Cloud, deployment: Deployment) -> dict[str, dict[str, str]]:
    """Each function role's assumed-session credentials, as Lambda hands them to the function."""
    sts = cloud.client("sts")
    found: dict[str, dict[str, str]] = {}
    for spec in deployment.functions.values():
        if spec.role_arn in found:
            continue
        if spec.role_arn not in deployment.roles:
            raise Refused(f"{spec.logical_id}'s role {spec.role_arn} is not a role of the template")
        session = sts.assume_role(RoleArn=spec.role_arn, RoleSessionName=spec.name[:64])["Credentials"]
        cloud.principals[session["AccessKeyId"]] = deployment.roles[spec.role_arn]
        found[spec.role_arn] = {
            "AWS_ACCESS_KEY_ID": session["AccessKeyId"],
            "AWS_SECRET_ACCESS_KEY": session["SecretAccessKey"],
            "AWS_SESSION_TOKEN": session["SessionToken"],
        }
    return found


def _websocket_endpoints(cloud: Cloud, deployment: Deployment) -> dict[str, str]:
    """The WebSocket stages' management URLs (``https://<api>.execute-api.<region>.<suffix>/<stage>``)
    mapped to the stand-in's, which the functions cannot reach under AWS's host names."""
    found = {}
    for api_id, api in deployment.apis.items():
        if api.get("ProtocolType") != "WEBSOCKET":
            continue
        for stage in deployment.stages.get(api_id, []):
            found[f"https://{api_id}.execute-api.{cloud.region}.amazonaws.com/{stage}"] = (
                f"{cloud.url}/{api_id}/{stage}"
            )
    return found


def _ship_logs_and_traces(doors: FrontDoors, runtime: Runtime) -> None:
    """What Lambda does with each function's role: its log lines to its log group, a trace segment."""
    for spec in doors.deployment.functions.values():
        if spec.logical_id not in runtime.cold_starts:
            continue
        logs = doors.role_client("logs", spec)
        logs.create_log_stream(logGroupName=spec.log_group, logStreamName="rehearsal")
        lines = [line for line in runtime.logs(spec.logical_id).splitlines() if line.strip()][-500:] or [
            "(no output)"
        ]
        now = int(time.time() * 1000)
        logs.put_log_events(
            logGroupName=spec.log_group,
            logStreamName="rehearsal",
            logEvents=[{"timestamp": now, "message": line[:200_000]} for line in lines],
        )
        xray = doors.role_client("xray", spec)
        segment = json.dumps(
            {
                "name": spec.name,
                "id": "70de5b6f19ff9a0a",
                "trace_id": TRACE_ID,
                "start_time": 1,
                "end_time": 2,
            }
        )
        xray.put_trace_segments(TraceSegmentDocuments=[segment])
        xray.put_telemetry_records(TelemetryRecords=[])


def _judge_grants(report: Report, cloud: Cloud, deployment: Deployment) -> None:
    """Every grant no call used must be in :data:`UNCALLED`, and every entry there still unused."""
    owners = {deployment.roles.get(spec.role_arn, ""): spec.handler for spec in deployment.functions.values()}
    explained: set[tuple[str, str, str]] = set()
    for role, grants in sorted(cloud.grants.items()):
        owner = owners.get(role) or role.removeprefix(f"{report.stack}-")
        unused = grants.unused()
        if unused:
            report.unused[owner] = unused
        for action, resource in unused:
            entry = next(
                (
                    key
                    for key in UNCALLED
                    if owner.startswith(key[0]) and key[1] == action and fnmatch.fnmatchcase(resource, key[2])
                ),
                None,
            )
            if entry is None:
                report.unexplained.append(f"{owner}: {action} on {resource}")
            else:
                explained.add(entry)
        for statement in grants.conditional():
            report.notes.append(
                f"{role}: a statement with a Condition was not evaluated ({statement.policy})"
            )
    for stale in sorted(set(UNCALLED) - explained):
        report.unexplained.append(f"{stale} is listed in UNCALLED but was called (or is no longer granted)")


def _errors_logged(runtime: Runtime, deployment: Deployment) -> list[str]:
    """Each function's distinct ERROR log lines (message, exception type and its last line)."""
    found: list[str] = []
    for spec in deployment.functions.values():
        for line in runtime.logs(spec.logical_id).splitlines():
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if not isinstance(entry, dict) or entry.get("level") != "ERROR":
                continue
            exception = str(entry.get("exception") or "").strip().splitlines()
            said = f"{spec.logical_id}: {entry.get('message')}" + (f" ({exception[-1]})" if exception else "")
            if said not in found:
                found.append(said)
    return found


def _leaks(runtime: Runtime, deployment: Deployment, seen: set[str], cloud: Cloud) -> list[str]:
    secrets_manager = cloud.client("secretsmanager")
    values = set(seen)
    for arn in cloud.secret_arns.values():
        values.add(secrets_manager.get_secret_value(SecretId=arn)["SecretString"])
    found = []
    for spec in deployment.functions.values():
        text = runtime.logs(spec.logical_id)
        for value in values:
            if len(value) >= 16 and value in text:
                found.append(f"{spec.logical_id}'s log holds a secret ({value[:6]}...)")
    return found


def rehearse(folder: Path, events: Path | None = None, stack: str | None = None) -> Report:
    """Rehearse the deploy of ``stack`` from the cloud assembly ``folder``, playing ``events`` too."""
    started = time.perf_counter()
    assembly: Assembly = read(folder, stack)
    report = Report(assembly.stack_name)
    cloud = Cloud(ACCOUNT, REGION).start()
    runtime: Runtime | None = None
    try:
        deployment = Deployer(assembly, cloud).deploy()
        admin_token, admin_hash = scenario.new_admin_token()
        api = next((s for s in deployment.functions.values() if s.handler == "api.handler.handler"), None)
        if api is None or "ADMIN_TOKEN_PARAMETER" not in api.environment:
            raise Refused(
                "the API function reads no admin token parameter: synthesise with an admin_token_hash"
            )
        # The operator rotates the admin token (docs/deploying.md): only its hash is kept, in SSM.
        cloud.client("ssm").put_parameter(
            Name=api.environment["ADMIN_TOKEN_PARAMETER"], Value=admin_hash, Type="String", Overwrite=True
        )
        substitutions = _websocket_endpoints(cloud, deployment)
        runtime = Runtime(
            endpoint=cloud.url,
            region=cloud.region,
            credentials=_credentials(cloud, deployment),
            workdir=Path(tempfile.mkdtemp(prefix="rehearsal-")),
            extra_environment={s.name: dict(REHEARSAL_VARIABLES) for s in deployment.functions.values()},
            endpoint_substitutions=substitutions,
        )
        report.notes += [
            f"the WebSocket management URL {aws} is served at {local}" for aws, local in substitutions.items()
        ]
        report.notes.append(
            "every function also gets "
            + ", ".join(f"{k}={v}" for k, v in REHEARSAL_VARIABLES.items())
            + " (the webhook receiver is http://127.0.0.1) and AWS_ENDPOINT_URL (the stand-in cloud)"
        )
        doors = FrontDoors(deployment, cloud, runtime)
        play = scenario.Play(doors, admin_token, {admin_token})
        try:
            with play.timed("sample events"):
                if events is not None:
                    scenario.sample_events(play, events)
            with play.timed("a whole game"):
                ada, token, seat = scenario.a_whole_game(play)
            with play.timed("tournaments"):
                scenario.a_tournament_by_the_schedule(play, ada, token)
            with play.timed("jobs"):
                scenario.jobs(play)
            with play.timed("connections"):
                scenario.connections(play, ada, token, seat)
            _ship_logs_and_traces(doors, runtime)
        except (scenario.ScenarioFailed, FunctionFailed, Refused) as failure:
            report.failures.append(f"{type(failure).__name__}: {failure}")
        except Broken:
            pass  # already among the front doors' failures
        report.failures += doors.failures
        report.figures = play.figures
        report.invocations = dict(doors.invocations)
        report.leaks = _leaks(runtime, deployment, play.secrets_seen, cloud)
        if report.failures:  # what a 500 hid from the caller, as CloudWatch would show it
            report.errors_logged = _errors_logged(runtime, deployment)
        report.notes = runtime.notes + report.notes
        report.cold_starts = dict(runtime.cold_starts)
        for record in cloud.records:
            if record.principal == "operator":
                continue
            if not record.allowed:
                for (action, resource), decision in zip(record.call.needs, record.decisions, strict=True):
                    if not decision.allowed:
                        report.refused.append(
                            f"{record.principal}: {action} on {resource} ({decision.reason})"
                        )
            else:
                counts = report.calls.setdefault(record.principal, Counter())
                for action, _ in record.call.needs:
                    counts[action] += 1
        report.refused = sorted(set(report.refused))
        if not report.failures:  # a run cut short leaves grants unused for no fault of theirs
            _judge_grants(report, cloud, deployment)
    except (FunctionFailed, Refused, DeployFailed) as failure:
        report.failures.append(f"{type(failure).__name__}: {failure}")
    finally:
        if runtime is not None:
            runtime.stop()
        cloud.stop()
    report.seconds = time.perf_counter() - started
    return report
