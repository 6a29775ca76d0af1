import type { Evidence } from '@app/doc-qa/engine';

function Highlighted({ evidence }: { evidence: Evidence }) {
  const { text, highlight } = evidence;
  if (!highlight) return <>{text}</>;
  return (
    <>
      {text.slice(0, highlight.start)}
      <mark className="rounded bg-amber-200 px-0.5 text-slate-900">{text.slice(highlight.start, highlight.end)}</mark>
      {text.slice(highlight.end)}
    </>
  );
}

export function EvidenceView({
  evidence,
  label,
  onShow,
}: {
  evidence: Evidence;
  label: string;
  onShow: (evidence: Evidence) => void;
}) {
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4" data-testid="evidence">
      <figcaption className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <span>{label}</span>
        <button
          type="button"
          onClick={() => onShow(evidence)}
          className="rounded-md border border-slate-300 px-2 py-1 font-medium text-brand-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={`Page ${evidence.page}: show this passage in the document text`}
        >
          Page {evidence.page}
        </button>
      </figcaption>
      {evidence.table ? (
        // A table keeps its columns: spaces are its layout, so it scrolls sideways on a phone.
        <pre className="overflow-x-auto font-mono text-xs leading-relaxed text-slate-800" data-testid="evidence-table">
          <Highlighted evidence={evidence} />
        </pre>
      ) : (
        <blockquote className="whitespace-pre-line text-sm leading-relaxed text-slate-800">
          <Highlighted evidence={evidence} />
        </blockquote>
      )}
    </figure>
  );
}
