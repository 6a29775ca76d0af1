import type { Db } from '@app/db/client';
import type { SavedScreen } from '@app/shared/screener-screen';

/** Migration 0017. Every read and write names the member, so another member's screen is never found. */

type Row = { id: number; name: string; query: string; created_at: string; updated_at: string };
const COLUMNS = ['id', 'name', 'query', 'created_at', 'updated_at'] as const;
const toScreen = (r: Row): SavedScreen => ({ ...r });

export async function findSavedScreens(db: Db, userId: number): Promise<SavedScreen[]> {
  const rows = await db
    .selectFrom('saved_screens')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toScreen);
}

export async function findSavedScreen(db: Db, userId: number, id: number): Promise<SavedScreen | null> {
  const row = await db
    .selectFrom('saved_screens')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toScreen(row) : null;
}

/** Another of the member's screens with this name (case-insensitive), other than `exceptId`. */
export async function findNameClash(db: Db, userId: number, name: string, exceptId = 0): Promise<boolean> {
  const rows = await db
    .selectFrom('saved_screens')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .where('id', '!=', exceptId)
    .execute();
  const key = name.toLowerCase();
  return rows.some((r) => r.name.toLowerCase() === key);
}

export async function countSavedScreens(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('saved_screens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertSavedScreen(db: Db, userId: number, name: string, query: string): Promise<SavedScreen> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('saved_screens')
    .values({ user_id: userId, name, query, created_at: now, updated_at: now })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toScreen(row);
}

export async function updateSavedScreen(
  db: Db,
  userId: number,
  id: number,
  changes: { name?: string; query?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('saved_screens')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteSavedScreen(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_screens')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
