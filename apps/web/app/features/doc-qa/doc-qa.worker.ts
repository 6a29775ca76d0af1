/// <reference lib="webworker" />
// SPEC §4 Doc QA background worker: keeps typing and scrolling smooth on long reports.
import { createDocQa, type DocQaEngine } from '@app/doc-qa/engine';
import type { WorkerRequest, WorkerResponse } from '@app/doc-qa/protocol';

declare const self: DedicatedWorkerGlobalScope;

let engine: DocQaEngine | null = null;

/** Asked once after indexing, so the visitor's first question is as quick as the next ones. */
const WARM_UP_QUESTION = 'What was the total revenue of the company in the last year?';

function reply(message: WorkerResponse) {
  self.postMessage(message);
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  const t0 = performance.now();
  try {
    if (request.type === 'index') {
      const indexed = createDocQa(request.text);
      engine = indexed;
      reply({ id: request.id, type: 'indexed', passages: indexed.passages.length, ms: performance.now() - t0 });
      // The first answer pays for warming the tagger and reader (~0.1–0.2 s); pay it while the visitor types.
      setTimeout(() => {
        try {
          indexed.answer(WARM_UP_QUESTION);
        } catch {
          // A warm-up that fails changes nothing: the visitor's own question reports its error.
        }
      }, 0);
    } else {
      const current = engine ?? createDocQa('');
      reply({ id: request.id, type: 'answer', result: current.answer(request.question), ms: performance.now() - t0 });
    }
  } catch (error) {
    reply({ id: request.id, type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
