import { readFileSync } from 'node:fs';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { ocrAssets } from './vite-plugins/ocr-assets.ts';

// Few script files: on slow mobile each request costs a round trip before hydration (13 on home).
// The form module and @app/shared modules importing Zod stay out of `shared`: only forms need Zod.
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const SHARED_APP = /app[\\/](components|lib)[\\/]/;
const FORMS = /app[\\/]lib[\\/]form\.ts/;
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
