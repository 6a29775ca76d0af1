import { formatPrice } from '@app/shared/format';
import type { PastPick } from '@app/shared/simulator';
import { SOLD_BY_LABELS } from '@app/shared/simulator-view';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner';
import { formatGain } from '../points';

/** The server reports each sale once, so it is kept until dismissed though every change reloads. */
export function useSoldNotices(latest: PastPick[]): [PastPick[], () => void] {
  const [notices, setNotices] = useState(latest);
  const [lastSeen, setLastSeen] = useState(latest);
  if (latest !== lastSeen) {
    setLastSeen(latest);
    const fresh = latest.filter((p) => !notices.some((n) => n.pickid === p.pickid));
    if (fresh.length > 0) setNotices([...notices, ...fresh]);
  }
  return [notices, () => setNotices([])];
}

export function SoldNotice({ sales, onDismiss }: { sales: PastPick[]; onDismiss: () => void }) {
  if (sales.length === 0) return null;
  return (
    <Banner tone="success" onDismiss={onDismiss}>
      <p className="font-semibold">Sold by your triggers since your last visit:</p>
      <ul className="mt-1 list-disc pl-5">
        {sales.map((p) => (
          <li key={p.pickid}>
            {p.comp_name} ({p.ticker}): {SOLD_BY_LABELS[p.sold_by]} at {formatPrice(p.end_price)} on {p.end_date},{' '}
            {formatGain(p.lpoints_gain)} points
          </li>
        ))}
      </ul>
    </Banner>
  );
}
