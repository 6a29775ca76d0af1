import type { Db } from '@app/db/client';
import { writeTransaction } from '@app/db/transaction';
import {
  SAVED_SCREENS_LIMIT,
  type SavedScreen,
  type SavedScreenCreate,
  type SavedScreensResponse,
  type SavedScreenUpdate,
  screenQueryText,
} from '@app/shared/screener-screen';
import { conflict, notFound } from '../../lib/errors.ts';
import {
  countSavedScreens,
  deleteSavedScreen,
  findNameClash,
  findSavedScreen,
  findSavedScreens,
  insertSavedScreen,
  updateSavedScreen,
} from './saved-screens.repository.ts';

/** Another member's screen answers exactly as one that does not exist. */
const missing = () => notFound('Saved screen not found');
const nameTaken = (name: string) => conflict(`You already have a screen named "${name}"`);

export async function listSavedScreens(db: Db, userId: number): Promise<SavedScreensResponse> {
  return { screens: await findSavedScreens(db, userId) };
}

export async function createSavedScreen(db: Db, userId: number, body: SavedScreenCreate): Promise<SavedScreen> {
  return writeTransaction(db, async (trx) => {
    if ((await countSavedScreens(trx, userId)) >= SAVED_SCREENS_LIMIT) {
      throw conflict(`A member keeps at most ${SAVED_SCREENS_LIMIT} screens`);
    }
    if (await findNameClash(trx, userId, body.name)) throw nameTaken(body.name);
    return insertSavedScreen(trx, userId, body.name, screenQueryText(body.query));
  });
}

export async function changeSavedScreen(
  db: Db,
  userId: number,
  id: number,
  body: SavedScreenUpdate,
): Promise<SavedScreen> {
  return writeTransaction(db, async (trx) => {
    if (!(await findSavedScreen(trx, userId, id))) throw missing();
    if (body.name !== undefined && (await findNameClash(trx, userId, body.name, id))) throw nameTaken(body.name);
    const changes = {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.query === undefined ? {} : { query: screenQueryText(body.query) }),
    };
    if (!(await updateSavedScreen(trx, userId, id, changes))) throw missing();
    const saved = await findSavedScreen(trx, userId, id);
    if (!saved) throw missing();
    return saved;
  });
}

export async function removeSavedScreen(db: Db, userId: number, id: number): Promise<void> {
  if (!(await deleteSavedScreen(db, userId, id))) throw missing();
}

/** For the member's data export. */
export async function exportSavedScreens(db: Db, userId: number): Promise<SavedScreen[]> {
  return findSavedScreens(db, userId);
}
