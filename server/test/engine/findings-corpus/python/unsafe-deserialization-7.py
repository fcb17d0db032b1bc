# expect: security/unsafe-deserialization@6
import yaml


def parse_manifest(text):
    return yaml.unsafe_load(text)
