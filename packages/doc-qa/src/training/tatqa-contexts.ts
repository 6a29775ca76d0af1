import type { TatqaContext } from './tatqa';

/** A TAT-QA-shaped context for tests: net sales by contract type over three fiscal years, in millions. */
export const SALES_BY_CONTRACT: TatqaContext = {
  table: {
    uid: 't',
    table: [
      ['', '', 'Years Ended September 30,', ''],
      ['', '2019', '2018', '2017'],
      ['Fixed Price', '$  1,452.4', '$  1,146.2', '$  1,036.9'],
      ['Other', '44.1', '56.7', '70.8'],
      ['Total sales', '$1,496.5', '$1,202.9', '$1,107.7'],
    ],
  },
  paragraphs: [
    { uid: 'p', order: 1, text: 'The table below presents total net sales by contract type (in millions):' },
  ],
  questions: [],
};
