import { rustUnsafe } from '../../../../src/engine/rules/best_practices/rust-unsafe.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'rust',
    code: lines('fn first(p: *const u8) -> u8 {', '    unsafe { *p }', '}', ''),
    errors: [
      {
        line: 2,
        messageId: 'undocumentedUnsafe',
        says: /^The `unsafe` block on line 2 works with raw pointers; .*`\/\/ SAFETY:`/,
      },
    ],
  },
  {
    language: 'rust',
    code: lines(
      'fn as_u32(bytes: [u8; 4]) -> u32 {',
      '    unsafe {',
      '        std::mem::transmute(bytes)',
      '    }',
      '}',
      '',
    ),
    errors: [
      {
        line: 2,
        messageId: 'undocumentedUnsafe',
        data: { lines: '2–4' },
        says: /^The `unsafe` block on line 2–4 reinterprets memory with `transmute`; /,
      },
    ],
  },
  {
    language: 'rust',
    code: lines(
      'fn first(v: &[u8]) -> u8 {',
      '    assert!(!v.is_empty());',
      '    // SAFETY: the assert above proves index 0 is in bounds.',
      '    let b = unsafe { *v.get_unchecked(0) };',
      '    b',
      '}',
      '',
    ),
    focused: true,
    why: 'a documented block, with best practices in focus',
    errors: [
      {
        line: 4,
        messageId: 'documentedUnsafe',
        data: { comment: 3 },
        says: /^The `unsafe` block on line 4 skips a bounds or validity check; the `\/\/ SAFETY:` comment on line 3 says why it is sound/,
        saysNot: /write down/,
      },
    ],
  },
  {
    language: 'rust',
    code: lines(
      'static mut COUNT: u32 = 0;',
      '',
      'fn bump() {',
      '    // SAFETY: only called from the main thread.',
      '',
      '    unsafe { COUNT += 1; }',
      '}',
      '',
    ),
    why: 'a SAFETY comment separated from the block by a blank line',
    errors: [
      {
        line: 6,
        messageId: 'undocumentedUnsafe',
        says: /^The `unsafe` block on line 6 changes a mutable static; .*write down/,
      },
    ],
  },
];

const valid: ValidCase[] = [
  {
    language: 'rust',
    code: lines(
      '/// Callers must pass a valid pointer.',
      'unsafe fn read(p: *const u8) -> u8 {',
      '    0',
      '}',
      '',
    ),
    why: 'an unsafe fn declaration, no unsafe block',
  },
  {
    language: 'rust',
    code: lines(
      'fn first(v: &[u8]) -> u8 {',
      '    assert!(!v.is_empty());',
      '    // SAFETY: the assert above proves index 0 is in bounds.',
      '    let b = unsafe { *v.get_unchecked(0) };',
      '    b',
      '}',
      '',
      'fn second(v: &[u8]) -> u8 {',
      '    unsafe {',
      '        // SAFETY: callers pass at least two bytes (checked in parse).',
      '        *v.get_unchecked(1)',
      '    }',
      '}',
      '',
    ),
    why: 'a SAFETY comment above the statement; one first inside the block',
  },
  {
    language: 'rust',
    code: lines(
      'static mut COUNT: u32 = 0;',
      '',
      'fn bump() {',
      '    // Counts calls for the stats page.',
      '    // SAFETY: only called from the main thread,',
      '    // so no two calls overlap.',
      '    unsafe { COUNT += 1; }',
      '}',
      '',
    ),
    why: 'a SAFETY comment in the run of comments directly above',
  },
];

ruleTester(rustUnsafe, { valid, invalid });
