import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { seedReferenceData } from '../src/db/seed/reference';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; url: string; template: string };
  }
}

/**
 * Migrates one database for the whole run; every test file then gets its own copy: a PGlite data
 * dump loaded in-process, or a PostgreSQL database cloned from a migrated template.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    // One template per project (server, server-isolated): both set up in the same process.
    const template = `sabai_tpl_${process.pid}_${project.name.replace(/\W/g, '_')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const database = await openDatabase({ databaseUrl: withDatabase(databaseUrl, template), poolSize: 2 });
    await database.migrate();
    await seedReferenceData(database.db);
    await database.close();
    project.provide('testDatabase', { kind: 'postgres', url: databaseUrl, template });
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const database = await openDatabase({ dataDir: undefined });
  await database.migrate();
  await seedReferenceData(database.db);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<File | Blob> } })
    .$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'sabai-test-'));
  const dumpPath = path.join(dir, 'migrated.tar');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', dumpPath });
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
