"""The command line: ``worms-tutor referee FILE|-`` (contract, design.md §2)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..values.errors import WormsError
from .referee import legal_json, referee_json, referee_text
from .scenario import Scenario

EXIT_MALFORMED = 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="worms-tutor", description="Rules engine and referee for Worms (Voormsi)."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    referee = commands.add_parser(
        "referee", help="replay a scenario file and print who wins, what scores and why"
    )
    referee.add_argument("file", help="scenario JSON file, or - for standard input")
    mode = referee.add_mutually_exclusive_group()
    mode.add_argument("--legal", action="store_true",
                      help="print the legal plays for the seat to move after the plays")
    mode.add_argument("--text", action="store_true", help="print readable lines for people")
    args = parser.parse_args(argv)

    try:
        text = _read(args.file)
        scenario = Scenario.from_text(text)
        if args.legal:
            output = json.dumps(legal_json(scenario), ensure_ascii=False)
        elif args.text:
            output = referee_text(scenario)
        else:
            output = json.dumps(referee_json(scenario), ensure_ascii=False, indent=2)
    except WormsError as error:
        print(f"worms-tutor: malformed scenario: {error}", file=sys.stderr)
        return EXIT_MALFORMED
    except OSError as error:
        print(f"worms-tutor: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return EXIT_MALFORMED
    print(output)
    return 0


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


if __name__ == "__main__":
    sys.exit(main())
