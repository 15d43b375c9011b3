/** `storage_key` is relative to DATA_DIR, so moving the data directory keeps every upload. */
export const storageKeyFor = (id: string) => `uploads/${id}`;
