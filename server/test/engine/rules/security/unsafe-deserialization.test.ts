import { unsafeDeserialization } from '../../../../src/engine/rules/security/unsafe-deserialization.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'python',
    code: lines('import pickle', 'def restore(blob):', '    return pickle.loads(blob)', ''),
    errors: [
      {
        line: 3,
        messageId: 'loadsParameter',
        severity: 'medium',
        says: /^CWE-502: `pickle\.loads\(blob\)` on line 3 unpickles data with `pickle\.loads`.*json\.loads/,
      },
    ],
  },
  {
    language: 'python',
    code: lines('import yaml', 'cfg = yaml.load(text)', ''),
    errors: [
      {
        line: 2,
        messageId: 'loads',
        says: /CWE-502: .*without a Loader: PyYAML before 5\.1 .*yaml\.safe_load/,
      },
    ],
  },
  {
    language: 'python',
    code: lines('import yaml', 'cfg = yaml.load(text, Loader=yaml.Loader)', ''),
    errors: [{ line: 2, messageId: 'loads', says: /loads YAML with `yaml\.Loader`/ }],
  },
  {
    language: 'java',
    why: "commons-lang's SerializationUtils.deserialize",
    code: lines(
      'class Cache {',
      '  Object load(byte[] bytes) {',
      '    return SerializationUtils.deserialize(bytes);',
      '  }',
      '}',
    ),
    errors: [{ line: 3, messageId: 'loads', says: /SerializationUtils\.deserialize/ }],
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  Object read(InputStream in) throws Exception {',
      '    ObjectInputStream ois = new ObjectInputStream(in);',
      '    return ois.readObject();',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 3,
        messageId: 'loads',
        says: /CWE-502: `new ObjectInputStream\(in\)` on line 3 reads objects with ObjectInputStream.*ObjectInputFilter/,
      },
    ],
  },
  {
    language: 'python',
    code: lines(
      'import pickle',
      'from flask import request',
      '',
      '@app.route("/restore", methods=["POST"])',
      'def restore():',
      '    state = pickle.loads(request.data)',
      '    return str(state)',
      '',
    ),
    why: 'request input: the source is named',
    errors: [
      {
        line: 6,
        messageId: 'loadsInput',
        data: {
          value: '`request.data`',
          source: '`request.data`',
          sourceLine: 6,
          sink: '`pickle.loads(...)`',
        },
        says: /^CWE-502: `request\.data` comes from `request\.data` \(line 6\) and reaches `pickle\.loads\(\.\.\.\)` \(line 6\).*json\.loads/,
      },
    ],
  },
  {
    language: 'java',
    code: lines(
      'class Restore {',
      '  Object read(HttpServletRequest request) throws Exception {',
      '    ObjectInputStream ois = new ObjectInputStream(request.getInputStream());',
      '    return ois.readObject();',
      '  }',
      '}',
    ),
    why: 'request input',
    errors: [
      {
        line: 3,
        messageId: 'loadsInput',
        data: { source: '`request.getInputStream`', sink: '`new ObjectInputStream(...)`' },
      },
    ],
  },
];

invalid.push({
  language: 'javascript',
  why: "node-serialize's unserialize on a cookie",
  code: lines(
    "const serialize = require('node-serialize');",
    "app.get('/', (req, res) => {",
    "  const profile = serialize.unserialize(Buffer.from(req.cookies.profile, 'base64').toString());",
    '  res.send(profile.name);',
    '});',
  ),
  errors: [
    {
      line: 3,
      messageId: 'loadsInput',
      data: { source: '`req.cookies`', sourceLine: 3 },
      says: /node-serialize's `unserialize`, which revives functions written in the data with eval/,
    },
  ],
});

invalid.push(
  {
    language: 'typescript',
    code: lines(
      "import serialize from 'node-serialize';",
      'export function restore(saved: string) {',
      '  return serialize.unserialize(saved);',
      '}',
    ),
    errors: [{ line: 3, messageId: 'loadsParameter', severity: 'medium' }],
  },
  {
    language: 'tsx',
    code: lines(
      "import { unserialize } from 'node-serialize';",
      'export const Saved = ({ data }: { data: string }) => <pre>{String(unserialize(data))}</pre>;',
    ),
    errors: [{ line: 2, messageId: 'loads' }],
  },
);

invalid.push(
  {
    language: 'csharp',
    why: 'BinaryFormatter reading a request body',
    code: lines(
      'public class StateController : ControllerBase {',
      '  [HttpPost]',
      '  public object Restore() {',
      '    var formatter = new BinaryFormatter();',
      '    return formatter.Deserialize(Request.Body);',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 5,
        messageId: 'loadsInput',
        data: { source: '`Request.Body`' },
        says: /`BinaryFormatter`, which builds whatever types the data names/,
      },
    ],
  },
  {
    language: 'csharp',
    why: "Json.NET told to trust the document's type names",
    code: lines(
      'class Cache {',
      '  object Read(string json) {',
      '    var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.All };',
      '    return JsonConvert.DeserializeObject(json, settings);',
      '  }',
      '}',
    ),
    errors: [{ line: 3, messageId: 'loads', says: /`TypeNameHandling` to `All`/ }],
  },
);

const valid: ValidCase[] = [
  {
    language: 'csharp',
    why: 'System.Text.Json, and Json.NET without type names',
    code: lines(
      'class Cache {',
      '  Order Read(string json) {',
      '    var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.None };',
      '    return JsonSerializer.Deserialize<Order>(json) ?? JsonConvert.DeserializeObject<Order>(json, settings);',
      '  }',
      '}',
    ),
  },
  {
    language: 'typescript',
    why: 'JSON.parse, and an unserialize that is not node-serialize',
    code: lines(
      "import { unserialize } from 'php-serialize';",
      'export function read(text: string) {',
      '  return [JSON.parse(text), unserialize(text)];',
      '}',
    ),
  },
  {
    language: 'python',
    code: 'import yaml, json\na = yaml.safe_load(t)\nb = yaml.load(t, Loader=yaml.SafeLoader)\nc = json.loads(t)\n',
    why: 'safe loaders',
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  Object read(InputStream in) throws Exception {',
      '    ObjectInputStream ois = new ObjectInputStream(in);',
      '    ois.setObjectInputFilter(FILTER);',
      '    return ois.readObject();',
      '  }',
      '}',
    ),
    why: 'a filter',
  },
  {
    language: 'python',
    code: lines('import pickle', 'def load_default():', '    return pickle.loads(b"\\x80\\x04K\\x01.")', ''),
    why: 'a fixed literal',
  },
];

ruleTester(unsafeDeserialization, { valid, invalid });
