// tesseract.js's own ES module build: importing it (not the CommonJS entry) keeps the bundler's
// CommonJS helpers out of the runtime chunk that every page of the site loads.
declare module 'tesseract.js/dist/tesseract.esm.min.js' {
  import type Tesseract from 'tesseract.js';

  const tesseract: typeof Tesseract;
  export default tesseract;
}
