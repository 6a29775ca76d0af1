import type { Generated } from 'kysely';

/**
 * The Kysely view of every table. Columns are snake_case here and nowhere else:
 * repositories map rows to contract types before they leave a module.
 */
export interface Database {
  app_meta: AppMetaTable;
}

/** Key/value facts about the loaded data (source, data date, generator seed...). */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: Generated<string>;
}
