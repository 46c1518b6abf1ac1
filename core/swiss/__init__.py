"""FIDE (Dutch) Swiss pairing, identical to bbpPairings v6.0.0 (see docs/pairing.md)."""

from core.swiss.dutch import pair_round
from core.swiss.request import Pairing, PairingRequest
from core.swiss.trfpair import trf_check, trf_pair

__all__ = ["Pairing", "PairingRequest", "pair_round", "trf_check", "trf_pair"]
