import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { lineOf } from '../util.js';

const GENERIC = new Set(['Exception', 'Throwable', 'java.lang.Exception', 'java.lang.Throwable']);

const SPECIFIC = 'catch the specific exceptions the try block can throw and let the others propagate.';

/** Java: catching Exception or Throwable without rethrowing. */
export const genericCatch: Rule = {
  meta: {
    id: 'best_practices/generic-catch',
    type: 'best_practices',
    severity: 'low',
    languages: ['java'],
    docs: {
      description: 'A catch of Exception or Throwable that does not rethrow.',
      examples: [
        {
          language: 'java',
          bad: 'class Importer {\n  int importFile(Path path) {\n    try {\n      return parse(Files.readString(path)).size();\n    } catch (Exception e) {\n      log.warn("import failed", e);\n      return 0;\n    }\n  }\n}\n',
          good: 'class Importer {\n  int importFile(Path path) {\n    try {\n      return parse(Files.readString(path)).size();\n    } catch (IOException | ParseException e) {\n      log.warn("import failed", e);\n      return 0;\n    }\n  }\n}\n',
        },
      ],
    },
    messages: {
      catchesException: `The \`catch ({{type}} {{name}})\` on line {{line}} handles every exception, including unchecked ones such as NullPointerException and IllegalArgumentException that signal bugs, the same way; ${SPECIFIC}`,
      catchesThrowable: `The \`catch ({{type}} {{name}})\` on line {{line}} handles every exception and error (including OutOfMemoryError and StackOverflowError) the same way; ${SPECIFIC}`,
    },
  },
  create(context) {
    return {
      catch_clause(node) {
        const param = node.namedChildren.find((c) => c?.type === 'catch_formal_parameter');
        const types = param?.namedChildren.find((c) => c?.type === 'catch_type')?.namedChildren ?? [];
        const generic = types.find((t): t is Node => t !== null && GENERIC.has(t.text));
        if (!generic) return;
        // Wrapping and rethrowing hides nothing.
        const body = node.childForFieldName('body');
        if (!body || body.descendantsOfType('throw_statement').length > 0) return;
        const name = param?.childForFieldName('name')?.text ?? 'e';
        context.report({
          node,
          messageId: generic.text.endsWith('Throwable') ? 'catchesThrowable' : 'catchesException',
          data: { type: generic.text, name, line: lineOf(node) },
        });
      },
    };
  },
};
