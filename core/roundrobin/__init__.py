"""Round robins: `berger.py` the Berger tables (single and double round robin, the bye seat)."""
