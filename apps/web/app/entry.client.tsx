import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

function hydrate(): void {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The server's HTML is painted first, then React hydrates it. The scripts are preloaded, so hydrating as
// soon as the document was parsed held the first paint back until React's first pass had run: 250-330 ms
// after the document was ready on a desktop CPU, four times that on Lighthouse's mobile profile. A frame,
// then a task: the page reads and scrolls meanwhile, and controls answer once hydrated (`data-hydrated`).
requestAnimationFrame(() => setTimeout(hydrate, 0));
