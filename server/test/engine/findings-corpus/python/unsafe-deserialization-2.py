# expect: security/unsafe-deserialization@7
import yaml


def read_config(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)
