/**
 * XML parsers that resolve external entities (CWE-611). Only what the code
 * shows counts:
 *
 * - Java's JAXP factories resolve external entities unless configured: a
 *   factory created in a class that never sets one of the known hardening
 *   features or properties is reported (any one of them in the class counts:
 *   the rule cannot follow which factory it was set on);
 * - Python: lxml's `XMLParser(resolve_entities=True)` or `no_network=False`,
 *   and `xml.sax` with `feature_external_ges` turned on. A bare
 *   `etree.parse(x)` stays silent: lxml 5 no longer resolves external
 *   entities by default, and earlier versions never fetch from the network,
 *   so the finding would depend on a version the snippet does not show. The
 *   standard library's `xml.etree` resolves no external entities at all (its
 *   risk is entity expansion, CWE-776, for which defusedxml is the fix);
 * - JavaScript: libxmljs's `parseXml(…, { noent: true })`.
 * - C#: an `XmlResolver` set to an `XmlUrlResolver` (XmlDocument and
 *   XmlReaderSettings resolve nothing without one since .NET Framework 4.5.2).
 * - Go's encoding/xml never resolves external entities: no rule.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import {
  callArguments,
  calleeText,
  code,
  keywordArgument,
  lineOf,
  methodName,
  stringContent,
} from '../util.js';

interface Factory {
  /** What the creation call looks like: `DocumentBuilderFactory.newInstance`. */
  readonly creates: RegExp;
  /** Any of these in the class means it is configured (on some factory). */
  readonly hardened: RegExp;
  /** The setting to add, for a factory held in `name`. */
  readonly fix: (name: string) => string;
}

const DTD_OFF = 'http://apache.org/xml/features/disallow-doctype-decl';
const SAX_HARDENING =
  /disallow-doctype-decl|FEATURE_SECURE_PROCESSING|external-general-entities|ACCESS_EXTERNAL_DTD|load-external-dtd/;

const JAVA_FACTORIES: readonly Factory[] = [
  {
    creates: /^DocumentBuilderFactory\.(newInstance|newDefaultInstance|newNSInstance)$/,
    hardened: new RegExp(`${SAX_HARDENING.source}|setExpandEntityReferences\\(\\s*false\\s*\\)`),
    fix: (name) => `call \`${name}.setFeature("${DTD_OFF}", true)\` before \`newDocumentBuilder()\``,
  },
  {
    creates: /^SAXParserFactory\.(newInstance|newDefaultInstance|newNSInstance)$/,
    hardened: SAX_HARDENING,
    fix: (name) => `call \`${name}.setFeature("${DTD_OFF}", true)\` before \`newSAXParser()\``,
  },
  {
    creates: /^XMLInputFactory\.(newInstance|newFactory|newDefaultFactory)$/,
    hardened:
      /SUPPORT_DTD|supportDTD|IS_SUPPORTING_EXTERNAL_ENTITIES|isSupportingExternalEntities|ACCESS_EXTERNAL_DTD/,
    fix: (name) => `call \`${name}.setProperty(XMLInputFactory.SUPPORT_DTD, false)\` before creating readers`,
  },
  {
    creates: /^TransformerFactory\.(newInstance|newDefaultInstance)$/,
    hardened: /ACCESS_EXTERNAL_DTD|ACCESS_EXTERNAL_STYLESHEET|FEATURE_SECURE_PROCESSING/,
    fix: (name) =>
      `call \`${name}.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "")\` and \`${name}.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "")\``,
  },
  {
    creates: /^(SAXBuilder|SAXReader)$/,
    hardened: SAX_HARDENING,
    fix: (name) => `call \`${name}.setFeature("${DTD_OFF}", true)\` before building`,
  },
];

/** The variable a creation is stored in (`dbf` in `DocumentBuilderFactory dbf = …`). */
function holder(node: Node): string | undefined {
  const parent = node.parent;
  if (parent?.type === 'variable_declarator') return parent.childForFieldName('name')?.text;
  if (parent?.type === 'assignment_expression') return parent.childForFieldName('left')?.text;
  return undefined;
}

function enclosingClass(node: Node): Node {
  let top = node;
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'class_declaration' || p.type === 'enum_declaration' || p.type === 'record_declaration')
      return p;
    top = p;
  }
  return top;
}

const isTrue = (n: Node | undefined, language: LanguageId) =>
  n?.text === (language === 'python' ? 'True' : 'true');

