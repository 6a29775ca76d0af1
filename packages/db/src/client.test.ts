import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDb, describePostgresUrl } from './client.ts';

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

  it('names the path when the file cannot be opened', () => {
    expect(() => createDb({ engine: 'sqlite', filename: '/nonexistent-dir/sub/app.db' })).toThrow(
      /^Cannot open the SQLite database at \/nonexistent-dir\/sub\/app\.db: /,
    );
  });

  it('describes a PostgreSQL URL without its password', () => {
    expect(describePostgresUrl('postgres://user:secret@db.internal:6543/site')).toBe('db.internal:6543/site');
  });
});
