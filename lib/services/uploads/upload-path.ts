import path from 'node:path';
import { env } from '@/lib/env';

/** Where an upload's bytes live on disk: its `storage_key` resolved against DATA_DIR. */
export const uploadPath = (storageKey: string) => path.resolve(env().DATA_DIR, storageKey);
