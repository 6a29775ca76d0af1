/**
 * Progress of a long job: a bar with an ETA on a terminal, a log line every few seconds
 * otherwise (service logs, CI), so neither floods nor goes silent.
 */
export interface Progress {
  start(total: number): void;
  tick(n?: number): void;
  done(): void;
}

const BAR_WIDTH = 30;
const LOG_EVERY_MS = 5_000;
const DRAW_EVERY_MS = 200;

function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '?';
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${Math.round(s)}s`;
}

export function createProgress(
  label: string,
  out: { isTTY?: boolean; write(s: string): unknown } = process.stderr,
  log: (line: string) => void = (line) => console.info(line),
): Progress {
  let total = 0;
  let count = 0;
  let started = 0;
  let last = 0;
  const line = () => {
    const elapsed = (performance.now() - started) / 1000;
    const share = total > 0 ? count / total : 1;
    const eta = share > 0 ? (elapsed / share) * (1 - share) : Number.NaN;
    return { share, elapsed, eta };
  };
  return {
    start(n) {
      total = n;
      count = 0;
      started = performance.now();
      last = 0;
      if (!out.isTTY) log(`${label}: starting (${n.toLocaleString('en-US')} items)`);
    },
    tick(n = 1) {
      count += n;
      const now = performance.now();
      if (now - last < (out.isTTY ? DRAW_EVERY_MS : LOG_EVERY_MS)) return;
      last = now;
      const { share, elapsed, eta } = line();
      if (out.isTTY) {
        const filled = Math.round(share * BAR_WIDTH);
        out.write(
          `\r${label} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${(share * 100).toFixed(0).padStart(3)}% ${count}/${total} ETA ${formatSeconds(eta)}  `,
        );
      } else {
        log(
          `${label}: ${count}/${total} (${(share * 100).toFixed(0)}%), ${formatSeconds(elapsed)} elapsed, ETA ${formatSeconds(eta)}`,
        );
      }
    },
    done() {
      const { elapsed } = line();
      if (out.isTTY)
        out.write(`\r${label} [${'#'.repeat(BAR_WIDTH)}] 100% ${total}/${total} in ${formatSeconds(elapsed)}\n`);
      else log(`${label}: done, ${total} items in ${formatSeconds(elapsed)}`);
    },
  };
}
