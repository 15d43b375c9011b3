/** The largest file a multipart operation accepts; the body may be a little larger (boundaries, part headers). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
