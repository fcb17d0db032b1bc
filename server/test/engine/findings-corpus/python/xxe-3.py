# silent: security/xxe
from lxml import etree


def parse_feed(data: bytes):
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    return etree.fromstring(data, parser)
