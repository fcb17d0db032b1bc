# silent: security/command-injection
import subprocess


def restart_nginx():
    subprocess.run("systemctl reload nginx", shell=True, check=True)
