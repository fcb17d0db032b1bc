# silent: maintainability/magic-number
import sys


def main(argv=None):
    args = sys.argv if argv is None else argv
    if len(args) < 2:
        print("usage: tool FILE")
        return 1
    return 0
