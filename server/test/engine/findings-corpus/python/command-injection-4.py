# silent: security/command-injection
import subprocess


def archive(folder, name):
    subprocess.run(["tar", "czf", name + ".tar.gz", folder], check=True)
