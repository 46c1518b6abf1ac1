"""FIDE (Dutch) Swiss pairing, identical to bbpPairings v6.0.0 (see docs/pairing.md)."""

from arbiter_tournament.core.swiss.dutch import pair_round
from arbiter_tournament.core.swiss.request import Pairing, PairingRequest, SearchOptions

__all__ = ["Pairing", "PairingRequest", "SearchOptions", "pair_round"]
