// Copies the OCR engine (tesseract.js worker, WebAssembly core, English model) from node_modules
// to the site's own assets, so OCR loads nothing from a CDN. Nothing here enters a page bundle:
// the files are fetched by the OCR worker only after a visitor asks for OCR.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import {
  OCR_ASSET_DIR,
  OCR_CORE_FILES,
  OCR_LANG_FILE,
  OCR_VERSIONS,
  OCR_WORKER_FILE,
} from '../app/features/doc-qa/ocr-assets.ts';

const require = createRequire(import.meta.url);

function packageDir(name: string, from?: string): string {
  const resolved = from ? createRequire(from).resolve(`${name}/package.json`) : require.resolve(`${name}/package.json`);
  const version = (JSON.parse(readFileSync(resolved, 'utf8')) as { version: string }).version;
  const wanted = OCR_VERSIONS[name as keyof typeof OCR_VERSIONS];
  if (version !== wanted) {
    throw new Error(`${name} is ${version}, the OCR asset folder names ${wanted}: update ocr-assets.ts`);
  }
  return dirname(resolved);
}

/** Served file name → file on disk. */
export function ocrAssetFiles(): Map<string, string> {
  const tesseract = packageDir('tesseract.js');
  const core = packageDir('tesseract.js-core', join(tesseract, 'package.json'));
  const eng = packageDir('@tesseract.js-data/eng');
  return new Map([
    [OCR_WORKER_FILE, join(tesseract, 'dist/worker.min.js')],
    ...OCR_CORE_FILES.map((f): [string, string] => [f, join(core, f)]),
    [OCR_LANG_FILE, join(eng, '4.0.0_best_int', OCR_LANG_FILE)],
  ]);
}

export function ocrAssets(): Plugin {
  const files = ocrAssetFiles();
  return {
    name: 'ocr-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const prefix = `/${OCR_ASSET_DIR}/`;
        const file = req.url?.startsWith(prefix) ? files.get(req.url.slice(prefix.length)) : undefined;
        if (!file) return next();
        res.setHeader('content-type', file.endsWith('.js') ? 'text/javascript' : 'application/gzip');
        res.end(readFileSync(file));
      });
    },
    generateBundle(_options, _bundle) {
      // The client build only: the server never serves these from its own bundle.
      if (this.environment.name !== 'client') return;
      for (const [name, path] of files) {
        this.emitFile({ type: 'asset', fileName: `${OCR_ASSET_DIR}/${name}`, source: readFileSync(path) });
      }
    },
  };
}
