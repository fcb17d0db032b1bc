import assert from 'node:assert/strict';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_IDS,
  languageForFileName,
  languageInfo,
  resolveLanguage,
  type LanguageId,
  type LanguageInfo,
} from '../src/index.js';
import { show } from './support.js';

const registry: readonly LanguageInfo[] = LANGUAGES;

/** Values that occur more than once. */
function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) repeated.add(value);
    seen.add(value);
  }
  return [...repeated];
}

describe('the language registry', () => {
  it('has at least 15 languages', () => {
    assert.ok(registry.length >= 15, `only ${registry.length} languages`);
  });

  it('includes the languages the product promises', () => {
    const expected = [
      'javascript',
      'typescript',
      'tsx',
      'python',
      'java',
      'go',
      'c',
      'cpp',
      'csharp',
      'rust',
      'php',
      'ruby',
      'kotlin',
      'swift',
      'bash',
    ];
    const ids = registry.map((l) => l.id);
    assert.deepEqual(
      expected.filter((id) => !ids.includes(id)),
      [],
    );
  });

  it('lists the ids in LANGUAGE_IDS, in registry order', () => {
    assert.deepEqual(
      [...LANGUAGE_IDS],
      registry.map((l) => l.id),
    );
  });

  it('has unique ids', () => {
    assert.deepEqual(duplicates(registry.map((l) => l.id)), []);
  });

  it('never lets one name (id or alias) stand for two languages', () => {
    const names = registry.flatMap((l) => [l.id, ...l.aliases]);
    assert.deepEqual(duplicates(names), []);
  });

  it('never repeats an alias within a language, nor uses the id as an alias', () => {
    for (const lang of registry) {
      assert.deepEqual(duplicates([lang.id, ...lang.aliases]), [], lang.id);
    }
  });

  it('never gives one file extension to two languages', () => {
    assert.deepEqual(duplicates(registry.flatMap((l) => [...l.extensions])), []);
  });

  it('spells ids, aliases and extensions in lower case without spaces', () => {
    for (const lang of registry) {
      for (const name of [lang.id, ...lang.aliases, ...lang.extensions]) {
        assert.match(name, /^[a-z0-9+#.-]+$/, `${lang.id}: ${show(name)}`);
      }
    }
  });

  it('writes every extension with its leading dot', () => {
    for (const lang of registry) {
      assert.ok(lang.extensions.length > 0, `${lang.id} has no extensions`);
      for (const ext of lang.extensions) {
        assert.match(ext, /^\.[^.]+$/, `${lang.id}: ${show(ext)}`);
      }
    }
  });

  it('gives every language a name', () => {
    for (const lang of registry) assert.ok(lang.name.trim().length > 0, lang.id);
  });

  it('puts exactly javascript, typescript, tsx, python, java and go in tier 1', () => {
    assert.deepEqual(
      registry.filter((l) => l.tier === 1).map((l) => l.id),
      ['javascript', 'typescript', 'tsx', 'python', 'java', 'go'],
    );
  });

  it('puts every other language in tier 2', () => {
    for (const lang of registry.filter((l) => l.tier !== 1)) {
      assert.equal(lang.tier, 2, lang.id);
    }
  });

  it('defaults to javascript', () => {
    assert.equal(DEFAULT_LANGUAGE, 'javascript');
  });
});

describe('resolveLanguage', () => {
  const cases: [name: string, expected: LanguageId][] = [
    ['javascript', 'javascript'],
    ['js', 'javascript'],
    ['mjs', 'javascript'],
    ['javascriptreact', 'javascript'],
    ['typescript', 'typescript'],
    ['ts', 'typescript'],
    ['tsx', 'tsx'],
    ['typescriptreact', 'tsx'],
    ['py', 'python'],
    ['py3', 'python'],
    ['java', 'java'],
    ['golang', 'go'],
    ['c', 'c'],
    ['h', 'c'],
    ['c++', 'cpp'],
    ['cplusplus', 'cpp'],
    ['cs', 'csharp'],
    ['c#', 'csharp'],
    ['c-sharp', 'csharp'],
    ['rs', 'rust'],
    ['php', 'php'],
    ['rb', 'ruby'],
    ['kts', 'kotlin'],
    ['swift', 'swift'],
    ['shellscript', 'bash'],
    ['JavaScript', 'javascript'],
    ['TS', 'typescript'],
    ['PY', 'python'],
    ['C++', 'cpp'],
    ['C#', 'csharp'],
    ['  go  ', 'go'],
    ['\n\tRust\t\n', 'rust'],
  ];
  for (const [name, expected] of cases) {
    it(`resolves ${show(name)} to "${expected}"`, () => {
      assert.equal(resolveLanguage(name), expected);
    });
  }

  it('resolves every id and alias, in upper, lower and mixed case, with surrounding spaces', () => {
    for (const lang of registry) {
      for (const name of [lang.id, ...lang.aliases]) {
        const mixed = [...name].map((ch, i) => (i % 2 ? ch.toUpperCase() : ch)).join('');
        for (const spelling of [name, name.toUpperCase(), mixed, `  ${name}\t`]) {
          assert.equal(resolveLanguage(spelling), lang.id, show(spelling));
        }
      }
    }
  });

  const unknown = [
    'cobol',
    '',
    '   ',
    'java script',
    'type-script',
    '.js',
    'js,ts',
    'toString',
    '__proto__',
    'constructor',
  ];
  for (const name of unknown) {
    it(`gives undefined for ${show(name)}`, () => {
      assert.equal(resolveLanguage(name), undefined);
    });
  }
});

describe('languageForFileName', () => {
  const known: [fileName: string, expected: LanguageId][] = [
    ['x.PY', 'python'],
    ['a/b.tsx', 'tsx'],
    ['main.go', 'go'],
    ['index.js', 'javascript'],
    ['server.MJS', 'javascript'],
    ['component.jsx', 'javascript'],
    ['types.d.ts', 'typescript'],
    ['Main.java', 'java'],
    ['lib.rs', 'rust'],
    ['header.h', 'c'],
    ['vector.hpp', 'cpp'],
    ['odd.c++', 'cpp'],
    ['Program.CS', 'csharp'],
    ['build.gradle.kts', 'kotlin'],
    ['deploy.sh', 'bash'],
    ['src/v1.2/app.rb', 'ruby'],
    ['dir.d/file.php', 'php'],
    ['/abs/path/To/File.Swift', 'swift'],
  ];
  for (const [fileName, expected] of known) {
    it(`maps ${show(fileName)} to "${expected}"`, () => {
      assert.equal(languageForFileName(fileName), expected);
    });
  }

  it('maps every registered extension to its language, in any case', () => {
    for (const lang of registry) {
      for (const ext of lang.extensions) {
        assert.equal(languageForFileName(`file${ext}`), lang.id, ext);
        assert.equal(languageForFileName(`some/dir/FILE${ext.toUpperCase()}`), lang.id, ext);
      }
    }
  });

  const unknown = [
    'Makefile',
    'dir.d/file',
    'a.b/c.d/README',
    'README',
    'notes.txt',
    'archive.tar.gz',
    'file.',
    'file.js.bak',
    '',
  ];
  for (const fileName of unknown) {
    it(`gives undefined for ${show(fileName)}`, () => {
      assert.equal(languageForFileName(fileName), undefined);
    });
  }
});

describe('languageInfo', () => {
  it('returns the registry entry for each id', () => {
    for (const id of LANGUAGE_IDS) {
      const info = languageInfo(id);
      assert.equal(info.id, id);
      assert.equal(
        info,
        registry.find((l) => l.id === id),
      );
    }
  });

  it('describes C++', () => {
    const info = languageInfo('cpp');
    assert.equal(info.name, 'C++');
    assert.equal(info.tier, 2);
    assert.ok(info.aliases.includes('c++'));
    assert.ok(info.extensions.includes('.cpp'));
  });

  it('describes Python', () => {
    const info = languageInfo('python');
    assert.equal(info.name, 'Python');
    assert.equal(info.tier, 1);
    assert.deepEqual([...info.extensions], ['.py', '.pyw', '.pyi']);
  });

  it('throws for an id outside the registry', () => {
    assert.throws(() => languageInfo('cobol' as LanguageId), {
      message: 'unknown language id cobol',
    });
  });
});
