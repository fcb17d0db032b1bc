# expect: security/command-injection@6
import os


def make_thumbnail(src, dest):
    os.system("convert " + src + " -resize 128x128 " + dest)
