"""Two judges editing one player, each in a real terminal (tmux at 80x24, one English, one Russian, one file).

Both open the players (`P`) and the same player's form (`e`). Judge 1 (English) sets the rating and saves.
Judge 2 (Russian, `L`), whose form was opened before that, types a name and a rating and saves: the question
"Другой судья изменил этого участника" names the rating judge 1 set; `k` keeps it and opens the form with judge
2's name still typed; Ctrl+S saves it. The file ends with judge 2's name and judge 1's rating.
"""

from __future__ import annotations

import sys

import pytest

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.store import create, load
from tests.conftest import ROOT
from tests.tui.test_tui_tmux import TMUX, Tmux

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed: the real-terminal test needs it")


def test_two_judges_edit_one_player_in_tmux(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    e = commands.add_player(commands.new_event("Edit Cup", 5), "Alpha, A")
    e = commands.add_player(e, "Beta, B", rating=1800)
    path = tmp_path / "cup.toml"
    create(path, e)
    one, two = Tmux(), Tmux()

    def key(t: Tmux, *names: str) -> None:
        for k in names:
            t.run("send-keys", "-t", "judge", k)

    try:
        for t, rc in ((one, "one.rc"), (two, "two.rc")):
            t.start([sys.executable, "-m", "arbiter_tournament.tui.cli", str(path)], cwd=ROOT, rc_file=tmp_path / rc)
            t.wait(lambda s: "Edit Cup" in s or "Alpha" in s, "the first screen")
        two.keys("L")
        two.wait(lambda s: "язык: русский" in s, "Russian")
        for t, players, form in ((one, "Players", "Edit player"), (two, "Участники", "Изменить участника")):
            t.keys("P")
            t.wait(lambda s: players in s and "Alpha, A" in s, "the players")
            t.keys("e")
            t.wait(lambda s: form in s, "the form")
        key(one, "Enter")  # to the rating
        one.keys("1234")
        one.wait(lambda s: "1234" in s, "typed")
        key(one, "C-s")
        one.wait(lambda s: "Alpha, A (1) saved" in s, "judge 1 saved")
        assert load(path).player(1).rating == 1234
        two.keys("Alpha, Anna")
        key(two, "Enter")
        two.keys("1500")
        two.wait(lambda s: "Alpha, Anna" in s and "1500" in s, "typed")
        key(two, "C-s")
        said = two.wait(lambda s: "Другой судья изменил этого участника" in s, "the question")
        flat = " ".join(" ".join(line.strip().strip("│").split()) for line in said.splitlines())
        assert "рейтинг: было 0, теперь 1234" in flat
        assert "Перезаписать на ваше: рейтинг 1500?" in flat
        assert load(path).player(1).rating == 1234  # nothing written
        two.keys("k")
        shown = two.wait(lambda s: "оставлено значение другого судьи" in s, "the form with theirs")
        assert "Alpha, Anna" in shown and "1234" in shown and "1500" in shown  # (you typed 1500)
        key(two, "C-s")
        two.wait(lambda s: "Alpha, Anna (1): сохранено" in s, "judge 2 saved")
        p = load(path).player(1)
        assert (p.name, p.rating) == ("Alpha, Anna", 1234)
        one.wait(lambda s: "Alpha, Anna" in s and "1234" in s, "judge 1 sees both")
    finally:
        one.kill()
        two.kill()
