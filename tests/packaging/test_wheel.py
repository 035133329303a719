"""The package as a user gets it: the sdist and the wheel built from this checkout, checked
by ``twine``, the wheel installed (not editable) into a fresh virtual environment, and
grimoire used there from a folder outside the repository, so nothing of ``src/`` can be
imported by accident.

One test function, so the build and the install happen once even when pytest-xdist
spreads the suite over processes; each step's failure says which step it was. It is the
suite's slowest test (30 to 60 s; ``-m 'not wheel'`` leaves it out while working).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import tarfile
import time
import tomllib
import urllib.error
import urllib.request
import venv
import zipfile
from pathlib import Path

import pytest

import grimoire

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
DIST = PROJECT["name"]  # grimoire-games
STEM = DIST.replace("-", "_")

SNAPSHOT_TEST = '''\
from grimoire.testing import GrimoireSnapshot, scenario


def test_the_saint_moves_along_its_row(snapshot):
    """A designer's edge case, snapshotted as a readable transcript."""
    s = scenario("vicious-circle", "5/5/5/5/s4 -/- t -,- 0")
    assert s.refuse(s.move(1, "a1", "a1")) == "move/null"
    s.act(s.move(1, "a1", "d1"))
    assert s == snapshot(extension_class=GrimoireSnapshot)
