import path from 'node:path';
import type { AppConfig } from '../config/env';
import { type Database, openDatabase } from './client';

/** PGlite under DATA_DIR by default; a real PostgreSQL server when DATABASE_URL is set. */
export function openConfiguredDatabase(config: AppConfig): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ databaseUrl: config.DATABASE_URL })
    : openDatabase({ dataDir: path.join(config.DATA_DIR, 'pglite') });
}
