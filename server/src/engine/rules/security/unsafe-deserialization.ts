import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import {
  callArguments,
  calleeText,
  code,
  isPlainString,
  JS_LIKE,
  keywordArgument,
  lineOf,
  methodName,
} from '../util.js';
import { INPUT_LEAD, lazyAnalysis, PARAMETER_TAIL, reportSourced } from './taint-flows.js';

const LOADS =
  'CWE-502: {{call}} on line {{line}} {{why}} If the data can come from outside (a request, a file or cache others can write), it can run arbitrary code. Instead, {{fix}}.';

const PICKLE = /^(pickle|cPickle|_pickle|dill|cloudpickle|joblib)\.(loads?|Unpickler)$|^jsonpickle\.decode$/;
const YAML_LOAD = /^yaml\.(load|load_all)$/;
const YAML_UNSAFE = /^yaml\.(unsafe_load|unsafe_load_all)$/;
/** Loaders that build no arbitrary objects: SafeLoader, BaseLoader, and FullLoader (since PyYAML 5.4). */
const SAFE_LOADERS = /(^|\.)(C?SafeLoader|C?BaseLoader|FullLoader)$/;

const UNSAFE_FORMATTERS =
  /^(System\.Runtime\.Serialization\.Formatters\.(Binary|Soap)\.)?(BinaryFormatter|SoapFormatter|NetDataContractSerializer|LosFormatter|ObjectStateFormatter)$/;

