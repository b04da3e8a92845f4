"""CDK entry point: ``python -m infra.app`` (``make synth``, or ``npx aws-cdk@2 ...`` through cdk.json).

Context: ``env`` (dev | prod, default dev), ``admin_token_hash`` (else ``SCOPA_ADMIN_TOKEN_HASH``),
``admin_token_parameter`` (an SSM parameter made outside the stack instead), ``alarm_email``,
``pipeline_reserved_concurrency`` and ``api_reserved_concurrency`` (none by default), ``move_url``
(``false`` turns the API function's move URL off; on by default), ``layer_dir`` (default
``build/layer``, built by ``make layer``). cdk-nag's AwsSolutions pack runs on every synthesis and stops
it on any finding that is not acknowledged in the code.

The feature flags are ``cdk.json``'s (the CDK CLI passes them; :func:`feature_flags` gives them to a
synthesis run without the CLI, as ``make synth`` and the tests do), so every synthesis is the same.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from aws_cdk import App, Validations
from cdk_nag import AwsSolutionsChecks

from infra.config import ENVIRONMENTS, load
from infra.layer import DEFAULT_LAYER_DIR, check_layer
from infra.routes import resolver_routes
from infra.stack import ScopaStack

CDK_JSON = Path(__file__).resolve().parent / "cdk.json"


def feature_flags() -> dict[str, Any]:
    """The feature flags ``cdk.json`` sets (its context entries named ``@aws-cdk...``)."""
    context: dict[str, Any] = json.loads(CDK_JSON.read_text())["context"]
    return {k: v for k, v in context.items() if k.startswith("@aws-cdk")}


def _int(value: Any) -> int | None:
    return None if value in (None, "") else int(value)


def _bool(value: Any) -> bool | None:
    if value in (None, ""):
        return None
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text not in ("true", "false"):
        raise ValueError(f"expected true or false, got {value!r}")
    return text == "true"


def build(app: App, env: str | None = None, layer_dir: Path | None = None) -> ScopaStack:
    """Add the stack of ``env`` (or the ``env`` context) and the cdk-nag checks to ``app``."""
    name = env or app.node.try_get_context("env") or "dev"
    config = load(
        name,
        admin_token_hash=app.node.try_get_context("admin_token_hash"),
        alarm_email=app.node.try_get_context("alarm_email"),
        admin_token_parameter=app.node.try_get_context("admin_token_parameter"),
        pipeline_reserved_concurrency=_int(app.node.try_get_context("pipeline_reserved_concurrency")),
        move_url=_bool(app.node.try_get_context("move_url")),
        api_reserved_concurrency=_int(app.node.try_get_context("api_reserved_concurrency")),
    )
    layer = layer_dir or Path(app.node.try_get_context("layer_dir") or DEFAULT_LAYER_DIR)
    check_layer(layer)
    stack = ScopaStack(app, config, layer_dir=layer, routes=resolver_routes())
    Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    return stack


def main(argv: list[str] | None = None) -> None:
    """Synthesise; ``--env`` and ``--out`` serve ``make synth`` (the CDK CLI passes context and outdir)."""
    parser = argparse.ArgumentParser(prog="python -m infra.app", description=__doc__)
    parser.add_argument("--env", choices=sorted(ENVIRONMENTS), help="environment (else the env context)")
    parser.add_argument("--out", help="cloud assembly folder (else CDK_OUTDIR, as the CDK CLI sets it)")
    parser.add_argument(
        "-c",
        "--context",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="context, as the CDK CLI's -c",
    )
    args = parser.parse_args(argv)
    given = dict(item.split("=", 1) for item in args.context if "=" in item)
    context = {**feature_flags(), **given, **({"env": args.env} if args.env else {})}
    app = App(outdir=args.out, context=context)
    build(app)
    app.synth()


if __name__ == "__main__":
    main()