'''


def run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None,
        code: int = 0, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run a command; fail with its output unless it exits with ``code``."""
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout, check=False)
    assert done.returncode == code, (
        f"{' '.join(map(str, args))} exited {done.returncode} (wanted {code})\n"
        f"--- stdout\n{done.stdout[-4000:]}\n--- stderr\n{done.stderr[-4000:]}")
    return done


def clean_env(bin_dir: Path) -> dict[str, str]:
    """This environment minus the running virtual environment: the new one's bin first."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP")}
    env["PATH"] = os.pathsep.join([str(bin_dir), *[
        p for p in env.get("PATH", "").split(os.pathsep)
        if p and Path(p).resolve() != Path(sys.executable).parent.resolve()]])
    return env


def free_port() -> int:
    with contextlib.closing(socket.socket()) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, response.read().decode()


def find_uv() -> str | None:
    """uv beside this Python (``make test``'s .venv has it): it builds and installs the
    same wheel from the same index as pip, ten times faster (1 s against 14 s here to
    install the wheel with its extras; pip where there is none)."""
    return shutil.which("uv", path=str(Path(sys.executable).parent)) or shutil.which("uv")


def check_sdist(sdist: Path) -> None:
    """The sdist holds what a clone's ``make test`` needs and nothing a working tree
    gathers."""
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    for wanted in ("pyproject.toml", "README.md", "CHANGELOG.md", "Makefile", "mkdocs.yml",
                   "src/grimoire/__init__.py", "src/grimoire/py.typed",
                   "tests/packaging/test_wheel.py", "docs/index.md",
                   "schemas/log.schema.json"):
        assert wanted in names, f"the sdist lacks {wanted}"
    stray = sorted(n for n in names if re.match(
        r"(\.venv|\.git|\.ci|site|demo-out|dist|build)(/|$)|.*__pycache__", n))
    assert not stray, f"the sdist holds {stray[:5]}"


def check_wheel(wheel: Path) -> None:
    """The wheel holds every module and file of ``src/grimoire`` (the pages, their scripts
    and styles live in modules), py.typed, the command and the games' entry points."""
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        info = f"{STEM}-{grimoire.__version__}.dist-info"
        metadata = whl.read(f"{info}/METADATA").decode()
        entry_points = whl.read(f"{info}/entry_points.txt").decode()
    src = ROOT / "src"
    ours = {p.relative_to(src).as_posix() for p in (src / "grimoire").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}
    assert "grimoire/py.typed" in ours
    missing = sorted(ours - names)
    assert not missing, f"the wheel lacks {missing[:5]}"
    assert f"Name: {DIST}\n" in metadata
    assert f"Version: {grimoire.__version__}\n" in metadata
    games = PROJECT["entry-points"]["grimoire.games"]
    assert "[grimoire.games]" in entry_points
    for name, target in games.items():
        assert f"{name} = {target}" in entry_points, name
    assert "grimoire = grimoire.cli.app:main" in entry_points


@pytest.mark.wheel
def test_the_built_wheel_works_installed_in_a_fresh_environment(tmp_path: Path) -> None:
    """``python -m build`` (the sdist, then the wheel from the sdist), ``twine check``, then
    the wheel with the server and testing extras in a new virtual environment: the
    README's embedding example, ``grimoire games``, a simulate–validate–view round, the
    schemas, a syrupy snapshot test written with ``grimoire.testing``, and ``serve``."""
    started = time.monotonic()
    dist = tmp_path / "dist"
    uv = find_uv()
    installer = ("--installer", "uv") if uv else ()
    run(sys.executable, "-m", "build", *installer, "--outdir", dist, ROOT, cwd=ROOT,
        env={**os.environ, "UV": uv} if uv else None)
    [sdist] = dist.glob("*.tar.gz")
    [wheel] = dist.glob("*.whl")
    run(sys.executable, "-m", "twine", "check", "--strict", sdist, wheel, cwd=tmp_path)
    check_sdist(sdist)
    check_wheel(wheel)

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)  # uv or this pip installs into it
    bin_dir = env_dir / "bin"                         # (--python): no ensurepip, 5 to 8 s saved
    env = clean_env(bin_dir)
    home = tmp_path / "home"  # outside the repository: src/ cannot be imported from here
    home.mkdir()
    assert not home.resolve().is_relative_to(ROOT)
    installer = (uv, "pip") if uv else (sys.executable, "-m", "pip")
    run(*installer, "install", "--quiet", "--python", bin_dir / "python",
        f"{wheel}[server,testing]", cwd=home, env=env)

    where = run(bin_dir / "python", "-c",
                "import grimoire, importlib.metadata as m; "
                f"print(grimoire.__file__, grimoire.__version__, m.version({DIST!r}))",
                cwd=home, env=env).stdout.split()
    assert Path(where[0]).resolve().is_relative_to(env_dir.resolve()), where[0]
    assert where[1:] == [grimoire.__version__, grimoire.__version__]
    grim = str(bin_dir / "grimoire")
    version = run(grim, "--version", cwd=home, env=env).stdout
    assert version.strip() == f"grimoire {grimoire.__version__}"

    # The README's embedding example, as written.
    readme = re.search(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    assert readme is not None
    (home / "embed.py").write_text(readme.group(1))
    out = run(bin_dir / "python", "embed.py", cwd=home, env=env).stdout
    kept = re.search(r"^the log so far: (.+)$", out, re.M)
    assert "a b c d e" in out and kept is not None and Path(kept.group(1)).exists(), out

    # The games, found through the installed entry points.
    listed = run(grim, "games", cwd=home, env=env).stdout
    for name in PROJECT["entry-points"]["grimoire.games"]:
        assert name in listed, name

    # A simulate–validate–view round.
    run(grim, "simulate", "vicious-circle", "-n", "1", "--seed", "1", "-o", "sim",
        cwd=home, env=env)
    [log] = (home / "sim").glob("*.jsonl")
    assert ": ok," in run(grim, "validate", log, cwd=home, env=env).stdout
    run(grim, "view", log, "-o", "match.html", cwd=home, env=env)
    page = (home / "match.html").read_text()
    assert page.lstrip().lower().startswith("<!doctype html") and "<script" in page

    # The JSON Schemas come out of the installed code as they are in schemas/.
    run(grim, "schema", "-o", "schemas", cwd=home, env=env)
    for ours in sorted((ROOT / "schemas").glob("*.json")):
        assert (home / "schemas" / ours.name).read_text() == ours.read_text(), ours.name

    # A rule designer's snapshot test: written, its snapshot stored, then checked; a
    # changed snapshot fails it.
    tests = home / "designer"
    tests.mkdir()
    (tests / "test_edge.py").write_text(SNAPSHOT_TEST)
    pytest_cmd = (bin_dir / "python", "-m", "pytest", "-q", "-p", "no:cacheprovider")
    run(*pytest_cmd, "--snapshot-update", cwd=tests, env=env)
    [golden] = (tests / "__snapshots__").rglob("*.txt")
    assert "Twilight moves the saint from a1 to d1" in golden.read_text()
    run(*pytest_cmd, cwd=tests, env=env)
    golden.write_text(golden.read_text().replace("d1", "e1"))
    run(*pytest_cmd, cwd=tests, env=env, code=1)

    # The match server, with the server extra.
    port = free_port()
    server = subprocess.Popen([grim, "serve", "--db", "matches.sqlite", "--port", str(port)],
                              cwd=home, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                status, body = get(f"http://127.0.0.1:{port}/games")
                break
            except (urllib.error.URLError, ConnectionError):
                if server.poll() is not None or time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        assert status == 200 and "vicious-circle" in body
        status, lobby = get(f"http://127.0.0.1:{port}/")
        assert status == 200 and "<script" in lobby
    except BaseException:
        server.kill()
        _, err = server.communicate(timeout=10)
        print(f"grimoire serve's stderr:\n{err[-4000:]}")
        raise
    server.kill()
    server.communicate(timeout=10)
    print(f"the wheel test took {time.monotonic() - started:.1f} s")
