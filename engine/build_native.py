"""Builds ``engine._native``, the move generator in C, next to its source (``make`` runs it).

Standard library only: the compiler the interpreter was built with (``sysconfig``), the
interpreter's headers, no setuptools. Rebuilds only when the source is newer than the built
module. Without the built module the engine runs on its Python generator alone, with the same
answers (``engine.generator.NATIVE`` says which one runs).

    python -m engine.build_native            # build if needed; without a compiler, say so
    python -m engine.build_native --require  # the same, failing without a compiler
    python -m engine.build_native --force    # build again
"""

import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

SOURCE = Path(__file__).with_name("_native.c")


def target() -> Path:
    """Returns the path of the built module for this interpreter."""
    return SOURCE.with_name("_native" + sysconfig.get_config_var("EXT_SUFFIX"))


def command(output: Path) -> list[str]:
    """Returns the compiler's command line."""
    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")
    return [
        *compiler,
        "-O2",
        "-fPIC",
        "-shared",
        "-Wall",
        "-Werror",
        f"-I{sysconfig.get_paths()['include']}",
        str(SOURCE),
        "-o",
        str(output),
    ]


def missing() -> str | None:
    """Returns what the build lacks (the compiler or the interpreter's headers), or None."""
    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")[0]
    if shutil.which(compiler) is None:
        return f"the C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return f"the Python headers ({sysconfig.get_paths()['include']}/Python.h)"
    return None


def build(force: bool = False) -> Path:
    """Compiles the module if it is missing or older than its source; returns its path."""
    output = target()
    if force or not output.exists() or output.stat().st_mtime < SOURCE.stat().st_mtime:
        partial = output.with_suffix(".tmp")
        subprocess.run(command(partial), check=True)
        partial.replace(output)  # never a half-written module in place
        print(f"built {output}")
    return output


def main(argv: list[str]) -> int:
    lacking = missing()
    if lacking is not None:
        stale = target()
        if stale.exists() and stale.stat().st_mtime < SOURCE.stat().st_mtime:
            stale.unlink()  # built from an older source: the Python generator, not old rules
        print(
            f"engine/_native.c not built: {lacking} is missing. The engine runs on its Python "
            "generator (the same moves, several times slower); install gcc and the Python "
            "headers (Debian: gcc python3-dev) to build it.",
            file=sys.stderr,
        )
        return 1 if "--require" in argv else 0
    build(force="--force" in argv)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
