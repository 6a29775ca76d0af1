import { describe, expect, it } from 'vitest';
import { concatRows, deserialiseRows, RowSetBuilder, selectQuestions, serialiseRows } from './rows';

function sample(tag: string) {
  const b = new RowSetBuilder();
  b.addRow({ idx: [0, 3], val: [1, 0.5] }, { target: 1, support: 0.4, text: `${tag} right` });
  b.addRow({ idx: [0], val: [1] }, { target: 0, support: 0.4, offset: 0.7, text: `${tag} wrong` });
  b.endQuestion({ answers: ['right'], group: tag, id: `${tag}1` });
  b.addRow({ idx: [0, 200_000], val: [1, 1] }, { target: 0.5, support: 0.2, text: `${tag} half` });
  b.endQuestion({ answers: ['half right'], group: tag, id: `${tag}2` });
  return b.build();
}

describe('row sets', () => {
  it('survive the trip to disk and back', () => {
    const rows = sample('a');
    const back = deserialiseRows(serialiseRows(rows));
    expect(back).toEqual(rows);
    expect(Array.from(back.rowStart)).toEqual([0, 2, 3, 5]);
    expect(back.offset[1]).toBeCloseTo(0.7);
  });

  it('join and select by question, keeping rows, texts and answers together', () => {
    const all = concatRows([sample('a'), sample('b')]);
    expect(Array.from(all.qStart)).toEqual([0, 2, 3, 5, 6]);
    expect(all.texts[3]).toBe('b right');
    const second = selectQuestions(all, (q) => q % 2 === 1);
    expect(second.ids).toEqual(['a2', 'b2']);
    expect(second.texts).toEqual(['a half', 'b half']);
    expect(Array.from(second.idx)).toEqual([0, 200_000, 0, 200_000]);
  });
});
