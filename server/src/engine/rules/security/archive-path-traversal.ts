import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import { escapeRegExp } from '../../regex.js';
import type { Rule } from '../model.js';
import { calleeText, code, lineOf } from '../util.js';

/** How one language reads archives, joins paths and keeps a path inside a folder. */
interface ArchiveSupport {
  /** Loops and calls that hand out entries, each capturing the variable that holds one entry. */
  readonly entries: readonly RegExp[];
  /** Given an entry variable `e`, the expressions that are its name (`e.filename`, `e.getName()`). */
  readonly names: (entry: string) => readonly string[];
  /** Calls that join paths: `os.path.join`, `filepath.Join`, `Path.Combine`, `new File(dir, name)`. */
  readonly join: RegExp;
  /** What writes a file or makes a folder: without it the joined path is only looked at. */
  readonly write: RegExp;
  /** A containment check: the joined path resolved and compared with the folder, or `..` refused anywhere. */
  readonly contained: RegExp;
  /** A check of the name's start only (`name.startswith('..')`), which `a/../../x` walks past. */
  readonly prefixOnly: RegExp;
  /** The fix, in the language's own library. */
  readonly fix: string;
}

const word = (name: string) => new RegExp(`(?<![\\w.$])${escapeRegExp(name)}(?![\\w$])`);

