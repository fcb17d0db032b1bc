import { commandInjection } from '../../../../src/engine/rules/security/command-injection.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const parameter = { messageId: 'shellRunsParameter', severity: 'medium' } as const;

const invalid: InvalidCase[] = [
  {
    language: 'java',
    why: 'a shell script passed to exec as sh -c in an array',
    code: lines(
      'class DirLister {',
      '  Process list(String dir) throws IOException {',
      '    return Runtime.getRuntime().exec(new String[] {"sh", "-c", "ls -la " + dir});',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 3,
        messageId: 'shellRunsParameter',
        severity: 'medium',
        says: /has a shell run `"ls -la " \+ dir`/,
      },
    ],
  },
  {
    language: 'javascript',
    code: lines(
      "const { exec } = require('child_process');",
      'function ls(dir) {',
      '  exec(`ls ${dir}`);',
      '}',
    ),
    errors: [
      {
        line: 3,
        ...parameter,
        data: { source: 'a parameter of `ls`', sourceLine: 2 },
        says: /^CWE-78: `` exec\(`ls \$\{dir\}`\) `` on line 3 has a shell run .*execFile or spawn/,
      },
    ],
  },
  {
    language: 'typescript',
    code: lines(
      "import * as cp from 'node:child_process';",
      'export function rm(p: string) {',
      "  cp.execSync('rm -rf ' + p);",
      '}',
    ),
    errors: [{ line: 3, ...parameter, says: /CWE-78: `cp\.execSync\('rm -rf ' \+ p\)`/ }],
  },
  {
    language: 'tsx',
    code: 'execSync(`git checkout ${branch}`);',
    errors: [{ line: 1, messageId: 'shellRuns', says: /CWE-78/ }],
  },
  {
    language: 'python',
    code: lines('import subprocess', 'def ls(d):', '    subprocess.run("ls " + d, shell=True)', ''),
    errors: [{ line: 3, ...parameter, says: /CWE-78: .*"ls " \+ d.*without shell=True/ }],
  },
  {
    language: 'python',
    code: lines('import os', 'def rm(p):', '    os.system(f"rm {p}")', ''),
    errors: [{ line: 3, ...parameter, says: /CWE-78: `os\.system\(f"rm \{p\}"\)`/ }],
  },
  {
    language: 'go',
    code: lines(
      'package m',
      'import "os/exec"',
      'func Run(arg string) {',
      '\texec.Command("sh", "-c", "ls "+arg).Run()',
      '}',
      '',
    ),
    errors: [{ line: 4, ...parameter, says: /CWE-78: .*`"ls "\+arg`.*exec\.Command\("prog", arg\)/ }],
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  void run(String f) throws Exception {',
      '    Runtime.getRuntime().exec("cat " + f);',
      '  }',
      '}',
    ),
    errors: [{ line: 3, ...parameter, says: /CWE-78/ }],
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  Process run(String d) throws Exception {',
      '    return new ProcessBuilder("bash", "-c", "ls " + d).start();',
      '  }',
      '}',
    ),
    errors: [{ line: 3, ...parameter, says: /CWE-78: .*ProcessBuilder/ }],
  },
  {
    language: 'python',
    code: lines(
      'import subprocess',
      'from flask import request',
      '',
      '@app.route("/ping")',
      'def ping():',
      '    host = request.args["host"]',
      '    cmd = "ping -c 1 " + host',
      '    return subprocess.run(cmd, shell=True).returncode',
      '',
    ),
    why: 'request input: the source and the names it went through are named',
    errors: [
      {
        line: 8,
        messageId: 'shellRunsInput',
        data: { value: '`cmd` (from `host`)', source: '`request.args`', sourceLine: 6, sinkLine: 8 },
        says: /^CWE-78: `cmd` \(from `host`\) comes from `request\.args` \(line 6\) and reaches `subprocess\.run\(\.\.\.\)` \(line 8\).*subprocess\.run\(\["prog", arg\]\)/,
      },
    ],
  },
  {
    language: 'go',
    code: lines(
      'package m',
      'import ("net/http"; "os/exec")',
      'func h(w http.ResponseWriter, r *http.Request) {',
      '\texec.Command("sh", "-c", "ls "+r.FormValue("dir")).Run()',
      '}',
      '',
    ),
    why: 'request input',
    errors: [
      {
        line: 4,
        messageId: 'shellRunsInput',
        data: { source: '`r.FormValue`', sink: '`exec.Command(...)`' },
      },
    ],
  },
];

invalid.push({
  language: 'typescript',
  why: 'exec wrapped by util.promisify still runs a shell',
  code: lines(
    "import { exec } from 'node:child_process';",
    "import { promisify } from 'node:util';",
    'const run = promisify(exec);',
    'export async function diskFree(mount: string) {',
    "  const { stdout } = await run('df -h ' + mount);",
    '  return stdout;',
    '}',
  ),
  errors: [{ line: 5, messageId: 'shellRunsParameter', severity: 'medium' }],
});

