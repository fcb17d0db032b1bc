# expect: security/command-injection@6
import os


def disk_usage(path):
    stream = os.popen("du -sh %s" % path)
    return stream.read().strip()
