import TransitionEngine
print("engine-bench: no benchmarks yet")
