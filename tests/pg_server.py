"""A throwaway PostgreSQL server for the tests and benchmarks of the PostgreSQL store.

It is a real server (PostgreSQL's own ``initdb`` and ``pg_ctl``), started in a temporary folder on a
free local port, its unix socket in that folder too, with trust authentication on the loopback only,
and stopped (its folder removed) by :meth:`PgServer.stop`. PostgreSQL refuses to run as root, so a
root process (the tests and CI run as root) starts it as the ``postgres`` system user.

Where no server binary is found, :func:`find_binaries` returns None and :data:`HOW_TO_GET` says how
to get one; the tests then report the PostgreSQL tests as not run (tests/conftest.py), never passed.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

#: The one line shown where the PostgreSQL tests cannot run.
HOW_TO_GET = ("PostgreSQL store tests not run: no PostgreSQL server binaries (initdb, pg_ctl) were found; "
              "install them with `apt-get install postgresql-15` (or put their folder on PATH) to run them")

_SEARCH = ("/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin")


def find_binaries() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl`` (PostgreSQL's own folder first), or None."""
    for folder in _SEARCH:
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    found = shutil.which("pg_ctl")
    if found and (Path(found).resolve().parent / "initdb").exists():
        return Path(found).resolve().parent
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    """One server: ``url()`` names a fresh database on it (each test may have its own)."""

    def __init__(self, binaries: Path):
        self.binaries = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="seneschal-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self.as_user: str | None = None
        if os.geteuid() == 0:
            self.as_user = "postgres"
            owner = pwd.getpwnam("postgres")
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
        self.user = self.as_user or pwd.getpwuid(os.geteuid()).pw_name

    def _run(self, *args: str) -> None:
        command = [str(self.binaries / args[0]), *args[1:]]
        if self.as_user:
            command = ["runuser", "-u", self.as_user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=self.folder)
        if done.returncode:
            raise RuntimeError(f"{' '.join(args[:2])} failed: {done.stdout[-2000:]}{done.stderr[-2000:]}")

    def start(self) -> PgServer:
        self._run("initdb", "-D", str(self.data), "-U", self.user, "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8")
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=on "
                   "-c max_connections=50 -c shared_buffers=64MB")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "server.log"), "-o", options, "-w", "start")
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def fresh(self) -> str:
        """A new empty database on the server; its URL."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
