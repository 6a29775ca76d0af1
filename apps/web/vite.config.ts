import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { ocrAssets } from './vite-plugins/ocr-assets.ts';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), ocrAssets()],
});
