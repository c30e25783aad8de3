"""Detection: secrets (detect-secrets + own rules) and PII (presidio + spaCy). No replacement here."""
