import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Each server and web import rule of .dependency-cruiser.cjs must fail on a deliberate
// violation: a rule whose pattern no longer matches anything would pass silently forever.
const ROOT = join(import.meta.dirname, '..');
const DEPCRUISE = join(ROOT, 'node_modules/.bin/depcruise');

/** One deliberate violation per rule: the files to write, and the edge the rule must name. */
const VIOLATIONS: Record<string, { files: Record<string, string>; edge: string }> = {
  'only-repositories-touch-kysely': {
    files: {
      'apps/server/src/modules/a/a.service.ts': "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n",
    },
    edge: 'apps/server/src/modules/a/a.service.ts',
  },
  'modules-meet-through-their-service': {
    files: {
      'apps/server/src/modules/b/b.repository.ts': 'export const rows = 1;\n',
      'apps/server/src/modules/c/c.routes.ts': "import { rows } from '../b/b.repository.ts';\nexport const r = rows;\n",
    },
    edge: 'apps/server/src/modules/c/c.routes.ts → apps/server/src/modules/b/b.repository.ts',
  },
  'packages-never-import-apps': {
    files: {
      'apps/server/src/lib/thing.ts': 'export const thing = 1;\n',
      'packages/p/src/p.ts':
        "import { thing } from '../../../apps/server/src/lib/thing.ts';\nexport const p = thing;\n",
    },
    edge: 'packages/p/src/p.ts → apps/server/src/lib/thing.ts',
  },
  'features-never-import-routes': {
    files: {
      'apps/web/app/routes/page.tsx': 'export const route = 1;\n',
      'apps/web/app/features/f/f.ts': "import { route } from '../../routes/page.tsx';\nexport const f = route;\n",
    },
    edge: 'apps/web/app/features/f/f.ts → apps/web/app/routes/page.tsx',
  },
  'doc-qa-runtime-never-imports-training': {
    files: {
      'packages/doc-qa/src/training/fit.ts': 'export const fit = 1;\n',
      'packages/doc-qa/src/engine.ts': "import { fit } from './training/fit.ts';\nexport const e = fit;\n",
    },
    edge: 'packages/doc-qa/src/engine.ts → packages/doc-qa/src/training/fit.ts',
  },
};

let dir = '';
let output = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-rules-'));
  copyFileSync(join(ROOT, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(join(ROOT, 'node_modules/kysely'), join(dir, 'node_modules/kysely'));
  for (const { files } of Object.values(VIOLATIONS)) {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  }
  const run = spawnSync(
    DEPCRUISE,
    ['apps', 'packages', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  );
  output = run.stdout + run.stderr;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('import rules fail on a deliberate violation', () => {
  it.each(Object.entries(VIOLATIONS))('%s', (rule, { edge }) => {
    const line = output.split('\n').find((l) => l.includes(`${rule}:`));
    expect(line, output).toBeDefined();
    expect(line).toContain(edge.split(' → ')[0]);
  });
});

/** Query-builder calls; `db` reaches services typed as Kysely, so an import rule alone cannot see them. */
const QUERY_CALL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`/;

function serverModuleFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? serverModuleFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('only repositories build queries', () => {
  it('sees a query-builder call', () => {
    expect(QUERY_CALL.test("await db.selectFrom('companies').selectAll().execute();")).toBe(true);
    expect(QUERY_CALL.test('await listCompanies(db);')).toBe(false);
  });

  it('no route, service or helper of a server module calls the query builder', () => {
    const offenders = serverModuleFiles(join(ROOT, 'apps/server/src/modules'))
      .filter((f) => !/[.](repository|test|fixtures)[.]ts$/.test(f))
      .filter((f) => QUERY_CALL.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});
