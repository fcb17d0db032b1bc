import { xxe } from '../../../../src/engine/rules/security/xxe.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { JS, lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'java',
    code: lines(
      'class Reader {',
      '  Document read(InputStream in) throws Exception {',
      '    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
      '    return dbf.newDocumentBuilder().parse(in);',
      '  }',
      '  void sax(InputStream in, DefaultHandler h) throws Exception {',
      '    SAXParserFactory.newInstance().newSAXParser().parse(in, h);',
      '  }',
      '  XMLStreamReader stax(InputStream in) throws Exception {',
      '    XMLInputFactory xif = XMLInputFactory.newFactory();',
      '    return xif.createXMLStreamReader(in);',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 3,
        messageId: 'javaFactory',
        says: /^CWE-611: `DocumentBuilderFactory\.newInstance\(\)` on line 3 creates an XML parser factory and nothing in class `Reader` turns off.*`dbf\.setFeature\("http:\/\/apache\.org\/xml\/features\/disallow-doctype-decl", true\)`/,
      },
      {
        line: 7,
        messageId: 'javaFactory',
        says: /keep the factory in a variable \(`factory`\) and call `factory\.setFeature\(/,
      },
      {
        line: 10,
        messageId: 'javaFactory',
        says: /`xif\.setProperty\(XMLInputFactory\.SUPPORT_DTD, false\)`/,
      },
    ],
  },
  {
    language: 'java',
    code: lines(
      'class Xslt {',
      '  Transformer t() throws Exception {',
      '    TransformerFactory tf = TransformerFactory.newInstance();',
      '    return tf.newTransformer();',
      '  }',
      '  Document j(File f) throws Exception {',
      '    return new SAXBuilder().build(f);',
      '  }',
      '}',
    ),
    why: 'TransformerFactory and JDOM',
    errors: [
      { line: 3, messageId: 'javaFactory', says: /ACCESS_EXTERNAL_STYLESHEET/ },
      { line: 7, messageId: 'javaFactory' },
    ],
  },
  {
    language: 'python',
    code: lines(
      'from lxml import etree',
      'import xml.sax',
      '',
      'def load(data):',
      '    parser = etree.XMLParser(resolve_entities=True)',
      '    return etree.fromstring(data, parser)',
      '',
      'def remote(data):',
      '    return etree.fromstring(data, etree.XMLParser(no_network=False))',
      '',
      'def sax(stream, handler):',
      '    parser = xml.sax.make_parser()',
      '    parser.setFeature(xml.sax.handler.feature_external_ges, True)',
      '    parser.setContentHandler(handler)',
      '    parser.parse(stream)',
    ),
    errors: [
      {
        line: 5,
        messageId: 'pythonParser',
        says: /^CWE-611: `etree\.XMLParser\(resolve_entities=True\)` on line 5 builds an lxml parser with `resolve_entities=True`.*read local files\. Instead, pass `resolve_entities=False`/,
      },
      { line: 9, messageId: 'pythonParser', says: /no_network=False.*fetch URLs/ },
      { line: 13, messageId: 'pythonParser', says: /feature_external_ges.*defusedxml\.sax/ },
    ],
  },
  ...JS.map((language): InvalidCase => ({
    language,
    code: lines(
      "const libxmljs = require('libxmljs');",
      'function read(xml) {',
      '  return libxmljs.parseXml(xml, { noent: true, nonet: true });',
      '}',
    ),
    errors: [
      {
        line: 3,
        messageId: 'libxml',
        says: /^CWE-611: `libxmljs\.parseXml\(xml, \{ noent: true, nonet: true…` on line 3 passes `noent: true`/,
      },
    ],
  })),
  {
    language: 'csharp',
    code: lines(
      'class Feed {',
      '  XmlDocument Load(string xml) {',
      '    var doc = new XmlDocument { XmlResolver = new XmlUrlResolver() };',
      '    doc.LoadXml(xml);',
      '    var settings = new XmlReaderSettings();',
      '    settings.XmlResolver = new System.Xml.XmlUrlResolver();',
      '    return doc;',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 3,
        messageId: 'csharpResolver',
        says: /^CWE-611: `XmlResolver = new XmlUrlResolver\(\)` on line 3 gives the XML parser an `XmlUrlResolver`.*leave `XmlResolver` null/,
      },
      { line: 6, messageId: 'csharpResolver' },
    ],
  },
];

const valid: ValidCase[] = [
  {
    language: 'csharp',
    code: lines(
      'class Feed {',
      '  XmlDocument Load(string xml) {',
      '    var doc = new XmlDocument { XmlResolver = null };',
      '    doc.LoadXml(xml);',
      '    var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit };',
      '    return doc;',
      '  }',
      '}',
    ),
    why: 'no resolver, DTDs prohibited',
  },
  {
    language: 'java',
    code: lines(
      'class Reader {',
      '  Document read(InputStream in) throws Exception {',
      '    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
      '    dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);',
      '    return dbf.newDocumentBuilder().parse(in);',
      '  }',
      '}',
    ),
    why: 'DOCTYPEs disallowed',
  },
  {
    language: 'java',
    code: lines(
      'class Reader {',
      '  private static final SAXParserFactory SPF = SAXParserFactory.newInstance();',
      '  static {',
      '    SPF.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);',
      '  }',
      '  XMLStreamReader stax(InputStream in) throws Exception {',
      '    XMLInputFactory xif = XMLInputFactory.newInstance();',
      '    xif.setProperty(XMLInputFactory.SUPPORT_DTD, false);',
      '    return xif.createXMLStreamReader(in);',
      '  }',
      '  Document dom(InputStream in) throws Exception {',
      '    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();',
      '    f.setExpandEntityReferences(false);',
      '    return f.newDocumentBuilder().parse(in);',
      '  }',
      '}',
    ),
    why: 'secure processing in a static block, SUPPORT_DTD off, entity references not expanded',
  },
  {
    language: 'python',
    code: lines(
      'from lxml import etree',
      'import defusedxml.ElementTree as ET',
      'import xml.sax',
      '',
      'def load(data):',
      '    parser = etree.XMLParser(resolve_entities=False, no_network=True)',
      '    etree.fromstring(data, parser)',
      '    etree.parse("config.xml")',
      '    return ET.fromstring(data)',
      '',
      'def sax(parser):',
      '    parser.setFeature(xml.sax.handler.feature_external_ges, False)',
    ),
    why: 'entities off, a bare etree.parse (lxml 5 resolves no external entities), defusedxml, feature off',
  },
  ...JS.map((language): ValidCase => ({
    language,
    code: lines(
      "const libxmljs = require('libxmljs');",
      'function read(xml) {',
      '  libxmljs.parseXml(xml, { noent: false });',
      '  return libxmljs.parseXml(xml);',
      '}',
    ),
    why: 'noent false or not given',
  })),
];

ruleTester(xxe, { valid, invalid });
