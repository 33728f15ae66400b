"""Verdict's HTTP service (api.md): thin handlers over classifiers/ and redaction/."""
