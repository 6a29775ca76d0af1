import type { AnswerResult } from '@app/doc-qa/engine';

const KIND_LABEL: Record<AnswerResult['kind'], string> = {
  factoid: 'Fact',
  explanatory: 'Explanation',
  yesno: 'Yes/No',
  choice: 'Comparison',
  computed: 'Computed',
  list: 'List',
};

export function AnswerDetails({ result }: { result: AnswerResult }) {
  const { kind, quote, formula, cells, items } = result;
  return (
    <div className="mt-3 space-y-2 text-sm text-slate-800" data-testid="answer-details">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500" data-testid="answer-kind">
        {KIND_LABEL[kind]}
      </p>
      {items && items.length > 0 ? (
        <ul className="list-disc space-y-0.5 pl-5" data-testid="answer-items">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
      {quote ? (
        <blockquote className="border-l-4 border-brand-600 pl-3 italic" data-testid="answer-quote">
          “{quote.text}” <span className="not-italic text-slate-600">(page {quote.page})</span>
        </blockquote>
      ) : null}
      {formula ? (
        <p data-testid="answer-formula">
          <span className="font-semibold">{kind === 'computed' ? 'Formula: ' : 'Figures compared: '}</span>
          <span className="font-mono">{formula}</span>
        </p>
      ) : null}
      {cells.length > 0 && kind !== 'choice' ? (
        <div>
          <p className="font-semibold">Cells used</p>
          <ul className="mt-1 space-y-0.5" data-testid="answer-cells">
            {cells.map((c) => (
              <li key={`${c.table}-${c.start}`}>
                {c.row} · {c.column}: <span className="font-mono">{c.text}</span> (page {c.page})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
