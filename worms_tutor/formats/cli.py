"""The command line: ``worms-tutor referee FILE|-`` (contract, design.md §2), and
``worms-tutor serve`` / ``worms-tutor classroom`` to serve the course (``serve.py``)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..values.errors import WormsError
from ..values.language import LANGUAGES, Message, language_from_environment
from .referee import legal_json, referee_json, referee_text
from .scenario import Scenario
from .serve import Course, ServeError, page_links, pool_config, run, voila_command, voila_program

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
    referee.add_argument(
        "--lang", choices=LANGUAGES, default=None,
        help="the language of the reasons and messages: en (English) or da (dansk); without "
             "it, the environment decides as for gettext (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, "
             "e.g. LANG=da_DK.UTF-8), and English when none of them names Danish")
    serve = commands.add_parser(
        "serve", help="serve the course in the browser (Voilà), for one learner")
    serve.add_argument("--port", type=int, default=8866)
    serve.add_argument("--network", action="store_true",
                       help="listen on the local network, not only on this machine")
    classroom = commands.add_parser(
        "classroom", help="serve chapters to a class: each page run ahead for every learner")
    classroom.add_argument("chapters", nargs="+", help="chapter numbers (05) or page names")
    classroom.add_argument("--learners", type=int, default=30,
                           help="ready pages kept for each chapter: the class, and a few more")
    classroom.add_argument("--port", type=int, default=8866)
    classroom.add_argument("--local-only", action="store_true",
                           help="listen on this machine only, not on the local network")
    classroom.add_argument("--refill-after", type=float, default=10,
                           help="seconds between a learner taking a ready page and its refill")
    args = parser.parse_args(argv)
    if args.command in ("serve", "classroom"):
        return _serve(args)

    lang = args.lang or language_from_environment()
    try:
        text = _read(args.file)
        scenario = Scenario.from_text(text)
        if args.legal:
            output = json.dumps(legal_json(scenario), ensure_ascii=False)
        elif args.text:
            output = referee_text(scenario, lang)
        else:
            output = json.dumps(referee_json(scenario, lang), ensure_ascii=False, indent=2)
    except WormsError as error:
        said = Message("malformed scenario: {error}", error=error.in_language(lang))
        print(f"worms-tutor: {said.text(lang)}", file=sys.stderr)
        return EXIT_MALFORMED
    except OSError as error:
        said = Message("cannot read {file}: {error}", file=args.file, error=error.strerror)
        print(f"worms-tutor: {said.text(lang)}", file=sys.stderr)
        return EXIT_MALFORMED
    print(output)
    return 0


def _serve(args: argparse.Namespace) -> int:
    try:
        course = Course.installed()
        if args.command == "serve":
            command = voila_command(course, args.port, args.network, voila=voila_program())
            links = page_links(["00-start-here.ipynb"], args.port, args.network)
            return run(course, command, links)
        files = course.chapter_files(args.chapters)
        network = not args.local_only
        command = voila_command(course, args.port, network, voila=voila_program(),
                                pools=pool_config(files, args.learners),
                                refill_after=args.refill_after)
        preface = (f"Preparing {args.learners} ready copies of: {', '.join(files)}. They are "
                   f"made in the background, about a second of CPU each (about "
                   f"{args.learners * len(files) // 2 + 10} s on two cores); a learner who "
                   "comes earlier is served as usual, only slower.")
        return run(course, command, page_links(files, args.port, network), preface)
    except ServeError as error:
        print(f"worms-tutor: {error}", file=sys.stderr)
        return EXIT_MALFORMED


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


if __name__ == "__main__":
    sys.exit(main())
