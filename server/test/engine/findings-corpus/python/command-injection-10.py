# silent: security/command-injection
import shlex
import subprocess


def line_count(path):
    out = subprocess.run(f"wc -l < {shlex.quote(path)}", shell=True, capture_output=True, text=True)
    return int(out.stdout.strip())