export const xxe: Rule = {
  meta: {
    id: 'security/xxe',
    type: 'security',
    severity: 'high',
    languages: ['java', 'python', 'javascript', 'typescript', 'tsx', 'csharp'],
    docs: {
      description:
        "Java XML factories (DocumentBuilderFactory, SAXParserFactory, XMLInputFactory, TransformerFactory, SAXBuilder, SAXReader) created in a class that never disables DOCTYPEs or external entities; lxml's resolve_entities=True or no_network=False; xml.sax with feature_external_ges on; libxmljs's noent: true; C#'s XmlResolver set to an XmlUrlResolver. Go's encoding/xml resolves no external entities.",
      cwe: 'CWE-611',
      examples: [
        {
          language: 'java',
          bad: 'class Reader {\n  Document read(InputStream in) throws Exception {\n    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();\n    return dbf.newDocumentBuilder().parse(in);\n  }\n}\n',
          good: 'class Reader {\n  Document read(InputStream in) throws Exception {\n    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();\n    dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);\n    return dbf.newDocumentBuilder().parse(in);\n  }\n}\n',
        },
      ],
    },
    messages: {
      javaFactory:
        'CWE-611: {{call}} on line {{line}} creates an XML parser factory and nothing in {{where}} turns off DOCTYPEs or external entities, so a document whose DOCTYPE declares an external entity (one naming file:///etc/passwd, say) makes the parser read local files or fetch URLs from inside your network. Instead, {{fix}}.',
      pythonParser:
        'CWE-611: {{call}} on line {{line}} {{what}}, so a document whose DOCTYPE declares an external entity (one naming file:///etc/passwd, say) can make the parser read local files{{network}}. Instead, {{fix}}.',
      csharpResolver:
        'CWE-611: {{call}} on line {{line}} gives the XML parser an `XmlUrlResolver`, which loads external entities and DTDs, so a document whose DOCTYPE declares an external entity (one naming file:///etc/passwd, say) makes the parser read local files or fetch URLs from inside your network. Instead, leave `XmlResolver` null (the default since .NET Framework 4.5.2) and keep `DtdProcessing.Prohibit`.',
      libxml:
        'CWE-611: {{call}} on line {{line}} passes `noent: true`, which substitutes external entities, so a document whose DOCTYPE declares an external entity naming file:///etc/passwd puts that file into the parsed tree. Instead, remove `noent` (it is off by default).',
    },
  },
  create(context) {
    const { language } = context;
    switch (language) {
      case 'java': {
        const check = (node: Node) => {
          const callee = calleeText(node);
          const factory = JAVA_FACTORIES.find((f) => f.creates.test(callee));
          if (!factory) return;
          const cls = enclosingClass(node);
          if (factory.hardened.test(cls.text)) return;
          const held = holder(node);
          const className = cls.type.endsWith('_declaration')
            ? cls.childForFieldName('name')?.text
            : undefined;
          context.report({
            node,
            messageId: 'javaFactory',
            data: {
              call: code(node.text, 50),
              line: lineOf(node),
              where: className ? `class \`${className}\`` : 'this code',
              fix: held
                ? factory.fix(held)
                : `keep the factory in a variable (\`factory\`) and ${factory.fix('factory')}`,
            },
          });
        };
        return { method_invocation: check, object_creation_expression: check };
      }
      case 'python':
        return {
          call(node) {
            const callee = calleeText(node);
            const report = (what: string, network: boolean, fix: string) =>
              context.report({
                node,
                messageId: 'pythonParser',
                data: {
                  call: code(node.text, 50),
                  line: lineOf(node),
                  what,
                  network: network ? ' or fetch URLs from inside your network' : '',
                  fix,
                },
              });
            if (methodName(callee) === 'XMLParser') {
              const resolves = keywordArgument(node, 'resolve_entities');
              const network = keywordArgument(node, 'no_network');
              const fetches = network?.text === 'False';
              // lxml's own fix; defusedxml for documents that need no DTD at all.
              const fix =
                'pass `resolve_entities=False` (and leave `no_network` at its default, True), or parse untrusted documents with `defusedxml`';
              if (isTrue(resolves, language))
                report(
                  'builds an lxml parser with `resolve_entities=True`, which substitutes external entities',
                  fetches,
                  fix,
                );
              else if (fetches)
                report(
                  'builds an lxml parser with `no_network=False`, which lets entities and DTDs load over the network',
                  true,
                  fix,
                );
              return;
            }
            if (methodName(callee) === 'setFeature') {
              const [feature, value] = callArguments(node);
              if (
                feature &&
                /(^|\.)feature_external_(ges|pes)$/.test(feature.text) &&
                isTrue(value, language)
              )
                report(
                  `turns on \`${feature.text.split('.').pop()}\`, which makes xml.sax resolve external entities`,
                  true,
                  'leave it off (the default), or parse untrusted documents with `defusedxml.sax`',
                );
            }
          },
        };
      case 'csharp':
        return {
          assignment_expression(node) {
            const left = node.childForFieldName('left');
            const right = node.childForFieldName('right');
            const property =
              left?.type === 'member_access_expression' ? left.childForFieldName('name') : left;
            if (
              property?.text === 'XmlResolver' &&
              right?.type === 'object_creation_expression' &&
              /(^|\.)XmlUrlResolver$/.test(right.childForFieldName('type')?.text ?? '')
            )
              context.report({
                node,
                messageId: 'csharpResolver',
                data: { call: code(node.text, 50), line: lineOf(node) },
              });
          },
        };
      default:
        return {
          call_expression(node) {
            if (!/^parseXml(String|Async)?$/.test(methodName(calleeText(node)))) return;
            const options = callArguments(node)[1];
            if (options?.type !== 'object') return;
            const noent = options.namedChildren.find((p) => {
              if (p.type !== 'pair') return false;
              const key = p.childForFieldName('key');
              return (
                (key?.text === 'noent' || (key && stringContent(key) === 'noent')) &&
                p.childForFieldName('value')?.text === 'true'
              );
            });
            if (noent)
              context.report({
                node,
                messageId: 'libxml',
                data: { call: code(node.text, 50), line: lineOf(node) },
              });
          },
        };
    }
  },
};
