"""`arbiter completion bash|zsh` (issue 39): the script made from the command table completes, in a
real bash (and a real zsh where there is one), every command's words, its options and the values of
the options that have a list of them."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from arbiter_tournament.tui.cli.table import COMMANDS
from tests.cli_run import run


def complete(script: str, words: list[str], shell: str = "bash") -> list[str]:
    """What the script offers for the last of `words` (the word being typed), as the shell would."""
    quoted = " ".join("'" + w.replace("'", "'\\''") + "'" for w in words)
    if shell == "zsh":  # compinit first, as a .zshrc has it; bashcompinit calls the function emulating sh
        script = f"autoload -U compinit && compinit -u -D\n{script}\nemulate -L sh"
    probe = (f"{script}\nCOMP_WORDS=({quoted}); COMP_CWORD={len(words) - 1}; _arbiter; "
             "printf '%s\\n' \"${COMPREPLY[@]}\"")
    done = subprocess.run([shell, "-c", probe] if shell == "bash" else [shell, "-f", "-c", probe],
                          capture_output=True, text=True, timeout=30, cwd="/")
    assert done.returncode == 0, done.stderr
    return [w for w in done.stdout.splitlines() if w]


@pytest.fixture(scope="module")
def bash_script() -> str:
    code, out, err = run("completion", "bash")
    assert code == 0 and err == ""
    return out


def test_the_first_word_is_every_command_and_the_top_options(bash_script):
    offered = set(complete(bash_script, ["arbiter", ""]))
    assert {c.words[0] for c in COMMANDS} | {"--help", "--version"} <= offered
    assert complete(bash_script, ["arbiter", "sta"]) == ["standings"]


def test_a_group_completes_its_sub_commands(bash_script):
    players = {c.words[1] for c in COMMANDS if c.words[0] == "players"}
    assert set(complete(bash_script, ["arbiter", "players", ""])) == players | {"--help"}
    assert complete(bash_script, ["arbiter", "players", "imp"]) == ["import"]


@pytest.mark.parametrize("cmd", COMMANDS, ids=lambda c: c.name)
def test_every_command_completes_exactly_its_options(bash_script, cmd):
    words = ["arbiter", *cmd.words]
    options = {a.name for a in cmd.args if a.is_option and a.name.startswith("--")}
    assert set(complete(bash_script, [*words, "--"])) == options | {"--help"}


def test_the_values_of_an_option_with_a_list_of_them(bash_script):
    assert complete(bash_script, ["arbiter", "standings", "ev.toml", "--format", ""]) == ["text", "csv", "json"]
    assert complete(bash_script, ["arbiter", "standings", "ev.toml", "--format", "j"]) == ["json"]
    assert complete(bash_script, ["arbiter", "completion", ""]) != []  # a file or a shell: never nothing


def test_a_file_is_completed_where_a_file_goes(bash_script, tmp_path):
    (tmp_path / "open.toml").write_text("", encoding="utf-8")
    assert complete(bash_script, ["arbiter", "standings", str(tmp_path / "op")]) == [str(tmp_path / "open.toml")]


def test_an_unknown_shell_is_one_line_and_exit_2():
    code, out, err = run("completion", "fish")
    assert code == 2 and out == "" and err.count("\n") == 1 and "fish" in err


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_zsh_reads_the_same_completion():
    code, out, _ = run("completion", "zsh")
    assert code == 0 and "bashcompinit" in out
    assert set(complete(out, ["arbiter", "players", ""], shell="zsh")) >= {"add", "import", "list"}
