#!/usr/bin/env bash
# Benchmarks `workbook mcp`'s run_swift against `workbook run` on the same
# file: a 30-line animator and its driver (release build, the real engine,
# warm caches). `workbook run FILE` is timed ROUNDS times (each a process:
# start, engine check, compile, run); then one server is started and
# run_swift is called ROUNDS times with the file's content
# (scripts/bench/mcp-client.py: from the request to the response, after a
# warm-up call).
#
# Target (issue 43): the server's median within 20 % of `workbook run`'s.
# Exit status 1 when missed.
#
# Usage: scripts/bench/mcp.sh [ROUNDS]
#        WORKBOOK_BIN=path/to/workbook scripts/bench/mcp.sh   # a tool built elsewhere (no build)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ROUNDS=${1:-10}

bench_tool
bench_work bench-mcp
mkdir -p "$WORK/Chapters"
FILE="$WORK/SlideAnimator.swift"
cat > "$FILE" <<'SWIFT'
import UIKit

final class SlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval { 0.35 }

  func animateTransition(using context: UIViewControllerContextTransitioning) {
    guard let to = context.view(forKey: .to) else { return }
    context.containerView.addSubview(to)
    to.frame = context.finalFrame(for: context.viewController(forKey: .to)!)
    to.transform = CGAffineTransform(translationX: to.bounds.width, y: 0)
    let animator = UIViewPropertyAnimator(duration: 0.35, dampingRatio: 0.9) { to.transform = .identity }
    animator.addCompletion { _ in context.completeTransition(!context.transitionWasCancelled) }
    animator.startAnimation()
  }
}

final class SlideTransitions: NSObject, UIViewControllerTransitioningDelegate {
  func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                           source: UIViewController) -> UIViewControllerAnimatedTransitioning? { SlideAnimator() }
}

let home = UIViewController()
let detail = UIViewController()
let transitions = SlideTransitions()
detail.modalPresentationStyle = .fullScreen
detail.transitioningDelegate = transitions
let stage = Stage(home)
home.present(detail, animated: true)
print(stage.film())
print("presented:", home.presentedViewController === detail)
SWIFT

echo "$(wc -l < "$FILE")-line file; $(nproc) cores; $ROUNDS rounds each"
cd "$WORK"
bench_timed "$BIN" run "$FILE"   # warm-up: builds the engine if needed
bench_repeat "$ROUNDS" "$BIN" run "$FILE"
RUN=$(bench_summary "$ROUNDS")
python3 "$BENCH/mcp-client.py" "$BIN" "$WORK/Chapters" "$FILE" "$ROUNDS" "$BENCH_TIMES"
MCP=$(bench_summary "$ROUNDS")

bench_header
bench_row "workbook run FILE" "$RUN"
bench_row "run_swift through workbook mcp" "$MCP"
ratio=$(python3 -c "print(f'{${MCP%% *} / ${RUN%% *}:.3f}')")
echo "median ratio (mcp / run): $ratio"
bench_check "run_swift's median within 20 % of workbook run's" "$ratio" "<=" 1.2
bench_exit
