import { genericCatch } from '../../../../src/engine/rules/best_practices/generic-catch.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';

const invalid: InvalidCase[] = [
  {
    language: 'java',
    code: 'class A {\n  void f() {\n    try { run(); } catch (Exception e) { log(e); }\n  }\n}',
    errors: [
      {
        line: 3,
        messageId: 'catchesException',
        says: /^The `catch \(Exception e\)` on line 3 handles every exception, including unchecked ones such as NullPointerException/,
      },
    ],
  },
  {
    language: 'java',
    code: 'class A {\n  void f() {\n    try { run(); } catch (Throwable t) { log(t); }\n  }\n}',
    errors: [
      {
        line: 3,
        messageId: 'catchesThrowable',
        data: { type: 'Throwable', name: 't' },
        says: /^The `catch \(Throwable t\)` on line 3 handles every exception and error \(including OutOfMemoryError and StackOverflowError\) the same way; catch the specific exceptions/,
      },
    ],
  },
];

const valid: ValidCase[] = [
  {
    language: 'java',
    code: 'class A { void f() { try { run(); } catch (IOException e) { log(e); } catch (Exception e) { throw new IllegalStateException(e); } } }',
    why: 'a specific type; a rethrow',
  },
  {
    language: 'java',
    code: 'class A { void f() { try { run(); } catch (IOException | SQLException e) { log(e); } } }',
    focused: true,
    why: 'specific types, with best practices in focus',
  },
];

ruleTester(genericCatch, { valid, invalid });
