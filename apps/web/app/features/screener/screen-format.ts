export { measureTone } from '../../lib/measure-format';

/** What a range bound is typed in, for the filter's hint. */
export const UNIT_HINT = {
  usd: '$ per share',
  'usd-millions': '$ millions',
  shares: 'shares',
  multiple: '× (ratio)',
  percent: '% (10 = 10%)',
} as const;
