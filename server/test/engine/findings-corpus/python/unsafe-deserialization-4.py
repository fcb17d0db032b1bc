# silent: security/unsafe-deserialization
import yaml


def read_all(stream):
    return list(yaml.load_all(stream, Loader=yaml.SafeLoader))
