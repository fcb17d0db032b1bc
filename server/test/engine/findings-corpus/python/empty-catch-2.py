# silent: best_practices/empty-catch
import os


def remove_quietly(path):
    try:
        os.remove(path)
    except FileNotFoundError:
        # Already gone: removing is idempotent for the caller.
        pass
