import { readFileSync } from 'node:fs';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { ocrAssets } from './vite-plugins/ocr-assets.ts';

// Fewer, larger script files for the first visit: on a slow mobile connection each extra request
// costs a round trip before the page can hydrate (Lighthouse counted 13 scripts on the home page).
// The framework (React, React DOM, React Router) is one file every page shares and caches; app
// modules used by two or more pages are a second. The form module stays out of the shared file:
// only the account pages use it (they load Zod, with the schemas, only when a form is on screen).
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const SHARED_APP = /app[\\/](components|lib)[\\/]/;
const FORMS = /app[\\/]lib[\\/]form\.ts/;
// Modules of @app/shared used by two or more pages go to `shared` too (formats, sectors, the
// screener's and rankings' view rules): the screener loaded five of them as files of 0.6-1.4 kB,
// each a request on a slow connection. Those that import Zod stay out, or every page would
// load it.
const SHARED_PACKAGE = /packages[\\/]shared[\\/]src[\\/][^\\/]+\.ts$/;
const importsZod = new Map<string, boolean>();
function sharedWithoutZod(id: string): boolean {
  if (!SHARED_PACKAGE.test(id)) return false;
  let zod = importsZod.get(id);
  if (zod === undefined) {
    zod = /from ['"]zod/.test(readFileSync(id, 'utf8'));
    importsZod.set(id, zod);
  }
  return !zod;
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), ocrAssets()],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            {
              name: 'shared',
              test: (id) => (SHARED_APP.test(id) && !FORMS.test(id)) || sharedWithoutZod(id),
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
