// Kept so the journeys import their support from beside them; the helpers live in @app/test-support.
export * from '@app/test-support/browser';
