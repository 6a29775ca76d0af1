/**
 * Files under assets/ are cached forever, so the folder names the versions; vite-plugins/ocr-assets.ts
 * copies the files there and stops the build if the installed versions differ.
 */
export const OCR_VERSIONS = {
  'tesseract.js': '7.0.0',
  'tesseract.js-core': '7.0.0',
  '@tesseract.js-data/eng': '1.0.0',
};

export const OCR_ASSET_DIR = 'assets/ocr-tesseract-7.0.0-eng-1.0.0';

/** The engine's worker script; `.worker` in its name keeps the site's CSP on it (see apps/server). */
export const OCR_WORKER_FILE = 'tesseract.worker.min.js';

/** The LSTM-only engine builds; tesseract.js picks one by the browser's WebAssembly SIMD support. */
export const OCR_CORE_FILES = [
  'tesseract-core-lstm.wasm.js',
  'tesseract-core-simd-lstm.wasm.js',
  'tesseract-core-relaxedsimd-lstm.wasm.js',
];

/** English model, "best_int" (fast integer LSTM), gzipped; tesseract.js unzips it. */
export const OCR_LANG_FILE = 'eng.traineddata.gz';
