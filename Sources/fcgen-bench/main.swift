// fcgen-bench: benchmarks, one JSON line per figure.
