# silent: security/command-injection
import shlex
import subprocess


def grep_logs(pattern, logfile):
    args = ["grep", "-n", pattern, logfile]
    print("running", shlex.join(args))
    return subprocess.run(args, capture_output=True, text=True).stdout
