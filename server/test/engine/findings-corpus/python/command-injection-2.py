# expect: security/command-injection@6
import subprocess


def ping(host):
    out = subprocess.check_output(f"ping -c 1 {host}", shell=True)
    return out.decode()
