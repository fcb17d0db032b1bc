# expect: security/xxe@6
from lxml import etree


def parse_feed(data: bytes):
    parser = etree.XMLParser(resolve_entities=True)
    return etree.fromstring(data, parser)
