import { api } from './api-client';

/** What `GET /app/common/type/:type` answers: `value` is usually a JSON string. */
export interface ConfigRecord {
  value?: unknown;
}

/** The record's value as an object, parsing a JSON string; undefined when it is not one. */
export function configObject(record: ConfigRecord | null | undefined): Record<string, unknown> | undefined {
  let value: unknown = record?.value;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/** One config type's record, quietly (a missing config is the caller's default, not an error). */
export function fetchConfigRecord(type: number, signal?: AbortSignal): Promise<ConfigRecord | null> {
  return api.get<ConfigRecord | null>(`/app/common/type/${type}`, { signal, isSilent: true });
}
