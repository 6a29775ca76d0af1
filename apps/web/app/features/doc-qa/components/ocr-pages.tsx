import { useEffect, useId, useRef, useState } from 'react';
import { Banner } from '../../../components/ui/banner';
import { OcrError, type OcrProgress, ocrPdfPages } from '../ocr.client';

export interface OcrPagesProps {
  file: File;
  /** The PDF pages to read (1-based): those without a text layer. */
  pages: readonly number[];
  onTexts(texts: ReadonlyMap<number, string>): void;
}

function progressLabel(p: OcrProgress, seconds: number | null = null): string {
  if (p.done === p.total) {
    return `Read ${p.total} scanned page${p.total === 1 ? '' : 's'}${seconds === null ? '' : ` in ${seconds.toFixed(1)} s`}.`;
  }
  if (p.stage === 'loading') return 'Loading the text reader…';
  return `Reading page ${p.page} (${p.done + 1} of ${p.total})…`;
}

export default function OcrPages({ file, pages, onTexts }: OcrPagesProps) {
  const id = useId();
  const [progress, setProgress] = useState<OcrProgress>({
    page: pages[0] ?? 1,
    done: 0,
    total: pages.length,
    fraction: 0,
    stage: 'loading',
  });
  const [texts, setTexts] = useState<ReadonlyMap<number, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [seconds, setSeconds] = useState<number | null>(null);
  const onTextsRef = useRef(onTexts);
  onTextsRef.current = onTexts;

  useEffect(() => {
    const controller = new AbortController();
    const t0 = performance.now();
    const found = new Map<number, string>();
    (async () => {
      try {
        await ocrPdfPages(new Uint8Array(await file.arrayBuffer()), pages, {
          signal: controller.signal,
          onProgress: setProgress,
          onPage(page, text) {
            found.set(page, text);
            const next = new Map(found);
            setTexts(next);
            onTextsRef.current(next);
          },
        });
        setSeconds((performance.now() - t0) / 1000);
      } catch (e) {
        if (controller.signal.aborted) return;
        setError(e instanceof OcrError ? e.message : 'The scanned pages could not be read.');
      }
    })();
    return () => controller.abort();
  }, [file, pages]);

  function edit(page: number, text: string) {
    const next = new Map(texts);
    next.set(page, text);
    setTexts(next);
    onTextsRef.current(next);
  }

  const running = error === null && progress.done < progress.total;
  return (
    <section
      aria-labelledby={`${id}-h`}
      className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3"
      data-testid="ocr"
    >
      <h3 id={`${id}-h`} className="text-base font-semibold text-slate-900">
        Scanned pages
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Read on your device, like the rest of the document. Recognised text can contain mistakes: correct it in the
        boxes below; the corrected text is what gets searched.
      </p>
      {running ? (
        <div className="mt-3">
          <label htmlFor={`${id}-p`} className="block text-sm text-slate-700">
            {progressLabel(progress)}
          </label>
          <progress
            id={`${id}-p`}
            max={progress.total}
            value={progress.done + progress.fraction}
            aria-valuetext={`Page ${Math.min(progress.done + 1, progress.total)} of ${progress.total}`}
            className="mt-1 h-2 w-full accent-brand-600"
          />
        </div>
      ) : null}
      <p className="mt-2 text-sm text-slate-700" role="status" data-testid="ocr-status">
        {error || running ? null : progressLabel(progress, seconds)}
      </p>
      {error ? (
        <div className="mt-2">
          <Banner tone="error">{error}</Banner>
        </div>
      ) : null}
      {pages
        .filter((n) => texts.has(n))
        .map((n) => (
          <div key={n} className="mt-3">
            <label htmlFor={`${id}-t${n}`} className="block text-sm font-medium text-slate-700">
              Page {n} text
            </label>
            <textarea
              id={`${id}-t${n}`}
              value={texts.get(n) ?? ''}
              onChange={(e) => edit(n, e.target.value)}
              spellCheck={false}
              className="mt-1 h-40 w-full resize-y rounded-lg border border-slate-300 bg-white p-2 font-mono text-sm leading-5 text-slate-800"
            />
          </div>
        ))}
    </section>
  );
}
