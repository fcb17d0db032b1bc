# expect: security/command-injection@7
import subprocess


def git_log(repo, branch):
    cmd = "git -C {} log --oneline {}".format(repo, branch)
    return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout
