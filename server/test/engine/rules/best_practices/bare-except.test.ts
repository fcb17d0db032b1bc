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
];

ruleTester(bareExcept, { valid, invalid });
