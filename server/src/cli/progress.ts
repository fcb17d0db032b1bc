/**
 * The progress bar: one line on stderr, redrawn in place, with files done,
 * the total and the file being analysed. Only for a person watching: not
 * when stderr is piped or a file, nor when CI is set.
 */
export interface Progress {
  update(done: number, current: string | undefined): void;
  /** Clears the line, so what follows starts on a clean one. */
  end(): void;
}

const NONE: Progress = { update() {}, end() {} };
const WIDTH = 24;
/** Redraws at most this often: a fast run over small files would spend its time drawing. */
const INTERVAL_MS = 80;

export function shouldShowProgress(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && !env.CI;
}

export function createProgress(total: number, stream: NodeJS.WriteStream, show: boolean): Progress {
  if (!show || total === 0) return NONE;
  let last = 0;
  let drawn = false;
  const draw = (done: number, current: string | undefined) => {
    const filled = Math.round((done / total) * WIDTH);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}`;
    const counts = `${bar} ${done}/${total} files`;
    // A line wider than the terminal wraps, and \r would then redraw only its last part;
    // a long path keeps its end, the file's name. A terminal of unknown size (0 columns,
    // as under `script`) gets the usual 80.
    const room = (stream.columns || 80) - 1 - counts.length - 1;
    let file = current ?? '';
    if (file.length > room) file = room > 1 ? `…${file.slice(file.length - room + 1)}` : '';
    const line = file ? `${counts} ${file}` : counts;
    stream.write(`\r\x1b[2K${line}`);
    drawn = true;
  };
  return {
    update(done, current) {
      const now = Date.now();
      if (done < total && now - last < INTERVAL_MS) return;
      last = now;
      draw(done, current);
    },
    end() {
      if (drawn) stream.write('\r\x1b[2K');
    },
  };
}
