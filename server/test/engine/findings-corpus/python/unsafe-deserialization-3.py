# silent: security/unsafe-deserialization
import yaml


def read_config(path):
    with open(path) as fh:
        return yaml.safe_load(fh)
