import { bareExcept } from '../../../../src/engine/rules/best_practices/bare-except.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';

const invalid: InvalidCase[] = [
  {
    language: 'python',
    code: 'try:\n    run()\nexcept:\n    log()\n',
    errors: [
      {
        line: 3,
        messageId: 'bareExcept',
        says: /^The bare `except:` on line 3 catches every exception, including KeyboardInterrupt/,
      },
    ],
  },
  {
    language: 'python',
    code: 'def load():\n    try:\n        return read()\n    except:  # anything at all\n        return None\n',
    focused: true,
    why: 'a comment on the except line, with best practices in focus',
    errors: [{ line: 4, messageId: 'bareExcept', data: { line: 4 } }],
  },
  {
    language: 'python',
    code: 'try:\n    run()\nexcept:\n    cleanup()\n    raise RuntimeError("failed")\n',
    why: 'raising another exception turns Ctrl-C into it',
    errors: [{ line: 3, messageId: 'bareExcept' }],
  },
];

const valid: ValidCase[] = [
  {
    language: 'python',
    code: 'try:\n    run()\nexcept Exception:\n    log()\n',
    why: 'names what it catches',
  },
  {
    language: 'python',
    code: 'try:\n    run()\nexcept (ValueError, OSError) as e:\n    log(e)\n',
    focused: true,
    why: 'names a tuple of exceptions, with best practices in focus',
  },
  {
    language: 'python',
    code: 'def send(conn, data):\n    try:\n        conn.write(data)\n    except:\n        conn.close()\n        raise\n',
    why: 'cleans up and re-raises: PEP 8’s one fair use of a bare except',
  },
  {
    language: 'python',
    code: 'import os\n\ndef child(run):\n    try:\n        run()\n    except:\n        report()\n        os._exit(127)\n',
    why: 'ends the process',
  },
];

ruleTester(bareExcept, { valid, invalid });
