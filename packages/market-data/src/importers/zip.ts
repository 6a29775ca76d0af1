import { basename } from 'node:path';
import { type Entry, openPromise, type ZipFile } from 'yauzl';

/**
 * A zip read one entry at a time: the central directory is read when it opens (so a truncated
 * or foreign file fails here, before anything is imported), each entry's bytes only when asked,
 * and never more than one entry in memory (SEC's bulk zips are 1–1.5 GB of small JSON files).
 */
export class ZipReader {
  private constructor(
    private readonly zip: ZipFile,
    readonly file: string,
  ) {}

  static async open(path: string): Promise<ZipReader> {
    try {
      const zip = await openPromise(path, { lazyEntries: true, autoClose: false, strictFileNames: false });
      return new ZipReader(zip, basename(path));
    } catch (err) {
      throw new Error(
        `${basename(path)} is not a complete zip file (${(err as Error).message}); delete it and download it again`,
      );
    }
  }

  /** Entries in the archive, files and folders, as the central directory counts them. */
  get entryCount(): number {
    return this.zip.entryCount;
  }

  /** Each entry in stored order; the next one is read only when the loop asks for it. */
  async *entries(): AsyncGenerator<Entry> {
    for (;;) {
      const next = new Promise<Entry | null>((resolve, reject) => {
        const done = (value: Entry | null, err?: Error) => {
          this.zip.off('entry', onEntry);
          this.zip.off('end', onEnd);
          this.zip.off('error', onError);
          if (err) reject(err);
          else resolve(value);
        };
        const onEntry = (e: Entry) => done(e);
        const onEnd = () => done(null);
        const onError = (e: Error) => done(null, new Error(`${this.file}: ${e.message}`));
        this.zip.on('entry', onEntry);
        this.zip.on('end', onEnd);
        this.zip.on('error', onError);
      });
      this.zip.readEntry();
      const entry = await next;
      if (!entry) return;
      yield entry;
    }
  }

  /** One entry's bytes, inflated and checked against the size the directory states. */
  async read(entry: Entry): Promise<Buffer> {
    const stream = await this.zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  close(): void {
    this.zip.close();
  }
}
