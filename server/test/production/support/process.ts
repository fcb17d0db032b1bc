/**
 * A service process a test starts (the sources through tsx, or a release
 * with plain node) and reads: its JSON log lines as they come, its exit.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export type LogLine = Record<string, unknown> & { msg?: string };

export class ServiceProcess {
  readonly lines: LogLine[] = [];
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcessWithoutNullStreams;
  private stderr = '';
  private stdoutRest = '';

  constructor(command: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
    this.child = spawn(command, args, options);
    this.child.stdout.on('data', (chunk: Buffer) => {
      const parts = (this.stdoutRest + chunk.toString('utf8')).split('\n');
      this.stdoutRest = parts.pop() ?? '';
      for (const part of parts) {
        if (!part.trim()) continue;
        try {
          this.lines.push(JSON.parse(part) as LogLine);
        } catch {
          this.lines.push({ msg: part, unparsed: true });
        }
      }
    });
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  /** The first log line that matches, waiting for it while the process runs. */
  async line(match: (line: LogLine) => boolean, timeoutMs = 60_000): Promise<LogLine> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = this.lines.find(match);
      if (found) return found;
      if (this.child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no such log line; logs: ${JSON.stringify(this.lines)} stderr: ${this.stderr}`);
  }

  /** The port of the "listening" line. */
  async port(): Promise<number> {
    return (await this.line((l) => typeof l.port === 'number' && typeof l.url === 'string')).port as number;
  }

  get errors(): string {
    return this.stderr;
  }

  signal(name: NodeJS.Signals): void {
    this.child.kill(name);
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
