"""Developer commands beside the app: benchmarks, the UI fuzzer, the soak, the self-test."""
