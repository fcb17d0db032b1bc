# expect: best_practices/empty-catch@8
import os


def remove_quietly(path):
    try:
        os.remove(path)
    except OSError:
        pass
