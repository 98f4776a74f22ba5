#!/usr/bin/env python3
"""`workbook mcp` driven by a real MCP client from outside this package: the
Python `mcp` package from PyPI (scripts/setup/install-deps.sh installs it).

It starts `workbook mcp` over stdio, lists the tools, records a transition
whose animator never calls completeTransition, reads the finding, records
the fixed animator and gets a clean film; then sends a malformed call and
checks that the server answers it with a JSON-RPC error and goes on.
Prints the exchange as Guides/Agents.md shows it.

    scripts/e2e/test-mcp.py [WORKBOOK_BINARY]
"""
import asyncio
import json
import os
import subprocess
import sys
import tempfile

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

ANIMATOR = """import UIKit

final class SlideUpAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }

  func animateTransition(using context: UIViewControllerContextTransitioning) {
    guard let card = context.view(forKey: .to) else { return }
    context.containerView.addSubview(card)
    card.frame = context.finalFrame(for: context.viewController(forKey: .to)!)
    card.transform = CGAffineTransform(translationX: 0, y: card.bounds.height)
    UIView.animate(withDuration: 0.3, animations: { card.transform = .identity }) { _ in
      COMPLETION
    }
  }
}

final class CardTransitions: NSObject, UIViewControllerTransitioningDelegate {
  let animator = SlideUpAnimator()
  func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                           source: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
}

final class HomeViewController: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Home"
    view.backgroundColor = .white
  }
}

final class CardViewController: UIViewController {
  let transitions = CardTransitions()
  override init(nibName: String?, bundle: Bundle?) {
    super.init(nibName: nibName, bundle: bundle)
    title = "Card"
    modalPresentationStyle = .fullScreen
    transitioningDelegate = transitions
  }
  required init?(coder: NSCoder) { fatalError() }
  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBlue
  }
}
"""

BUGGY = ANIMATOR.replace("COMPLETION", "print(\"slid up\")  // the bug: completeTransition is never called")
FIXED = ANIMATOR.replace("COMPLETION", "context.completeTransition(!context.transitionWasCancelled)")


def record_arguments(code):
    return {
        "files": [{"path": "CardTransition.swift", "content": code}],
        "root": "HomeViewController()",
        "scenario": {"kind": "present", "controller": "CardViewController()"},
        "incoming": "Card", "outgoing": "Home",
    }


failures = []
passes = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    (passes if condition else failures).append(what)


def show(title, text):
    print(f"--- {title} ---")
    print(text.rstrip("\n"))
    print()


async def main(binary, work):
    server = StdioServerParameters(
        command=binary, args=["mcp", "--book", os.path.join(work, "Chapters")], cwd=work, env={**os.environ})
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            info = await session.initialize()
            check(info.server_info.name == "workbook", f"initialize: server {info.server_info.name} {info.server_info.version}")

            tools = (await session.list_tools()).tools
            names = sorted(tool.name for tool in tools)
            show("tools/list", "\n".join(f"{t.name}: {t.title}" for t in tools))
            check(names == ["check_exercise", "engine_model", "fidelity_lookup", "record_transition", "run_swift", "verify_book"],
                  "tools/list names the six tools")

            buggy = await session.call_tool("record_transition", record_arguments(BUGGY), read_timeout_seconds=900)
            text = buggy.content[0].text
            show("record_transition (no completeTransition)", text)
            structured = buggy.structured_content or {}
            findings = structured.get("run", {}).get("warnings", []) + structured.get("run", {}).get("flicker", [])
            check(structured.get("clean") is False, "the buggy animator is not clean")
            check(any("completeTransition" in finding for finding in findings),
                  "the finding names completeTransition: " + (findings[0] if findings else "none"))

            fixed = await session.call_tool("record_transition", record_arguments(FIXED), read_timeout_seconds=900)
            text = fixed.content[0].text
            show("record_transition (fixed)", text)
            structured = fixed.structured_content or {}
            film = structured.get("film") or {}
            check(structured.get("clean") is True, "the fixed animator is clean")
            check(film.get("text", "").startswith("film: 5 frames"), "its film has the five key moments")
            check(len((film.get("frames") or {}).get("frames", [])) == 5, "with frame data for each")

            lookup = await session.call_tool("fidelity_lookup", {"symbol": "UIView.animate"})
            show("fidelity_lookup UIView.animate", lookup.content[0].text)
            check(not lookup.is_error, "fidelity_lookup answers")

            try:
                await session.call_tool("run_swift", {"code": 42})
                check(False, "a malformed call is refused")
            except Exception as error:  # the client raises the JSON-RPC error
                show("run_swift {code: 42}", f"{type(error).__name__}: {error}")
                check("must be a string" in str(error), "a malformed call gets a JSON-RPC error naming the argument")
            resources = await session.list_resources()
            check(any(r.uri == "workbook://guides/Stage.md" for r in resources.resources), "the server goes on: resources/list")


if __name__ == "__main__":
    binary = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(
        subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip(),
        "workbook")
    with tempfile.TemporaryDirectory(prefix="workbook-mcp-test-") as work:
        os.makedirs(os.path.join(work, "Chapters"))
        asyncio.run(main(binary, work))
    print(f"test-mcp: {len(passes)} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)
