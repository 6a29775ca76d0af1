import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb, describePostgresUrl, droppedMeanwhile } from './client.ts';

describe('createDb on SQLite', () => {
  it('creates the database file readable by its owner only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'db-mode-'));
    try {
      const handle = createDb({ engine: 'sqlite', filename: join(dir, 'app.db') });
      await handle.close();
      expect(statSync(join(dir, 'app.db')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the file through a memory map of up to 1 GiB', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'db-mmap-'));
    try {
      const handle = createDb({ engine: 'sqlite', filename: join(dir, 'app.db') });
      expect(handle.sqlite?.pragma('mmap_size', { simple: true })).toBe(1024 ** 3);
      await handle.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the path when the file cannot be opened', () => {
    expect(() => createDb({ engine: 'sqlite', filename: '/nonexistent-dir/sub/app.db' })).toThrow(
      /^Cannot open the SQLite database at \/nonexistent-dir\/sub\/app\.db: /,
    );
  });

  it('checkpoints the WAL on a worker thread when asked, so no commit copies pages itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'db-checkpoint-'));
    const filename = join(dir, 'app.db');
    const handle = createDb({ engine: 'sqlite', filename, backgroundCheckpoint: true });
    try {
      expect(handle.sqlite?.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      await sql`create table t (id integer primary key, body text)`.execute(handle.db);
      // Well past the 1,000 pages at which a commit would checkpoint by itself.
      const body = 'x'.repeat(4000);
      for (let i = 0; i < 1500; i++) await sql`insert into t (body) values (${body})`.execute(handle.db);
      // The database file alone (no WAL beside it) holds the rows once the worker has copied them in.
      const rowsInFile = () => {
        const copy = join(dir, 'copy.db');
        copyFileSync(filename, copy);
        const db = new Database(copy, { readonly: true });
        try {
          return (db.prepare('select count(*) as n from t').get() as { n: number } | undefined)?.n ?? 0;
        } catch {
          return 0;
        } finally {
          db.close();
        }
      };
      await expect.poll(rowsInFile, { timeout: 10_000 }).toBe(1500);
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tells another schema dropped during a migration’s look-up from a failure of its own', () => {
    const gone = (text: string) => new Error(`error: ${text}`);
    expect(droppedMeanwhile(gone('schema "t_other" does not exist'), 't_mine')).toBe(true);
    // Kysely names each table of every schema to find its sequences: a table of a schema being dropped.
    expect(droppedMeanwhile(gone('relation "t_other.contest_valuations" does not exist'), 't_mine')).toBe(true);
    expect(droppedMeanwhile(gone('column "country" of relation "users" does not exist'), 't_mine')).toBe(true);
    expect(droppedMeanwhile(gone('relation "t_mine.contest_valuations" does not exist'), 't_mine')).toBe(false);
    expect(droppedMeanwhile(gone('relation "contest_valuations" does not exist'), 't_mine')).toBe(false);
    expect(droppedMeanwhile(gone('syntax error at or near "x"'), 't_mine')).toBe(false);
  });

  it('describes a PostgreSQL URL without its password', () => {
    expect(describePostgresUrl('postgres://user:secret@db.internal:6543/site')).toBe('db.internal:6543/site');
  });
});
