"""Trace formats: detection of the envelope format, and reading/writing it back unchanged in shape."""
