"""Shell completion: `arbiter completion bash|zsh` prints a script made from the command table.

The script knows every command's words, its options and the choices of those that have them
(`--format text|json`), and completes file names where a command takes a file or a path. It is made
from `tui.cli.table.COMMANDS` when asked, so a new command or option completes as soon as it is in
the table; no library and no call back into arbiter while the judge presses Tab (the shell answers
from the script alone, at once).

    arbiter completion bash > ~/.local/share/bash-completion/completions/arbiter
    arbiter completion zsh > ~/.zfunc/_arbiter      (fpath+=(~/.zfunc) before compinit in ~/.zshrc)

zsh reads the same function through its bash compatibility (bashcompinit), which the script loads.
"""

from __future__ import annotations

import argparse
import sys

SHELLS = ("bash", "zsh")
TOP_OPTIONS = ("--help", "--version")


def words_and_options() -> tuple[list[str], dict[str, list[str]], dict[str, list[str]], dict[str, list[str]]]:
    """The first words; the words after each group's first word; each command's options (by its words
    joined with a space); the choices of each option that has them (by `words option`)."""
    from .table import COMMANDS

    tops: list[str] = []
    groups: dict[str, list[str]] = {}
    options: dict[str, list[str]] = {}
    choices: dict[str, list[str]] = {}
    for cmd in COMMANDS:
        if cmd.words[0] not in tops:
            tops.append(cmd.words[0])
        if len(cmd.words) > 1:
            groups.setdefault(cmd.words[0], []).append(cmd.words[1])
        opts = options.setdefault(" ".join(cmd.words), ["--help"])
        for arg in cmd.args:
            if arg.is_option:
                opts.append(arg.name)
                if arg.choices:
                    choices[f"{' '.join(cmd.words)} {arg.name}"] = list(arg.choices)
    return tops, groups, options, choices


def _case(entries: dict[str, list[str]], var: str) -> str:
    lines = [f'    case "{var}" in']
    for key, values in entries.items():
        lines.append(f"      {_quote(key)}) echo {_quote(' '.join(values))} ;;")
    lines.append("    esac")
    return "\n".join(lines)


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def script(shell: str) -> str:
    """The completion script for `shell` (bash or zsh)."""
    tops, groups, options, choices = words_and_options()
    head = "# arbiter's completion (arbiter completion %s), made from its command table\n" % shell
    if shell == "zsh":
        head += "autoload -U +X bashcompinit && bashcompinit\n"
    body = f"""
_arbiter_words() {{
  # the words after each group's first word
{_case(groups, "$1")}
}}

_arbiter_options() {{
  # each command's options
{_case(options, "$1")}
}}

_arbiter_choices() {{
  # the values of the options that have a list of them
{_case(choices, "$1")}
}}

_arbiter() {{
  local cur prev cmd i
  cur="${{COMP_WORDS[COMP_CWORD]}}"
  prev="${{COMP_WORDS[COMP_CWORD-1]}}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=( $(compgen -W {_quote(' '.join(tops + list(TOP_OPTIONS)))} -- "$cur") $(compgen -f -- "$cur") )
    return 0
  fi
  cmd="${{COMP_WORDS[1]}}"
  local sub
  sub="$(_arbiter_words "$cmd")"
  if [ -n "$sub" ]; then
    if [ "$COMP_CWORD" -eq 2 ]; then
      COMPREPLY=( $(compgen -W "$sub --help" -- "$cur") )
      return 0
    fi
    cmd="$cmd ${{COMP_WORDS[2]}}"
  fi
  local values
  values="$(_arbiter_choices "$cmd $prev")"
  if [ -n "$values" ]; then
    COMPREPLY=( $(compgen -W "$values" -- "$cur") )
    return 0
  fi
  if [[ "$cur" == -* ]]; then
    COMPREPLY=( $(compgen -W "$(_arbiter_options "$cmd")" -- "$cur") )
    return 0
  fi
  COMPREPLY=( $(compgen -f -- "$cur") )
  return 0
}}

complete -o filenames -F _arbiter arbiter
"""
    return head + body


def cmd_completion(a: argparse.Namespace) -> int:
    sys.stdout.write(script(a.shell))
    return 0
