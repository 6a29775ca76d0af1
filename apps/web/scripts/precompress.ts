// Served as-is by `@fastify/static` preCompressed: the best quality ahead of time costs nothing per
// request and takes ~14% off the scripts, over what the server can afford compressing on the fly.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ASSETS = resolve(import.meta.dirname, '../build/client/assets');
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|wasm|txt|map)$/;
/** Below this size a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;
const LARGE_BYTES = 1024 * 1024;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(ASSETS, { recursive: true, encoding: 'utf8' })) {
  const path = join(ASSETS, name);
  if (!COMPRESSIBLE.test(name) || !statSync(path).isFile() || statSync(path).size < MIN_BYTES) continue;
  const body = readFileSync(path);
  const br = brotliCompressSync(body, {
    params: {
      // Quality 11 takes seconds per megabyte: the multi-megabyte OCR engine gets 9 (~10% larger, seconds faster).
      [constants.BROTLI_PARAM_QUALITY]: body.length > LARGE_BYTES ? 9 : constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(body, { level: constants.Z_BEST_COMPRESSION }));
  files += 1;
  before += body.length;
  after += br.length;
}
console.info(
  `precompressed ${files} assets: ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB with Brotli`,
);
