import { joinPages } from '@app/doc-qa/chunk';
import type { AnswerResult, Evidence } from '@app/doc-qa/engine';
import { documentStats } from '@app/doc-qa/stats';
import { formatCount } from '@app/shared/format';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { Banner } from '../../../components/ui/banner';
import { useDocQaWorker } from '../hooks/use-doc-qa-worker';
import { looksLikePdf } from '../is-pdf';
import { extractPdfPages, PdfTextError } from '../pdf-text.client';
import { AnswerDetails } from './answer-details';
import { EvidenceView } from './evidence-view';

type Busy = 'reading' | 'indexing' | 'answering' | null;

const NOT_FOUND = 'Not found in this document';

/** The OCR panel and engine: a separate chunk, fetched only when a visitor asks for OCR. */
const OcrPages = lazy(() =>
  import('./ocr-pages').catch(() => ({
    default: () => (
      <div className="mt-4">
        <Banner tone="error">The text reader could not be loaded. Check your connection and try again.</Banner>
      </div>
    ),
  })),
);

function showInTextBox(box: HTMLTextAreaElement, start: number, end: number) {
  // A hidden copy of the box with the text before the passage measures how far down it is.
  const style = getComputedStyle(box);
  const mirror = document.createElement('div');
  mirror.style.cssText = `position:absolute;visibility:hidden;white-space:pre-wrap;overflow-wrap:break-word;box-sizing:border-box;width:${box.clientWidth}px;font:${style.font};line-height:${style.lineHeight};padding:${style.padding};letter-spacing:${style.letterSpacing}`;
  mirror.textContent = box.value.slice(0, start);
  document.body.appendChild(mirror);
  const top = mirror.scrollHeight - Number.parseFloat(style.paddingBottom || '0');
  mirror.remove();
  box.focus({ preventScroll: true });
  box.setSelectionRange(start, end);
  box.scrollTop = Math.max(0, top - Number.parseFloat(style.lineHeight || '20') * 2);
}

function scannedWarning(pages: number, emptyPages: number[]): string | null {
  if (pages === 0 || emptyPages.length === 0) return null;
  if (emptyPages.length === pages) return 'This PDF looks scanned — no text to search.';
  const list = emptyPages.length > 8 ? `${emptyPages.slice(0, 8).join(', ')}…` : emptyPages.join(', ');
  return `Page${emptyPages.length > 1 ? 's' : ''} ${list} look${emptyPages.length > 1 ? '' : 's'} scanned — no text to search there.`;
}

/** Larger files would take minutes to read in a browser tab; say so instead. */
const MAX_PDF_BYTES = 200 * 1_048_576;

