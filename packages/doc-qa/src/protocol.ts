import type { AnswerResult } from './engine';

/** Messages from the page to the Document QA worker. */
export type WorkerRequest = { id: number; type: 'index'; text: string } | { id: number; type: 'ask'; question: string };

/** Messages from the worker back to the page, matched to requests by `id`. */
export type WorkerResponse =
  | { id: number; type: 'indexed'; passages: number; ms: number }
  | { id: number; type: 'answer'; result: AnswerResult; ms: number }
  | { id: number; type: 'error'; message: string };
