/** Where a problem was found: a file, and a 1-based line when the problem is one row. */
export interface Issue {
  file: string;
  line?: number;
  reason: string;
}

/**
 * What an importer did, for its closing summary and for tests: rows read and written,
 * values corrected (splits applied, bases aligned) and rows or files rejected, each with
 * where and why. Reasons are grouped by their text before the first ':' in the summary.
 */
export class ImportReport {
  read = 0;
  written = 0;
  unchanged = 0;
  readonly corrected: Issue[] = [];
  readonly rejected: Issue[] = [];
  readonly notes: string[] = [];

  constructor(readonly name: string) {}

  correct(file: string, line: number | undefined, reason: string): void {
    this.corrected.push(line === undefined ? { file, reason } : { file, line, reason });
  }

  reject(file: string, line: number | undefined, reason: string): void {
    this.rejected.push(line === undefined ? { file, reason } : { file, line, reason });
  }

  note(text: string): void {
    this.notes.push(text);
  }

  /** Counts per kind of reason (the text before the first ':'). */
  static countByKind(issues: readonly Issue[]): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const issue of issues) {
      const kind = issue.reason.split(':')[0] ?? issue.reason;
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    return counts;
  }

  /** The closing summary: totals, then counts by reason, then up to `detail` examples of each list. */
  summary(detail = 10): string {
    const lines = [
      `${this.name}: read ${fmt(this.read)}, written ${fmt(this.written)}, unchanged ${fmt(this.unchanged)}, corrected ${fmt(this.corrected.length)}, rejected ${fmt(this.rejected.length)}`,
    ];
    for (const [label, list] of [
      ['corrected', this.corrected],
      ['rejected', this.rejected],
    ] as const) {
      if (list.length === 0) continue;
      for (const [kind, n] of Object.entries(ImportReport.countByKind(list)))
        lines.push(`  ${label} ${fmt(n)} × ${kind}`);
      for (const issue of list.slice(0, detail)) lines.push(`    ${where(issue)}: ${issue.reason}`);
      if (list.length > detail) lines.push(`    … ${fmt(list.length - detail)} more`);
    }
    for (const note of this.notes) lines.push(`  note: ${note}`);
    return lines.join('\n');
  }
}

function where(issue: Issue): string {
  return issue.line === undefined ? issue.file : `${issue.file}:${issue.line}`;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** Where progress goes: a redrawn bar on a terminal, periodic plain lines otherwise (CI, logs). */
export interface ProgressSink {
  isTTY: boolean;
  write(text: string): void;
}

const stderrSink: ProgressSink = {
  isTTY: Boolean(process.stderr.isTTY),
  write: (text) => process.stderr.write(text),
};

/**
 * A progress bar with an ETA on a terminal; without one, a log line every `logEveryMs`
 * (so a CI log shows the run is alive without thousands of lines). Silent when `total` is 0.
 */
export class Progress {
  private done = 0;
  private readonly started: number;
  private lastDraw = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly sink: ProgressSink = stderrSink,
    private readonly logEveryMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {
    this.started = now();
  }

  tick(n = 1, detail = ''): void {
    this.done += n;
    const t = this.now();
    const interval = this.sink.isTTY ? 100 : this.logEveryMs;
    if (this.done < this.total && t - this.lastDraw < interval) return;
    this.lastDraw = t;
    this.draw(t, detail);
  }

  finish(): void {
    if (this.sink.isTTY && this.total > 0) this.sink.write('\n');
  }

  private draw(t: number, detail: string): void {
    if (this.total === 0) return;
    const fraction = Math.min(1, this.done / this.total);
    const elapsed = (t - this.started) / 1000;
    const eta = fraction > 0 ? (elapsed / fraction) * (1 - fraction) : 0;
    const pct = `${(fraction * 100).toFixed(0).padStart(3)}%`;
    const counts = `${fmt(this.done)}/${fmt(this.total)}`;
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