/** Deserializers that can be made to build arbitrary objects, and so run code, from their input. */
export const unsafeDeserialization: Rule = {
  meta: {
    id: 'security/unsafe-deserialization',
    type: 'security',
    severity: 'high',
    languages: ['python', 'java', ...JS_LIKE, 'csharp'],
    docs: {
      description: 'pickle, yaml.load with an unsafe loader, or Java object streams reading data.',
      cwe: 'CWE-502',
      examples: [
        {
          language: 'python',
          bad: 'import pickle\nfrom flask import request\n\n@app.route("/restore", methods=["POST"])\ndef restore():\n    state = pickle.loads(request.data)\n    return str(state)\n',
          good: 'import json\nfrom flask import request\n\n@app.route("/restore", methods=["POST"])\ndef restore():\n    state = json.loads(request.data)\n    return str(state)\n',
        },
      ],
    },
    messages: {
      loads: LOADS,
      loadsParameter: LOADS + PARAMETER_TAIL,
      loadsInput: `CWE-502: ${INPUT_LEAD}, and {{call}} {{why}} Whoever sends that input can run arbitrary code in this process. Instead, {{fix}}.`,
    },
  },
  create(context) {
    const analysis = lazyAnalysis(context);
    const report = (node: Node, why: string, fix: string) => {
      const data = callArguments(node)[0];
      const payload = { call: code(node.text, 50), line: lineOf(node), why, fix };
      if (!data) context.report({ node, messageId: 'loads', data: payload });
      else
        reportSourced(context, analysis, {
          node,
          value: data,
          kind: 'deserialise',
          messageId: 'loads',
          data: payload,
        });
    };
    if (context.language === 'python') {
      return {
        call(node) {
          const callee = calleeText(node);
          const args = callArguments(node);
          if (PICKLE.test(callee)) {
            if (args[0] && isPlainString(args[0])) return;
            report(
              node,
              `unpickles data with \`${callee}\`, and unpickling calls whatever constructors and functions the data names.`,
              'exchange data as JSON (json.loads) or another format that only holds values, and keep pickle for data only this program wrote',
            );
          } else if (YAML_UNSAFE.test(callee)) {
            report(
              node,
              `uses \`${callee}\`, which can build arbitrary Python objects from tags in the document.`,
              'use yaml.safe_load',
            );
          } else if (YAML_LOAD.test(callee)) {
            const loader = keywordArgument(node, 'Loader') ?? args[1];
            if (loader && SAFE_LOADERS.test(loader.text)) return;
            report(
              node,
              loader
                ? `loads YAML with \`${loader.text}\`, which can build arbitrary Python objects from tags in the document.`
                : `calls \`${callee}\` without a Loader: PyYAML before 5.1 then builds arbitrary Python objects from tags in the document (5.1 to 5.4 warn, 6.0 and later reject the call).`,
              `use yaml.${callee.endsWith('_all') ? 'safe_load_all' : 'safe_load'}`,
            );
          }
        },
      };
    }
    if (context.language === 'csharp') {
      // Formatters Microsoft documents as unsafe for any untrusted input, whatever the settings.
      const formatters: Node[] = [];
      const deserialises: Node[] = [];
      return {
        object_creation_expression(node) {
          const type = node.childForFieldName('type')?.text ?? '';
          if (UNSAFE_FORMATTERS.test(type)) formatters.push(node);
        },
        invocation_expression(node) {
          if (methodName(calleeText(node)) === 'Deserialize') deserialises.push(node);
        },
        assignment_expression(node) {
          // Json.NET writing and trusting `$type` names: any type on the class path can be built.
          const left = node.childForFieldName('left')?.text ?? '';
          const right = node.childForFieldName('right')?.text ?? '';
          if (/(^|\.)TypeNameHandling$/.test(left) && /(^|\.)(All|Auto|Objects|Arrays)$/.test(right))
            report(
              node,
              `sets Json.NET's \`TypeNameHandling\` to \`${right.replace(/^.*\./, '')}\`, so the JSON's \`$type\` names which .NET type to build, including types whose setters or constructors run code.`,
              'leave `TypeNameHandling` at `None`, or restrict the types with a `SerializationBinder` that allows only the expected ones',
            );
        },
        'Program:exit'() {
          if (formatters.length === 0) return;
          const type = formatters[0]!.childForFieldName('type')?.text ?? 'BinaryFormatter';
          for (const node of deserialises)
            report(
              node,
              `reads objects with \`${type}\`, which builds whatever types the data names; Microsoft documents it as unsafe for any input that is not fully trusted.`,
              'exchange data as JSON with System.Text.Json (which builds only the declared types), or another format that only holds values',
            );
        },
      };
    }
    if (JS_LIKE.includes(context.language)) {
      const imports = context.facts.dependencies.map((d) => d.source);
      // node-serialize revives functions from `_$$ND_FUNC$$_` strings with eval; funcster does the same on purpose.
      const nodeSerialize = imports.includes('node-serialize');
      const funcster = imports.includes('funcster');
      return {
        call_expression(node) {
          const callee = calleeText(node);
          const args = callArguments(node);
          if (args[0] && isPlainString(args[0])) return;
          if (nodeSerialize && (methodName(callee) === 'unserialize' || callee === 'unserialize'))
            report(
              node,
              `unserializes data with node-serialize's \`unserialize\`, which revives functions written in the data with eval (and an immediately invoked one runs at once).`,
              'exchange data as JSON (JSON.parse), which only holds values',
            );
          else if (funcster && methodName(callee) === 'deepDeserialize')
            report(
              node,
              "deserializes data with funcster's `deepDeserialize`, which compiles the functions written in the data.",
              'exchange data as JSON (JSON.parse), which only holds values',
            );
        },
      };
    }
    // Java: an object stream is only a risk when the snippet reads objects from it and sets no filter.
    const streams: { node: Node; type: string }[] = [];
    let reads = false;
    let filtered = false;
    return {
      object_creation_expression(node) {
        const type = node.childForFieldName('type')?.text ?? '';
        if (/^(java\.io\.)?ObjectInputStream$|^(java\.beans\.)?XMLDecoder$/.test(type))
          streams.push({ node, type });
      },
      method_invocation(node) {
        const callee = calleeText(node);
        // commons-lang's SerializationUtils.deserialize is ObjectInputStream.readObject with no filter.
        if (/^(org\.apache\.commons\.lang3?\.)?SerializationUtils\.deserialize$/.test(callee))
          report(
            node,
            'reads objects with ObjectInputStream (SerializationUtils.deserialize), whose readObject() instantiates whatever serializable classes the bytes name (the basis of Java deserialization exploits).',
            'exchange data as JSON or another format that only holds values, or read it with an ObjectInputStream that has an ObjectInputFilter (Java 9+) allowing only the expected classes',
          );
        const name = methodName(callee);
        if (name === 'readObject' || name === 'readUnshared') reads = true;
        if (name === 'setObjectInputFilter' || name === 'setSerialFilter') filtered = true;
      },
      'Program:exit'() {
        if (!reads || filtered) return;
        for (const { node, type } of streams) {
          const xml = type.endsWith('XMLDecoder');
          report(
            node,
            xml
              ? 'reads objects with XMLDecoder, which instantiates any class and calls any method the XML names.'
              : 'reads objects with ObjectInputStream, whose readObject() instantiates whatever serializable classes the stream names (the basis of Java deserialization exploits).',
            xml
              ? 'parse the XML into plain data with a regular parser (or use JSON)'
              : 'exchange data as JSON or another format that only holds values, or at least set an ObjectInputFilter (ObjectInputStream.setObjectInputFilter, Java 9+) that allows only the expected classes',
          );
        }
      },
    };
  },
};
