import type { AnswerResult } from '@app/doc-qa/engine';
import type { WorkerRequest, WorkerResponse } from '@app/doc-qa/protocol';
import { useCallback, useEffect, useRef } from 'react';

type Pending = { resolve: (r: WorkerResponse) => void; reject: (e: Error) => void };
type RequestBody = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

/** Requests are answered in the order sent, so an `ask` after an `index` sees the new document. */
export function useDocQaWorker() {
  const worker = useRef<Worker | null>(null);
  const pending = useRef(new Map<number, Pending>());
  const nextId = useRef(1);

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );

  const send = useCallback((body: RequestBody): Promise<WorkerResponse> => {
    if (!worker.current) {
      const w = new Worker(new URL('../doc-qa.worker.ts', import.meta.url), { type: 'module' });
      w.onmessage = (event: MessageEvent<WorkerResponse>) => {
        const p = pending.current.get(event.data.id);
        pending.current.delete(event.data.id);
        p?.resolve(event.data);
      };
      w.onerror = (event) => {
        for (const p of pending.current.values()) p.reject(new Error(event.message || 'The worker stopped'));
        pending.current.clear();
        w.terminate();
        worker.current = null;
      };
      worker.current = w;
    }
    const id = nextId.current++;
    const w = worker.current;
    return new Promise((resolve, reject) => {
      pending.current.set(id, { resolve, reject });
      w.postMessage({ ...body, id } as WorkerRequest);
    });
  }, []);

  const index = useCallback(
    async (text: string) => {
      const r = await send({ type: 'index', text });
      if (r.type === 'error') throw new Error(r.message);
      if (r.type !== 'indexed') throw new Error('Unexpected reply from the worker');
      return { passages: r.passages, ms: r.ms };
    },
    [send],
  );

  const ask = useCallback(
    async (question: string): Promise<{ result: AnswerResult; ms: number }> => {
      const r = await send({ type: 'ask', question });
      if (r.type === 'error') throw new Error(r.message);
      if (r.type !== 'answer') throw new Error('Unexpected reply from the worker');
      return { result: r.result, ms: r.ms };
    },
    [send],
  );

  return { index, ask };
}
