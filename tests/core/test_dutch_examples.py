"""The worked examples of dutch.md section 12, byte for byte as bbpPairings v6.0.0 prints them."""

from __future__ import annotations

import pytest

from arbiter_tournament.core.errors import NoLegalPairing
from arbiter_tournament.core.formats.trfpair import trf_pair

EXAMPLES = [
    ('12.1 round 1 odd',
     '012 example\n001    1      Player0001                        2380                             0.0    1\n001    2      Player0002                        2360                             0.0    2\n001    3      Player0003                        2340                             0.0    3\n001    4      Player0004                        2320                             0.0    4\n001    5      Player0005                        2300                             0.0    5\n001    6      Player0006                        2280                             0.0    6\n001    7      Player0007                        2260                             0.0    7\nXXC white1\nXXR 5\n',
     '4\n1 4\n5 2\n3 6\n7 0\n'),
    ('12.2 heterogeneous three MDPs',
     '012 example\n001    1      Player0001                        2380                             0.0    1     6 w 0     8 b 0\n001    2      Player0002                        2360                             2.0    2     7 b 1     3 b 1\n001    3      Player0003                        2340                             1.0    3     8 w 1     2 w 0\n001    4      Player0004                        2320                             1.5    4     9 b 1     5 b =\n001    5      Player0005                        2300                             1.0    5    10 w =     4 w =\n001    6      Player0006                        2280                             1.5    6     1 b 1    10 b =\n001    7      Player0007                        2260                             0.0    7     2 w 0     9 w 0\n001    8      Player0008                        2240                             1.0    8     3 b 0     1 w 1\n001    9      Player0009                        2220                             1.0    9     4 w 0     7 b 1\n001   10      Player0010                        2200                             1.0   10     5 b =     6 w =\nXXC white1\nXXR 5\n',
     '5\n2 8\n4 3\n6 5\n9 10\n1 7\n'),
    ('12.3 PAB C5 C2 C9',
     '012 example\n001    1      Player0001                        2380                             1.0    1     4 w 1     3 b 0\n001    2      Player0002                        2360                             2.0    2     5 b 1     7 w 1\n001    3      Player0003                        2340                             2.0    3     6 w 1     1 w 1\n001    4      Player0004                        2320                             1.0    4     1 b 0     5 w 1\n001    5      Player0005                        2300                             0.0    5     2 w 0     4 b 0\n001    6      Player0006                        2280                             0.0    6     3 b 0  0000 - Z\n001    7      Player0007                        2260                             1.0    7  0000 - U     2 b 0\nXXC white1\nXXR 5\n',
     '4\n2 3\n7 4\n6 1\n5 0\n'),
    ('12.4 colour rule 3 aligned',
     '012 example\n001    1      Player0001                        2380                             3.0    1     6 w 1     2 b =     9 w 1     4 b 0     5 w =\n001    2      Player0002                        2360                             3.5    2     7 b 1     1 w =     8 b 1     3 w 0     9 b 1\n001    3      Player0003                        2340                             4.0    3     8 b 1     7 w =     6 w 1     2 b 1  0000 - H\n001    4      Player0004                        2320                             4.0    4     9 w 1    10 b 1     5 w +     1 w 1     7 b 0\n001    5      Player0005                        2300                             1.5    5    10 w =     6 b 0     4 b -     7 w =     1 b =\n001    6      Player0006                        2280                             2.5    6     1 b 0     5 w 1     3 b 0     8 w =  0000 - U\n001    7      Player0007                        2260                             2.5    7     2 w 0     3 b =    10 w =     5 b =     4 w 1\n001    8      Player0008                        2240                             2.5    8     3 w 0     9 b 1     2 w 0     6 b =    10 w 1\n001    9      Player0009                        2220                             1.0    9     4 b 0     8 w 0     1 b 0    10 b 1     2 w 0\n001   10      Player0010                        2200                             1.0   10     5 b =     4 w 0     7 b =     9 w 0     8 b 0\nXXC white1\nXXR 7\n',
     '5\n4 3\n2 6\n10 1\n8 7\n9 5\n'),
    ('12.5 C4 gives up a pair',
     '012 example\n001    1      Player0001                        2380                             1.0    1     4 w 1     2 b 0\n001    2      Player0002                        2360                             2.0    2     5 b 1     1 w 1\n001    3      Player0003                        2340                             1.0    3     6 w 1     4 b 0\n001    4      Player0004                        2320                             1.0    4     1 b 0     3 w 1\n001    5      Player0005                        2300                             0.5    5     2 w 0     6 b =\n001    6      Player0006                        2280                             0.5    6     3 b 0     5 w =\nXXC white1\nXXR 5\n',
     '3\n3 2\n1 6\n5 4\n'),
    ('12.6 C8 look-ahead',
     '012 example\n001    1      Player0001                        2380                             1.5    1     4 b 1     2 w =\n001    2      Player0002                        2360                             1.0    2     5 w =     1 b =\n001    3      Player0003                        2340                             1.5    3     6 b =     4 w 1\n001    4      Player0004                        2320                             0.0    4     1 w 0     3 b 0\n001    5      Player0005                        2300                             1.5    5     2 b =     6 w 1\n001    6      Player0006                        2280                             0.5    6     3 w =     5 b 0\nXXC black1\nXXR 5\n',
     '3\n5 1\n2 3\n6 4\n'),
    ('12.7 forfeits PAB floats',
     '012 example\n001    1      Player0001                        2380                             1.0    1     6 w +\n001    2      Player0002                        2360                             1.0    2     5 b 1\n001    3      Player0003                        2340                             0.5    3     7 w =\n001    4      Player0004                        2320                             1.0    4  0000 - U\n001    5      Player0005                        2300                             0.0    5     2 w 0\n001    6      Player0006                        2280                             0.0    6     1 b -\n001    7      Player0007                        2260                             0.5    7     3 b =\nXXC white1\nXXR 5\n',
     '4\n1 4\n2 3\n7 6\n5 0\n'),
    ('12.8 forfeit repeat exchange',
     '012 example\n001    1      Player0001                        2380                             0.0    1     4 w -\n001    2      Player0002                        2360                             0.5    2     5 b =\n001    3      Player0003                        2340                             0.5    3     6 w =\n001    4      Player0004                        2320                             0.0    4     1 b -\n001    5      Player0005                        2300                             0.5    5     2 w =\n001    6      Player0006                        2280                             0.5    6     3 b =\nXXC white1\nXXR 5\n',
     '3\n2 3\n6 5\n1 4\n'),
    ('12.9 topscorers last round',
     '012 example\n001    1      Player0001                        2380                             3.0    1     4 w 1     3 b 1     5 b 1\n001    2      Player0002                        2360                             2.5    2     5 w 1     6 b 1     3 b =\n001    3      Player0003                        2340                             1.5    3     6 b 1     1 w 0     2 w =\n001    4      Player0004                        2320                             1.0    4     1 b 0     5 b =     6 w =\n001    5      Player0005                        2300                             0.5    5     2 b 0     4 w =     1 w 0\n001    6      Player0006                        2280                             0.5    6     3 w 0     2 w 0     4 b =\nXXC white1\nXXR 4\n',
     '3\n1 2\n4 3\n6 5\n'),
    ('12.10 Baku round 1',
     '012 example\n001    1      Player0001                        2380                             0.0    1\n001    2      Player0002                        2360                             0.0    2\n001    3      Player0003                        2340                             0.0    3\n001    4      Player0004                        2320                             0.0    4\n001    5      Player0005                        2300                             0.0    5\n001    6      Player0006                        2280                             0.0    6\n001    7      Player0007                        2260                             0.0    7\n001    8      Player0008                        2240                             0.0    8\nXXC white1\n192 FIDE_DUTCH_2025_BAKU\nXXR 5\n',
     '4\n1 3\n4 2\n5 7\n8 6\n'),
    ('12.10 Baku round 2',
     '012 example\n001    1      Player0001                        2380                             1.0    1     3 w 1\n001    2      Player0002                        2360                             0.5    2     4 b =\n001    3      Player0003                        2340                             0.0    3     1 b 0\n001    4      Player0004                        2320                             0.5    4     2 w =\n001    5      Player0005                        2300                             0.0    5     7 w 0\n001    6      Player0006                        2280                             0.0    6     8 b 0\n001    7      Player0007                        2260                             1.0    7     5 b 1\n001    8      Player0008                        2240                             1.0    8     6 w 1\nXXC white1\n192 FIDE_DUTCH_2025_BAKU\nXXR 5\n',
     '4\n7 8\n2 1\n3 4\n6 5\n'),
    ('12.10 Baku ten players',
     '012 example\n001    1      Player0001                        2380                             0.0    1\n001    2      Player0002                        2360                             0.0    2\n001    3      Player0003                        2340                             0.0    3\n001    4      Player0004                        2320                             0.0    4\n001    5      Player0005                        2300                             0.0    5\n001    6      Player0006                        2280                             0.0    6\n001    7      Player0007                        2260                             0.0    7\n001    8      Player0008                        2240                             0.0    8\n001    9      Player0009                        2220                             0.0    9\n001   10      Player0010                        2200                             0.0   10\nXXC white1\n192 FIDE_DUTCH_2025_BAKU\nXXR 5\n',
     '5\n1 3\n4 2\n5 6\n7 9\n10 8\n'),
    ('12.11 effective numbers',
     '012 example\n001    1      Player0001                        2380                             0.0    1\n001    2      Player0002                        2360                             0.0    2  0000 - Z\n001    3      Player0003                        2340                             0.0    3\n001    4      Player0004                        2320                             0.0    4\n001    5      Player0005                        2300                             0.0    5\n001    6      Player0006                        2280                             0.0    6\nXXC white1\nXXR 5\n',
     '3\n1 4\n5 3\n6 0\n'),
]


@pytest.mark.parametrize("name,trf,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_worked_example(name, trf, expected):
    assert trf_pair(trf) == expected


def test_12_9_one_round_earlier_has_no_valid_pairing():
    trf = dict((n, t) for n, t, _ in EXAMPLES)["12.9 topscorers last round"].replace("XXR 4", "XXR 5")
    with pytest.raises(NoLegalPairing):
        trf_pair(trf)


def test_12_10_without_baku_line():
    trf = dict((n, t) for n, t, _ in EXAMPLES)["12.10 Baku round 2"].replace("192 FIDE_DUTCH_2025_BAKU\n", "")
    assert trf_pair(trf).split("\n")[1:5] == ["7 1", "2 8", "3 4", "6 5"]
