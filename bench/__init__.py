"""Benchmarks and evidence for the redactor (issue 6). Not tests: nothing here asserts on time."""