const valid: ValidCase[] = [
  {
    language: 'typescript',
    why: 'execFile wrapped by promisify takes an argument array: no shell',
    code: lines(
      "import { execFile } from 'node:child_process';",
      "import { promisify } from 'node:util';",
      'const run = promisify(execFile);',
      'export async function diskFree(mount: string) {',
      "  const { stdout } = await run('df', ['-h', mount]);",
      '  return stdout;',
      '}',
    ),
  },
  {
    language: 'java',
    why: 'the program and its arguments as an array, no shell',
    code: lines(
      'class DirLister {',
      '  Process list(String dir) throws IOException {',
      '    return Runtime.getRuntime().exec(new String[] {"ls", "-la", dir});',
      '  }',
      '}',
    ),
  },
  { language: 'javascript', code: "exec('ls -la');", why: 'a fixed command' },
  { language: 'javascript', code: 'const m = /a(\\d+)/.exec(`${prefix}a12`);', why: 'RegExp.prototype.exec' },
  {
    language: 'typescript',
    code: "import { exec } from './db.js';\nexec(`UPDATE t SET a = ${a}`);",
    why: 'an exec imported from elsewhere',
  },
  {
    language: 'python',
    code: 'import subprocess, os\nsubprocess.run(["ls", d])\nsubprocess.run("ls " + d)\nos.system("ls " "-la")\n',
    why: 'no shell; adjacent literals are one fixed string',
  },
  {
    language: 'go',
    code: 'package m\nimport "os/exec"\nfunc R(a string) { exec.Command("ls", a).Run() }\n',
    why: 'no shell',
  },
  {
    language: 'java',
    code: 'class A { void f(String d) throws Exception { Runtime.getRuntime().exec(new String[] {"ls", d}); } }',
    why: 'an argument array',
  },
  {
    language: 'python',
    code: lines('import os, shlex', 'def h():', '    os.system("ls " + shlex.quote(request.args["d"]))', ''),
    why: 'shlex.quote',
  },
  {
    language: 'python',
    code: lines(
      'import subprocess',
      'def h():',
      '    subprocess.run(["ls", request.args["d"]], shell=False)',
      '',
    ),
    why: 'an argument list with request input',
  },
];

/** C#: a shell (`/bin/sh -c`, `cmd.exe /c`) given an argument string built from values. */
const csharpInvalid: InvalidCase[] = [
  {
    language: 'csharp',
    code: lines(
      'using System.Diagnostics;',
      '',
      'public class DiagnosticsController : Controller',
      '{',
      '    [HttpPost("ping")]',
      '    public IActionResult Ping([FromForm] string host)',
      '    {',
      '        var p = Process.Start("/bin/sh", "-c \\"ping -c 1 " + host + "\\"");',
      '        p.WaitForExit();',
      '        return Ok();',
      '    }',
      '}',
    ),
    why: 'a form field in the script of sh -c',
    errors: [
      {
        line: 8,
        messageId: 'shellRunsInput',
        severity: 'high',
        data: { source: 'the `[FromForm]` parameter `host`', sourceLine: 6, sink: '`Process.Start(...)`' },
        says: /psi\.ArgumentList\.Add\(arg\)/,
      },
    ],
  },
  {
    language: 'csharp',
    code: lines(
      'public static class Archiver',
      '{',
      '    public static void Pack(string folder)',
      '    {',
      '        var psi = new ProcessStartInfo',
      '        {',
      '            FileName = "cmd.exe",',
      '            Arguments = $"/c tar -czf backup.tgz {folder}",',
      '            UseShellExecute = false,',
      '        };',
      '        Process.Start(psi);',
      '    }',
      '}',
    ),
    why: 'a parameter in cmd.exe /c set through an initializer: lower severity',
    errors: [{ line: 8, messageId: 'shellRunsParameter', severity: 'medium', data: { sink: '`Arguments`' } }],
  },
  {
    language: 'csharp',
    code: lines(
      'public class Tools',
      '{',
      '    public void Grep(string pattern)',
      '    {',
      '        var psi = new ProcessStartInfo("/bin/bash", $"-c \\"grep {pattern} /var/log/app.log\\"");',
      '        Process.Start(psi);',
      '    }',
      '}',
    ),
    errors: [{ line: 5, messageId: 'shellRunsParameter', severity: 'medium' }],
  },
];

const csharpValid: ValidCase[] = [
  {
    language: 'csharp',
    code: lines(
      'public class DiagnosticsController : Controller',
      '{',
      '    public IActionResult Ping(string host)',
      '    {',
      '        var psi = new ProcessStartInfo("ping") { UseShellExecute = false };',
      '        psi.ArgumentList.Add("-c");',
      '        psi.ArgumentList.Add(host);',
      '        Process.Start(psi);',
      '        return Ok();',
      '    }',
      '}',
    ),
    why: 'the program with an argument list, no shell',
  },
  {
    language: 'csharp',
    code: lines(
      'public class Git',
      '{',
      '    public void Log(string branch)',
      '    {',
      '        Process.Start("git", "log --oneline " + branch);',
      '        Process.Start("/bin/sh", "-c \\"git gc --auto\\"");',
      '    }',
      '}',
    ),
    why: 'no shell parses the built arguments; the shell script is a fixed string',
  },
];

ruleTester(commandInjection, { valid: [...valid, ...csharpValid], invalid: [...invalid, ...csharpInvalid] });
