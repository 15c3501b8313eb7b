"""bot/config.py: defaults, the example file, clear errors, tokens from the environment only."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import config

ROOT = Path(__file__).resolve().parents[2]


def test_example_file_gives_the_defaults():
    cfg = config.load(ROOT / "config.example.toml", env={})
    defaults = config.Config()
    assert cfg.database == defaults.database and cfg.deadline == defaults.deadline
    assert cfg.reminders == defaults.reminders and cfg.boards_dir == "boards" and cfg.gm_role == "GM"
    assert cfg.discord_token is None


def test_missing_default_file_means_defaults(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cfg = config.load(env={"DISCORD_TOKEN": "secret"})
    assert cfg.source == "defaults" and cfg.discord_token == "secret"
    assert "secret" not in repr(cfg)


@pytest.mark.parametrize("text,where", [
    ("[store]\npaht = 'x'\n", "store.paht"),
    ("[nope]\n", "[nope]"),
    ("[discord]\ntoken = 'abc'\n", "environment"),
    ("[table]\ndeadline = 'soon'\n", "table.deadline"),
    ("[store]\nsnapshot_every = 'ten'\n", "store.snapshot_every"),
    ("[log]\nlevel = 'LOUD'\n", "log.level"),
    ("[discord]\ndev_guild_ids = ['x']\n", "dev_guild_ids"),
    ("[store\n", "cfg.toml"),
    ("[computers]\nprocesses = -1\n", "computers.processes"),
])
def test_mistakes_name_file_and_field(tmp_path, text, where):
    path = tmp_path / "cfg.toml"
    path.write_text(text)
    with pytest.raises(config.ConfigError) as err:
        config.load(path, env={})
    assert "cfg.toml" in str(err.value) and where in str(err.value)


def test_reminders_as_a_list(tmp_path):
    path = tmp_path / "cfg.toml"
    path.write_text("[table]\nreminders = ['6h', '30m']\ndeadline = '2d'\n")
    cfg = config.load(path, env={})
    assert cfg.table_settings() == {"deadline": "2d", "reminders": "6h,30m", "absent": "off"}


def test_procfile():
    assert (ROOT / "Procfile").read_text().strip() == "worker: python -m bot"
