import { emptyCatch } from '../../../../src/engine/rules/best_practices/empty-catch.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';

const invalid: InvalidCase[] = [
  {
    language: 'python',
    code: 'def hex4(s):\n    try:\n        value = int(s, 16)\n    except ValueError:\n        pass\n    return value\n',
    errors: [{ line: 4, messageId: 'emptyExcept', says: /handler on line 4 does nothing/ }],
  },
  {
    language: 'javascript',
    code: 'try {\n  run();\n} catch (e) {\n}',
    errors: [{ line: 3, messageId: 'emptyCatch', says: /^The `catch \(e\)` block on line 3 is empty/ }],
  },
  {
    language: 'typescript',
    code: 'save(doc).catch(() => {});',
    errors: [
      {
        line: 1,
        messageId: 'swallowedRejection',
        says: /^The `\.catch\(\(\) => \{\}\)` on line 1 swallows the rejection of `save\(doc\)`/,
      },
    ],
  },
  {
    language: 'tsx',
    code: 'try { run(); } catch {}',
    errors: [{ line: 1, messageId: 'emptyCatch', says: /The `catch` block on line 1 is empty/ }],
  },
  {
    language: 'python',
    code: 'try:\n    run()\nexcept ValueError:\n    pass\n',
    errors: [
      { line: 3, messageId: 'emptyExcept', says: /^The `except ValueError:` handler on line 3 does nothing/ },
    ],
  },
  {
    language: 'java',
    code: 'class A {\n  void f() {\n    try { run(); } catch (IOException e) {}\n  }\n}',
    errors: [
      { line: 3, messageId: 'emptyCatch', says: /The `catch \(IOException e\)` block on line 3 is empty/ },
    ],
  },
  {
    language: 'go',
    code: 'package m\nfunc F() {\n\terr := run()\n\tif err != nil {\n\t}\n}\n',
    errors: [
      {
        line: 4,
        messageId: 'emptyErrorCheck',
        says: /^`if err != nil \{\}` on line 4 checks `err` and then does nothing/,
      },
    ],
  },
  {
    language: 'python',
    code: 'try:\n    run()\nexcept (KeyError, IndexError) as e:\n    ...\n',
    errors: [
      {
        line: 3,
        messageId: 'emptyExcept',
        data: { head: 'except (KeyError, IndexError) as e:' },
        says: /^The `except \(KeyError, IndexError\) as e:` handler on line 3 does nothing.*add a comment saying why/,
      },
    ],
  },
  {
    language: 'javascript',
    code: 'load()\n  .then(render)\n  .catch(function (err) {});',
    focused: true,
    why: 'a function expression handler, with best practices in focus',
    errors: [{ line: 1, messageId: 'swallowedRejection', data: { handler: 'function (err) {}' } }],
  },
];

const valid: ValidCase[] = [
  {
    language: 'python',
    code: 'def firsts(iterables):\n    out = []\n    for it in map(iter, iterables):\n        try:\n            out.append(next(it))\n        except StopIteration:\n            pass\n    return out\n',
    why: 'an iterator running out is the normal end of iterating, not a failure',
  },
  {
    language: 'python',
    code: 'def hex4(s):\n    try:\n        return int(s, 16)\n    except ValueError:\n        pass\n    raise BadEscape(s)\n',
    why: 'the try returns, so the code after it runs only on failure and is its handling',
  },
  {
    language: 'java',
    code: 'class P {\n  static int port(String s) {\n    try {\n      return Integer.parseInt(s);\n    } catch (NumberFormatException e) {\n    }\n    return DEFAULT_PORT;\n  }\n}',
    why: 'the fallback after the try is the handling',
  },
  {
    language: 'javascript',
    code: 'try { run(); } catch (e) {\n  // optional feature: ignore\n}\np.catch((e) => log(e));',
    why: 'a comment; a handler that does something',
  },
  {
    language: 'python',
    code: 'try:\n    run()\nexcept ValueError as e:\n    log(e)\n',
    why: 'handled',
  },
  {
    language: 'go',
    code: 'package m\nfunc F() error {\n\terr := run()\n\tif err != nil {\n\t\treturn err\n\t}\n\tif x != nil {\n\t}\n\treturn nil\n}\n',
    why: 'returned; not an error',
  },
  {
    language: 'java',
    code: 'class A {\n  void f() {\n    try { run(); } catch (InterruptedException e) {\n      // shutting down: nothing left to do\n    }\n  }\n}',
    focused: true,
    why: 'a comment saying why, with best practices in focus',
  },
  {
    language: 'go',
    code: 'package m\nfunc F() {\n\tif err := run(); err != nil {\n\t} else {\n\t\tdone()\n\t}\n}\n',
    why: 'an else branch',
  },
];

ruleTester(emptyCatch, { valid, invalid });
