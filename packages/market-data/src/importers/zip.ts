import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { crc32, inflateRawSync } from 'node:zlib';
import { type Entry, fromRandomAccessReaderPromise, RandomAccessReader, type ZipFile } from 'yauzl';

/** Synchronous reads: yauzl sent every small directory read through the thread pool, waiting more than working. */
class FileReader extends RandomAccessReader {
  constructor(private readonly fd: number) {
    super();
  }

  bytes(position: number, length: number): Buffer {
    const buf = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd, buf, done, length - done, position + done);
      if (n === 0) throw new Error(`unexpected end of file at byte ${position + done}`);
      done += n;
    }
    return buf;
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return Readable.from([this.bytes(start, end - start)]);
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null) => void,
  ): void {
    let error: Error | null = null;
    try {
      this.bytes(position, length).copy(buffer, offset);
    } catch (err) {
      error = err as Error;
    }
    callback(error);
  }

  override close(callback: (err: Error | null) => void): void {
    closeSync(this.fd);
    callback(null);
  }
}

/** Directory read on open, so a bad file fails before any import; one entry in memory (SEC zips are 1–1.5 GB). */
export class ZipReader {
  private constructor(
    private readonly zip: ZipFile,
    private readonly reader: FileReader,
    readonly file: string,
  ) {}

  static async open(path: string): Promise<ZipReader> {
    const fd = openSync(path, 'r');
    const reader = new FileReader(fd);
    try {
      const zip = await fromRandomAccessReaderPromise(reader, fstatSync(fd).size, {
        lazyEntries: true,
        autoClose: false,
        strictFileNames: false,
      });
      return new ZipReader(zip, reader, basename(path));
    } catch (err) {
      closeSync(fd);
      throw new Error(
        `${basename(path)} is not a complete zip file (${(err as Error).message}); delete it and download it again`,
      );
    }
  }

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

  /** Checked against the directory's size and CRC-32: a flipped bit must not reach the parser as plausible data. */
  async read(entry: Entry): Promise<Buffer> {
    if (entry.isEncrypted()) throw new Error(`${entry.fileName}: encrypted entries are not read`);
    const { fileDataStart } = await this.zip.readLocalFileHeaderPromise(entry, { minimal: true });
    const stored = this.reader.bytes(fileDataStart, entry.compressedSize);
    let data: Buffer;
    if (entry.compressionMethod === 0) data = stored;
    else if (entry.compressionMethod === 8) {
      try {
        // Never more than the directory promises: a lying entry fails instead of filling memory.
        data = inflateRawSync(stored, { maxOutputLength: Math.max(entry.uncompressedSize, 1) });
      } catch (err) {
        throw new Error(`${entry.fileName}: damaged entry (${(err as Error).message})`);
      }
    } else throw new Error(`${entry.fileName}: compression method ${entry.compressionMethod} is not supported`);
    if (data.length !== entry.uncompressedSize)
      throw new Error(`${entry.fileName}: ${data.length} bytes inflated, the directory says ${entry.uncompressedSize}`);
    const sum = crc32(data);
    if (sum !== entry.crc32)
      throw new Error(
        `${entry.fileName}: corrupt entry, CRC-32 ${hex(sum)} does not match the directory's ${hex(entry.crc32)}`,
      );
    return data;
  }

  close(): void {
    this.zip.close();
  }
}

const hex = (n: number) => n.toString(16).padStart(8, '0');
