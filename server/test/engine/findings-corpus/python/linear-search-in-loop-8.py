# silent: performance/linear-search-in-loop
from pathlib import Path


def images(folder):
    found = []
    for path in Path(folder).iterdir():
        if path.suffix.lower() in (".jpg", ".png"):
            found.append(path)
    return found