export function DocQaTool() {
  const ids = { file: useId(), text: useId(), question: useId(), answer: useId(), preflight: useId() };
  const { index, ask } = useDocQaWorker();
  const textBox = useRef<HTMLTextAreaElement>(null);
  const indexedText = useRef<string | null>(null);
  const pdf = useRef<{ file: File; pages: string[] } | null>(null);
  const [ocr, setOcr] = useState<{ file: File; pages: number[] } | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<AnswerResult | null>(null);
  const [timing, setTiming] = useState<{ readMs: number; indexMs: number } | null>(null);

  const stats = useMemo(() => documentStats(text), [text]);
  const warning = fileName ? scannedWarning(stats.pages, stats.emptyPages) : null;
  const canSubmit = question.trim() !== '' && text.trim() !== '' && busy === null;

  async function reindex(current: string) {
    setBusy('indexing');
    const { ms } = await index(current);
    indexedText.current = current;
    return ms;
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    setResult(null);
    setTiming(null);
    setOcr(null);
    pdf.current = null;
    // Busy first: the file input is disabled while this one is read, so a second pick cannot race it.
    setBusy('reading');
    const t0 = performance.now();
    try {
      if (file.size > MAX_PDF_BYTES) {
        setError(`“${file.name}” is larger than ${MAX_PDF_BYTES / 1_048_576} MB. Choose a smaller PDF.`);
        return;
      }
      if (!looksLikePdf(new Uint8Array(await file.slice(0, 1024).arrayBuffer()))) {
        setError(`“${file.name}” is not a PDF file. Choose a PDF document.`);
        return;
      }
      const pages = await extractPdfPages(new Uint8Array(await file.arrayBuffer()));
      const readMs = performance.now() - t0;
      const joined = joinPages(pages);
      setFileName(file.name);
      setText(joined);
      pdf.current = { file, pages };
      const indexMs = await reindex(joined);
      setTiming({ readMs, indexMs });
    } catch (e) {
      setError(e instanceof PdfTextError ? e.message : 'Could not read the PDF file.');
    } finally {
      setBusy(null);
      // Choosing the same file again must load it again.
      input.value = '';
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setError(null);
    try {
      if (indexedText.current !== text) await reindex(text);
      setBusy('answering');
      const answered = await ask(question.trim());
      setResult(answered.result);
    } catch (e) {
      setError(`The question could not be answered: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(null);
    }
  }

  function applyOcrTexts(texts: ReadonlyMap<number, string>) {
    const source = pdf.current;
    if (!source) return;
    setText(joinPages(source.pages.map((page, i) => texts.get(i + 1) ?? page)));
  }

  function show(evidence: Evidence) {
    if (textBox.current) showInTextBox(textBox.current, evidence.start, evidence.end);
  }

  const status =
    busy === 'reading'
      ? 'Reading the PDF…'
      : busy === 'indexing'
        ? 'Indexing the document…'
        : busy === 'answering'
          ? 'Finding the best answer...'
          : null;

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby={`${ids.text}-h`} className="min-w-0">
        <h2 id={`${ids.text}-h`} className="text-xl font-semibold text-slate-900">
          1. Your document
        </h2>
        <label htmlFor={ids.file} className="mt-3 block text-sm font-medium text-slate-700">
          Choose a PDF
        </label>
        <input
          id={ids.file}
          type="file"
          accept="application/pdf,.pdf"
          onChange={onFile}
          disabled={busy !== null}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-600 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-700"
        />
        <p id={ids.preflight} className="mt-3 min-h-6 text-sm text-slate-700" data-testid="preflight">
          {text.trim()
            ? `${fileName ? `${fileName}: ` : ''}${formatCount(stats.pages)} page${stats.pages === 1 ? '' : 's'}, ${formatCount(stats.words)} words${
                timing
                  ? ` · read in ${(timing.readMs / 1000).toFixed(1)} s, indexed in ${timing.indexMs.toFixed(0)} ms`
                  : ''
              }`
            : 'No document yet: choose a PDF, or paste text into the box below.'}
        </p>
        {warning ? (
          <p
            className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            role="status"
          >
            {warning}
          </p>
        ) : null}
        {warning && !ocr && pdf.current ? (
          <button
            type="button"
            onClick={() => pdf.current && setOcr({ file: pdf.current.file, pages: stats.emptyPages })}
            disabled={busy !== null}
            className="mt-2 rounded-lg border border-brand-600 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
          >
            Read the scanned pages (OCR)
          </button>
        ) : null}
        {ocr ? (
          <Suspense
            fallback={
              <p className="mt-4 text-sm text-slate-700" role="status">
                Loading the text reader…
              </p>
            }
          >
            <OcrPages file={ocr.file} pages={ocr.pages} onTexts={applyOcrTexts} />
          </Suspense>
        ) : null}
        <label htmlFor={ids.text} className="mt-4 block text-sm font-medium text-slate-700">
          Document text (you can edit it)
        </label>
        <textarea
          id={ids.text}
          ref={textBox}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={ids.preflight}
          spellCheck={false}
          className="mt-1 h-80 w-full resize-y rounded-lg border border-slate-300 bg-white p-3 font-mono text-sm leading-5 text-slate-800 lg:h-[28rem]"
        />
      </section>

      <section aria-labelledby={`${ids.question}-h`} className="min-w-0">
        <h2 id={`${ids.question}-h`} className="text-xl font-semibold text-slate-900">
          2. Your question
        </h2>
        <form onSubmit={onSubmit} className="mt-3">
          <label htmlFor={ids.question} className="block text-sm font-medium text-slate-700">
            Question
          </label>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <input
              id={ids.question}
              type="text"
              value={question}
              onChange={(e) => setQuestion(e.target.value)}
              placeholder="e.g. How much revenue did the company report in 2023?"
              className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
            />
            <button
              type="submit"
              disabled={!canSubmit}
              className="rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-400"
            >
              Submit
            </button>
          </div>
        </form>
        <p className="mt-3 min-h-6 text-sm text-slate-700" role="status" aria-live="polite">
          {status}
        </p>
        {error ? (
          <div className="mt-2">
            <Banner tone="error">{error}</Banner>
          </div>
        ) : null}

        <label htmlFor={ids.answer} className="mt-4 block text-sm font-medium text-slate-700">
          Answer
        </label>
        <textarea
          id={ids.answer}
          readOnly
          rows={2}
          value={result ? (result.answer ?? NOT_FOUND) : ''}
          placeholder="The answer appears here, with the passage that supports it."
          className="mt-1 w-full resize-none rounded-lg border border-slate-300 bg-slate-100 px-3 py-2 font-semibold text-slate-900"
        />
        {result?.answer && result.lowConfidence ? (
          <p
            className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900"
            data-testid="low-confidence"
          >
            Low confidence: check the passage below before relying on this answer.
          </p>
        ) : null}
        {result?.answer ? <AnswerDetails result={result} /> : null}
        {result?.passage ? (
          <div className="mt-4 space-y-3">
            <EvidenceView evidence={result.passage} label="Supporting passage" onShow={show} />
            {result.alternatives.length > 0 ? (
              <>
                <h3 className="pt-2 text-sm font-semibold text-slate-700">Other passages that may help</h3>
                {result.alternatives.map((a) => (
                  <EvidenceView key={a.start} evidence={a} label="Alternative passage" onShow={show} />
                ))}
              </>
            ) : null}
          </div>
        ) : result ? (
          <p className="mt-3 text-sm text-slate-600">
            Nothing in the document supports an answer
            {result.lookedFor ? <> (looked for: {result.lookedFor})</> : null}. Try other words, or check that the page
            you expect has text.
          </p>
        ) : null}
      </section>
    </div>
  );
}
