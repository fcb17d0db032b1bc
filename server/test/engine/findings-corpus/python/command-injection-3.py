# silent: security/command-injection
import subprocess


def ping(host):
    out = subprocess.check_output(["ping", "-c", "1", host])
    return out.decode()
