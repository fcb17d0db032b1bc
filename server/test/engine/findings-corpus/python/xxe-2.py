# silent: security/xxe
import defusedxml.ElementTree as ET


def parse_feed(data: bytes):
    return ET.fromstring(data)
