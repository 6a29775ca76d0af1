/// <reference lib="webworker" />
// The background worker of SPEC §4 Doc QA: indexes the document once per text and answers
// questions off the main thread, so typing and scrolling stay smooth on long reports.
import { createDocQa, type DocQaEngine } from '@app/doc-qa/engine';
import type { WorkerRequest, WorkerResponse } from '@app/doc-qa/protocol';

declare const self: DedicatedWorkerGlobalScope;

let engine: DocQaEngine | null = null;

function reply(message: WorkerResponse) {
  self.postMessage(message);
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  const t0 = performance.now();
  try {
    if (request.type === 'index') {
      engine = createDocQa(request.text);
      reply({ id: request.id, type: 'indexed', passages: engine.passages.length, ms: performance.now() - t0 });
    } else {
      const current = engine ?? createDocQa('');
      reply({ id: request.id, type: 'answer', result: current.answer(request.question), ms: performance.now() - t0 });
    }
  } catch (error) {
    reply({ id: request.id, type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
