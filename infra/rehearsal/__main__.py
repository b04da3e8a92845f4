"""``python -m infra.rehearsal [cdk.out] [--events events] [--stack NAME]``: rehearse the deploy (``make
rehearse``); prints the report and exits 1 when it is red."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from infra.rehearsal.run import rehearse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m infra.rehearsal", description=__doc__)
    parser.add_argument("assembly", nargs="?", default="cdk.out", help="the cloud assembly folder (cdk.out)")
    parser.add_argument("--events", help="a folder of sample events to send through the front doors too")
    parser.add_argument("--stack", help="the stack to rehearse (else the assembly's only one)")
    args = parser.parse_args(argv)
    report = rehearse(Path(args.assembly), Path(args.events) if args.events else None, args.stack)
    print(report.text())
    return 0 if report.green else 1


if __name__ == "__main__":
    sys.exit(main())
