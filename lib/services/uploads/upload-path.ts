import path from 'node:path';
import { env } from '@/lib/env';

/** `storage_key` is relative to DATA_DIR, so moving the data directory keeps every upload. */
export const storageKeyFor = (id: string) => `uploads/${id}`;

export const uploadPath = (storageKey: string) => path.resolve(env().DATA_DIR, storageKey);
