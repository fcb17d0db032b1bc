# silent: security/code-injection
import ast


def parse_setting(raw):
    try:
        return ast.literal_eval(raw)
    except (ValueError, SyntaxError):
        return raw
