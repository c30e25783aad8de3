"""One module per command (pre-commit style). Each returns data; `redactor.cli` prints it."""