const PYTHON: ArchiveSupport = {
  entries: [/\bfor\s+(\w+)\s+in\s+[\w.]+\.(?:namelist|infolist|getmembers|getnames)\(\)/g],
  names: (e) => [e, `${e}.filename`, `${e}.name`],
  join: /^(os\.path\.join|posixpath\.join|path\.join|join)$/,
  write:
    /\bopen\([^)]*['"][wax]b?\+?['"]|\bcopyfileobj\b|\bmakedirs\b|\bmkdir\b|\.write_bytes\(|\.write_text\(/,
  contained: /\b(realpath|abspath|commonpath|is_relative_to|relative_to)\b|['"]\.\.['"]\s+in\s/,
  prefixOnly: /[\w.]+\.startswith\(\s*['"]\.\.['"]\s*\)/,
  fix: 'join, then resolve both paths with `os.path.realpath` and require `os.path.commonpath([root, target]) == root` (or refuse any name with a `..` part), before writing',
};

const JAVA: ArchiveSupport = {
  entries: [
    /\b(\w+)\s*=\s*[\w.]+\.getNextEntry\(\)/g,
    /\b(\w+)\s*=\s*[\w.]+\.nextElement\(\)/g,
    /\bfor\s*\(\s*(?:final\s+)?[\w.<>]+\s+(\w+)\s*:\s*[^)]*\.entries\(\)/g,
  ],
  names: (e) => [`${e}.getName()`],
  join: /^(new File|new java\.io\.File|Paths\.get|Path\.of|.+\.resolve)$/,
  write: /\bFileOutputStream\b|\bFiles\.(copy|write|newOutputStream|createDirectories)\b|\bmkdirs?\(\)/,
  contained:
    /\b(normalize\(\)|getCanonicalPath\(\)|toRealPath\()[\s\S]*\.startsWith\(|\.contains\(\s*"\.\."\s*\)/,
  prefixOnly: /[\w.()]+\.startsWith\(\s*"\.\."\s*\)/,
  fix: 'resolve the target with `dir.toPath().resolve(name).normalize()` (or `getCanonicalPath()`) and require it to start with the destination folder, before writing',
};

const GO: ArchiveSupport = {
  entries: [/\bfor\s+_,\s*(\w+)\s*:=\s*range\s+[\w.]+\.File\b/g, /\b(\w+),\s*\w+\s*:?=\s*[\w.]+\.Next\(\)/g],
  names: (e) => [`${e}.Name`],
  join: /^(filepath\.Join|path\.Join)$/,
  write: /\bos\.(Create|OpenFile|WriteFile|MkdirAll|Mkdir)\b/,
  contained:
    /\bfilepath\.(IsLocal|Rel)\b|\bstrings\.HasPrefix\([^)]*filepath\.Clean|\bstrings\.Contains\([^)]*"\.\."/,
  prefixOnly: /\bstrings\.HasPrefix\(\s*[\w.]+\s*,\s*"\.\."\s*\)/,
  fix: 'refuse names that are not local (`filepath.IsLocal(name)`, Go 1.20+), or check that `filepath.Rel(dir, target)` does not start with `..`, before writing',
};

const CSHARP: ArchiveSupport = {
  entries: [/\bforeach\s*\(\s*(?:var|[\w.]+)\s+(\w+)\s+in\s+[\w.]+\.Entries\b/g],
  names: (e) => [`${e}.FullName`, `${e}.Name`],
  join: /^(Path\.Combine|Path\.Join|System\.IO\.Path\.Combine)$/,
  write: /\bExtractToFile\b|\bFile\.(Create|OpenWrite|WriteAll\w*)\b|\bCreateDirectory\b|\bnew FileStream\b/,
  contained: /\bGetFullPath\b[\s\S]*\.StartsWith\(|\.Contains\(\s*"\.\."\s*\)/,
  prefixOnly: /[\w.]+\.StartsWith\(\s*"\.\."\s*\)/,
  fix: 'take `Path.GetFullPath` of the target and require it to `StartsWith` the full destination folder plus a separator, before writing',
};

const JAVASCRIPT: ArchiveSupport = {
  entries: [
    /\.on\(\s*['"]entry['"]\s*,\s*(?:async\s*)?(?:function\s*)?\(?\s*(\w+)/g,
    /\.getEntries\(\)\s*\.forEach\(\s*(?:function\s*)?\(?\s*(\w+)/g,
    /\bfor\s*\(\s*(?:const|let|var)\s+(\w+)\s+of\s+[\w.]+\.getEntries\(\)/g,
  ],
  names: (e) => [`${e}.fileName`, `${e}.entryName`, `${e}.path`, `${e}.name`],
  join: /^(path\.join|path\.resolve|join|resolve)$/,
  write: /\bcreateWriteStream\b|\bwriteFile(Sync)?\b|\bmkdir(Sync)?\b|\bextractEntryTo\b/,
  contained: /\bresolve\([\s\S]*\.startsWith\(|\bpath\.relative\(|\.includes\(\s*['"]\.\.['"]\s*\)/,
  prefixOnly: /[\w.]+\.startsWith\(\s*['"]\.\.['"]\s*\)/,
  fix: 'resolve the target with `path.resolve(dir, name)` and require it to start with `path.resolve(dir) + path.sep`, before writing',
};

const SUPPORT: Readonly<Partial<Record<LanguageId, ArchiveSupport>>> = {
  python: PYTHON,
  java: JAVA,
  go: GO,
  csharp: CSHARP,
  javascript: JAVASCRIPT,
  typescript: JAVASCRIPT,
  tsx: JAVASCRIPT,
};

/** A call's arguments as written, or a Java `new File(dir, name)`'s. */
function argumentsText(node: Node): string {
  return (
    (node.childForFieldName('arguments') ?? node.namedChildren.find((c) => c?.type === 'argument_list'))
      ?.text ?? ''
  );
}

/** `new File` for a Java object creation, the callee's text for any other call. */
function joinCallee(node: Node): string {
  if (node.type === 'object_creation_expression') return `new ${node.childForFieldName('type')?.text ?? ''}`;
  return calleeText(node);
}

const CALLS = /^(call|call_expression|method_invocation|invocation_expression|object_creation_expression)$/;

/**
 * An archive's entry names joined into a destination path and written there,
 * in a function that never checks the result stays inside the destination:
 * an entry named `../../etc/cron.d/x` is written outside it (Zip Slip). A check
 * of the name's start only (`startswith('..')`) is reported as such.
 */
export const archivePathTraversal: Rule = {
  meta: {
    id: 'security/archive-path-traversal',
    type: 'security',
    severity: 'high',
    languages: ['python', 'java', 'go', 'csharp', 'javascript', 'typescript', 'tsx'],
    docs: {
      description:
        'An archive entry’s name joined into the destination folder and written there with no check that the path stays inside it (Zip Slip).',
      cwe: 'CWE-22',
      examples: [
        {
          language: 'python',
          bad: "import os, zipfile, shutil\n\ndef unpack(archive, dest):\n    with zipfile.ZipFile(archive) as z:\n        for name in z.namelist():\n            target = os.path.join(dest, name)\n            with z.open(name) as src, open(target, 'wb') as out:\n                shutil.copyfileobj(src, out)\n",
          good: "import os, zipfile, shutil\n\ndef unpack(archive, dest):\n    root = os.path.realpath(dest)\n    with zipfile.ZipFile(archive) as z:\n        for name in z.namelist():\n            target = os.path.realpath(os.path.join(root, name))\n            if os.path.commonpath([root, target]) != root:\n                raise ValueError(f'unsafe entry {name!r}')\n            with z.open(name) as src, open(target, 'wb') as out:\n                shutil.copyfileobj(src, out)\n",
        },
        {
          language: 'go',
          bad: 'package unzip\n\nimport (\n\t"archive/zip"\n\t"io"\n\t"os"\n\t"path/filepath"\n)\n\nfunc Extract(r *zip.Reader, dest string) error {\n\tfor _, f := range r.File {\n\t\tout, err := os.Create(filepath.Join(dest, f.Name))\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n\t\trc, _ := f.Open()\n\t\tio.Copy(out, rc)\n\t\tout.Close()\n\t}\n\treturn nil\n}\n',
          good: 'package unzip\n\nimport (\n\t"archive/zip"\n\t"fmt"\n\t"io"\n\t"os"\n\t"path/filepath"\n)\n\nfunc Extract(r *zip.Reader, dest string) error {\n\tfor _, f := range r.File {\n\t\tif !filepath.IsLocal(f.Name) {\n\t\t\treturn fmt.Errorf("unsafe entry %q", f.Name)\n\t\t}\n\t\tout, err := os.Create(filepath.Join(dest, f.Name))\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n\t\trc, _ := f.Open()\n\t\tio.Copy(out, rc)\n\t\tout.Close()\n\t}\n\treturn nil\n}\n',
        },
      ],
    },
    messages: {
      unchecked:
        'CWE-22: {{join}} on line {{line}} joins an archive entry’s name ({{name}}) into the destination, and nothing in {{unit}} checks that the result stays inside it: an entry named “../../x” is written outside the folder (Zip Slip). Instead, {{fix}}.',
      prefixOnly:
        'CWE-22: {{join}} on line {{line}} joins an archive entry’s name ({{name}}) into the destination, and {{unit}} checks only how the name starts ({{check}}, line {{checkLine}}): an entry named “a/../../x” passes that check and is written outside the folder (Zip Slip). Instead, {{fix}}.',
    },
  },
  create(context) {
    const support = SUPPORT[context.language];
    if (!support) return {};
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          if (unit.metrics.kind === 'class') continue;
          const node = unit.metrics.node;
          const text = node.text;
          if (!support.write.test(text)) continue;
          const entries = support.entries.flatMap((re) => [...text.matchAll(re)].map((m) => m[1]!));
          if (entries.length === 0) continue;
          // The entry's name, and locals set from it (`name = info.filename`).
          const names = new Set(entries.flatMap(support.names));
          for (const expr of [...names])
            for (const m of text.matchAll(
              new RegExp(
                `(?:\\b(?:var|let|const|String|string|final)\\s+)?(\\w+)\\s*:?=\\s*${escapeRegExp(expr)}(?![\\w(])`,
                'g',
              ),
            ))
              names.add(m[1]!);
          if (support.contained.test(text)) continue;
          const nodes = node.doc.nodes.slice(node.id + 1, node.lastId + 1);
          const join = nodes.find(
            (n) =>
              CALLS.test(n.type) &&
              support.join.test(joinCallee(n)) &&
              [...names].some((name) => word(name).test(argumentsText(n))),
          );
          if (!join) continue;
          // The most precise name it uses: `member.name` rather than `member`.
          const used = [...names]
            .sort((a, b) => b.length - a.length)
            .find((name) => word(name).test(argumentsText(join)))!;
          const prefix = support.prefixOnly.exec(text);
          const data = {
            join: code(join.text, 60),
            line: lineOf(join),
            name: code(used),
            unit: code(unit.metrics.name),
            fix: support.fix,
          };
          if (prefix)
            context.report({
              node: join,
              messageId: 'prefixOnly',
              data: {
                ...data,
                check: code(prefix[0]),
                checkLine: node.startPosition.row + 1 + text.slice(0, prefix.index).split('\n').length - 1,
              },
            });
          else context.report({ node: join, messageId: 'unchecked', data });
        }
      },
    };
  },
};
