import path from 'node:path';
import { env } from '@/lib/env';

export const uploadPath = (storageKey: string) => path.resolve(env().DATA_DIR, storageKey);
