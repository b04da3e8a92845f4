"""CDK entry point: ``python -m infra.app`` (``make synth``, or ``npx aws-cdk@2 ...`` through cdk.json).

Context: ``env`` (dev | prod, default dev), ``admin_token_hash`` (else ``SCOPA_ADMIN_TOKEN_HASH``),
``alarm_email``, ``layer_dir`` (default ``build/layer``, built by ``make layer``). cdk-nag's AwsSolutions
pack runs on every synthesis and stops it on any finding that is not acknowledged in the code.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from aws_cdk import App, Validations
from cdk_nag import AwsSolutionsChecks

from infra.config import ENVIRONMENTS, load
from infra.layer import DEFAULT_LAYER_DIR, check_layer
from infra.routes import resolver_routes
from infra.stack import ScopaStack


def build(app: App, env: str | None = None, layer_dir: Path | None = None) -> ScopaStack:
    """Add the stack of ``env`` (or the ``env`` context) and the cdk-nag checks to ``app``."""
    name = env or app.node.try_get_context("env") or "dev"
    config = load(
        name,
        admin_token_hash=app.node.try_get_context("admin_token_hash"),
        alarm_email=app.node.try_get_context("alarm_email"),
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
    args = parser.parse_args(argv)
    app = App(outdir=args.out, context={"env": args.env} if args.env else None)
    build(app)
    app.synth()


if __name__ == "__main__":
    main()
