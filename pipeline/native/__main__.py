"""``python -m pipeline.native build [--force] | status``: compile the structuring modules, or
say which code runs (see :mod:`pipeline.native`)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from pipeline.native import build, status


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["build"]:
        return build(force="--force" in args)
    if args[:1] == ["status"]:
        print(status())
        return 0
    print("usage: python -m pipeline.native build [--force] | status", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
