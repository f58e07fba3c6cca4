"""A throw-away PostgreSQL server for the web store's tests, from Debian's ``postgresql`` package.

``postgres_url`` (a session fixture) runs ``initdb`` into a temporary folder and ``pg_ctl start``
on a free loopback port, and yields a ``postgresql://`` URL; at the end of the session the server
is stopped and its folder removed. As root (initdb refuses to run as root) the server runs as the
``postgres`` user. Without the binaries, or without psycopg, the tests that need it are skipped
and say why; ``.ci/run`` installs the package so that CI runs them.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


def pg_bin() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: on PATH, or Debian's /usr/lib/postgresql/N/bin."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    def version(initdb: str) -> int:
        name = Path(initdb).parent.parent.name
        return int(name) if name.isdigit() else 0

    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=version)
    return Path(versions[-1]).parent if versions else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_server_user(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@contextlib.contextmanager
def postgres_server() -> Iterator[str]:
    """A running PostgreSQL server on a free port; yields its URL (trust authentication)."""
    pytest.importorskip("psycopg", reason="psycopg is not installed (pip install 'aceten[postgres]')")
    binaries = pg_bin()
    if binaries is None:
        pytest.skip("no PostgreSQL server binaries (initdb, pg_ctl): apt-get install postgresql")
    if os.geteuid() == 0:
        try:
            server_user = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no postgres user to run the server as")
    home = Path(tempfile.mkdtemp(prefix="aceten-pg-"))
    data = home / "data"
    if os.geteuid() == 0:
        os.chown(home, server_user.pw_uid, server_user.pw_gid)
    port = free_port()
    log = home / "server.log"
    subprocess.run(_as_server_user([str(binaries / "initdb"), "-D", str(data), "-U", "aceten",
                                    "--auth=trust", "-E", "UTF8", "--no-instructions"]),
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    options = f"-p {port} -k {home} -c listen_addresses=127.0.0.1 -c max_connections=50"
    started = subprocess.run(_as_server_user([str(binaries / "pg_ctl"), "-D", str(data), "-l", str(log),
                                              "-o", options, "-w", "-t", "300", "start"]),
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        if started.returncode != 0:
            text = log.read_text() if log.exists() else ""
            raise RuntimeError(f"PostgreSQL did not start: {started.stdout.decode()} {text}")
        yield f"postgresql://aceten@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_server_user([str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate",
                                        "-w", "stop"]), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def fresh_database(url: str, name: str) -> str:
    """A new empty database on the server of ``url`` (one per test); returns its URL."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}"')
        db.execute(f'CREATE DATABASE "{name}"')
    return url.rsplit("/", 1)[0] + "/" + name
