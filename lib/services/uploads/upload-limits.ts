/** The largest file a multipart operation accepts; the body may be a little larger (boundaries, part headers). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** What a multipart body may add to its file: boundaries and part headers. */
export const MULTIPART_FRAMING_BYTES = 64 * 1024;

/** The largest multipart body: one file and its framing. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + MULTIPART_FRAMING_BYTES;

/** Uploads one user may have in flight at once (body being read or image being re-encoded), per process. */
export const UPLOADS_IN_FLIGHT_PER_USER = 2;

/** Bytes of upload bodies one process holds at once, all users together (each reserves its Content-Length). */
export const UPLOAD_BYTES_IN_FLIGHT = 64 * 1024 * 1024;

/** What a refused upload is told to wait, in seconds: about the time one upload takes. */
export const UPLOAD_RETRY_AFTER_SECONDS = 2;
