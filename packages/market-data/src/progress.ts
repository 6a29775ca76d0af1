export interface ProgressSink {
  isTTY: boolean;
  write(text: string): void;
}

export const stderrSink: ProgressSink = {
  isTTY: Boolean(process.stderr.isTTY),
  write: (text) => process.stderr.write(text),
};

/** A bar on a terminal; otherwise one line per report to `log` (a service logger). */
export function progressSink(log: (line: string) => void = (line) => console.info(line)): ProgressSink {
  return process.stderr.isTTY ? stderrSink : { isTTY: false, write: (text) => log(text.trimEnd()) };
}

export interface ProgressOptions {
  logEveryMs?: number;
  now?: () => number;
}

/** A bar with ETA on a terminal, a line every few seconds otherwise: neither floods a log nor goes silent. */
export class Progress {
  private total = 0;
  private count = 0;
  private started: number;
  private lastDraw = Number.NEGATIVE_INFINITY;
  private readonly logEveryMs: number;
  private readonly now: () => number;

  constructor(
    private readonly label: string,
    private readonly sink: ProgressSink = stderrSink,
    options: ProgressOptions = {},
  ) {
    this.logEveryMs = options.logEveryMs ?? 5_000;
    this.now = options.now ?? Date.now;
    this.started = this.now();
  }

  start(total: number): this {
    this.total = total;
    this.count = 0;
    this.started = this.now();
    this.lastDraw = this.started;
    if (!this.sink.isTTY && total > 0) this.sink.write(`${this.label}: starting (${fmt(total)} items)\n`);
    return this;
  }

  tick(n = 1, detail = ''): void {
    this.count += n;
    const t = this.now();
    const interval = this.sink.isTTY ? 100 : this.logEveryMs;
    if (this.count < this.total && t - this.lastDraw < interval) return;
    this.lastDraw = t;
    this.draw(t, detail);
  }

  done(): void {
    if (this.total === 0) return;
    const elapsed = formatSeconds((this.now() - this.started) / 1000);
    if (this.sink.isTTY) this.sink.write('\n');
    else this.sink.write(`${this.label}: done, ${fmt(this.count)} items in ${elapsed}\n`);
  }

  private draw(t: number, detail: string): void {
    if (this.total === 0) return;
    const fraction = Math.min(1, this.count / this.total);
    const elapsed = (t - this.started) / 1000;
    const eta = fraction > 0 ? (elapsed / fraction) * (1 - fraction) : Number.NaN;
    const pct = `${(fraction * 100).toFixed(0).padStart(3)}%`;
    const counts = `${fmt(this.count)}/${fmt(this.total)}`;
    const timing = `elapsed ${formatSeconds(elapsed)}, ETA ${formatSeconds(eta)}`;
    if (this.sink.isTTY) {
      const width = 28;
      const filled = Math.round(fraction * width);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
      this.sink.write(`\r${this.label} ${bar} ${pct} ${counts} ${timing} ${detail}`.slice(0, 160).padEnd(100));
    } else {
      this.sink.write(`${this.label}: ${pct} ${counts} ${timing}${detail ? ` (${detail})` : ''}\n`);
    }
  }
}

export function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '-';
  const m = Math.floor(s / 60);
  const sec = Math.round(s % 60);
  return m > 0 ? `${m}m${String(sec).padStart(2, '0')}s` : `${sec}s`;
}

const fmt = (n: number) => n.toLocaleString('en-US');
