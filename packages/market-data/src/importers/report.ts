/** Where a problem was found: a file, and a 1-based line when the problem is one row. */
export interface Issue {
  file: string;
  line?: number;
  reason: string;
}

/** Reasons are grouped in the summary by their text before the first ':'. */
export class ImportReport {
  read = 0;
  written = 0;
  unchanged = 0;
  /** Records passed over on purpose (e.g. a filer no ticker list names), not errors. */
  skipped = 0;
  readonly corrected: Issue[] = [];
  readonly rejected: Issue[] = [];
  /** What was seen but not acted on for lack of evidence (a split-like move, a jump across a gap). */
  readonly doubts: Issue[] = [];
  readonly notes: string[] = [];

  constructor(readonly name: string) {}

  correct(file: string, line: number | undefined, reason: string): void {
    this.corrected.push(line === undefined ? { file, reason } : { file, line, reason });
  }

  reject(file: string, line: number | undefined, reason: string): void {
    this.rejected.push(line === undefined ? { file, reason } : { file, line, reason });
  }

  doubt(file: string, line: number | undefined, reason: string): void {
    this.doubts.push(line === undefined ? { file, reason } : { file, line, reason });
  }

  note(text: string): void {
    this.notes.push(text);
  }

  static countByKind(issues: readonly Issue[]): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const issue of issues) {
      const kind = issue.reason.split(':')[0] ?? issue.reason;
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    return counts;
  }

  summary(detail = 10): string {
    const lines = [
      `${this.name}: read ${fmt(this.read)}, written ${fmt(this.written)}, unchanged ${fmt(this.unchanged)}, corrected ${fmt(this.corrected.length)}, rejected ${fmt(this.rejected.length)}, doubts ${fmt(this.doubts.length)}${this.skipped > 0 ? `, skipped ${fmt(this.skipped)}` : ''}`,
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
    // Every doubt is listed: each is a question for a person, not a row count.
    if (this.doubts.length > 0) lines.push(`  doubts ${fmt(this.doubts.length)} (nothing applied):`);
    for (const issue of this.doubts) lines.push(`    ${where(issue)}: ${issue.reason}`);
    for (const note of this.notes) lines.push(`  note: ${note}`);
    return lines.join('\n');
  }
}

function where(issue: Issue): string {
  return issue.line === undefined ? issue.file : `${issue.file}:${issue.line}`;
}

const fmt = (n: number) => n.toLocaleString('en-US');
