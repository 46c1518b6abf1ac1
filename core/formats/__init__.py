"""File formats arbiter reads and writes (TRF)."""
