import { describe, expect, it } from 'vitest';
import { LEXICAL_FAMILIES } from '../r1-lexical';
import { FEATURES } from '../reader-r1';
import { generateGroup } from './generate';
import { questionsIn, type RowSet, rowsIn } from './rows';
import type { SquadArticle } from './squad';

const article = (title: string, context: string, qas: Array<[string, string]>): SquadArticle => ({
  title,
  paragraphs: [
    {
      context,
      qas: qas.map(([question, answer], i) => ({
        id: `${title}-${i}`,
        question,
        answers: [{ text: answer, answer_start: context.indexOf(answer) }],
      })),
    },
  ],
});

const articles = [
  article(
    'Larkspur',
    'Larkspur Instruments was founded in 1987 by Helena Marsh in Dayton. The company sold soil meters to farmers across the region, and its headquarters moved to Columbus in 2004.',
    [
      ['Who founded Larkspur Instruments?', 'Helena Marsh'],
      ['Where did the headquarters move?', 'Columbus'],
    ],
  ),
  article('Rivers', 'The Ohio River flows west from Pittsburgh to the Mississippi at Cairo, Illinois.', [
    ['Where does the Ohio River meet the Mississippi?', 'Cairo, Illinois'],
  ]),
];

describe('generateGroup', () => {
  it('asks each question of the long document, of the other articles and with its paragraph given', () => {
    const options = { families: [...LEXICAL_FAMILIES], negatives: null, texts: true, unanswerable: true, given: true };
    const out = generateGroup(articles, 'g', options);
    expect(questionsIn(out.long)).toBe(3);
    expect(out.long.ids).toEqual(['Larkspur-0', 'Larkspur-1', 'Rivers-0']);
    expect(out.long.texts).toHaveLength(rowsIn(out.long));
    expect(out.long.texts).toContain('Helena Marsh');
    expect(Math.max(...out.long.target)).toBe(1);
    // Lexical features sit above the dense ones.
    expect(Math.max(...out.long.idx)).toBeGreaterThanOrEqual(FEATURES.length);
    expect(out.unanswerable?.answers.every((a) => a.length === 0)).toBe(true);
    expect(questionsIn(out.unanswerable ?? out.long)).toBe(3);
    expect([...(out.unanswerable?.target ?? [])].every((t) => t === 0)).toBe(true);
    expect(questionsIn(out.given ?? out.long)).toBe(3);
  });

  it('keeps every span that overlaps the answer and a sample of the rest, each standing for several', () => {
    const all = generateGroup(articles, 'g', {
      families: [],
      negatives: null,
      texts: false,
      unanswerable: false,
      given: false,
    });
    const some = generateGroup(articles, 'g', {
      families: [],
      negatives: 3,
      texts: false,
      unanswerable: false,
      given: false,
    });
    for (let q = 0; q < 3; q += 1) {
      const range = (s: RowSet, f: (r: number) => boolean) => {
        let n = 0;
        for (let r = s.qStart[q] as number; r < (s.qStart[q + 1] as number); r += 1) if (f(r)) n += 1;
        return n;
      };
      const right = range(all.long, (r) => (all.long.target[r] as number) > 0);
      const wrong = range(all.long, (r) => all.long.target[r] === 0);
      expect(range(some.long, (r) => (some.long.target[r] as number) > 0)).toBe(right);
      expect(range(some.long, (r) => some.long.target[r] === 0)).toBe(Math.min(3, wrong));
      const offsets = new Set<number>();
      for (let r = some.long.qStart[q] as number; r < (some.long.qStart[q + 1] as number); r += 1)
        if (some.long.target[r] === 0) offsets.add(Number((some.long.offset[r] as number).toFixed(4)));
      if (wrong > 3) expect([...offsets]).toEqual([Number(Math.log(wrong / 3).toFixed(4))]);
    }
  });
});
