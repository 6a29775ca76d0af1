import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { ocrAssets } from './vite-plugins/ocr-assets.ts';

// Fewer, larger script files for the first visit: on a slow mobile connection each extra request
// costs a round trip before the page can hydrate (Lighthouse counted 13 scripts on the home page).
// The framework (React, React DOM, React Router) is one file every page shares and caches; app
// modules used by two or more pages are a second. The form module stays out of the shared file:
// it brings Zod, which only pages with forms may load.
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const SHARED_APP = /app[\\/](components|lib)[\\/]/;
const FORMS = /app[\\/]lib[\\/]form\.ts/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), ocrAssets()],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            { name: 'shared', test: (id) => SHARED_APP.test(id) && !FORMS.test(id), minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
});
