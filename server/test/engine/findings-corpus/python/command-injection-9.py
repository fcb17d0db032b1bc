# expect: security/command-injection@7
import subprocess


def zip_folder(folder, archive_name):
    cmd = "zip -r " + archive_name + ".zip " + folder
    proc = subprocess.Popen(cmd, shell=True, stdout=subprocess.PIPE)
    out, _ = proc.communicate()
    return out
