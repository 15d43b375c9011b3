export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const MULTIPART_FRAMING_BYTES = 64 * 1024;

export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + MULTIPART_FRAMING_BYTES;

/** Per process: body being read or image being re-encoded. */
export const UPLOADS_IN_FLIGHT_PER_USER = 2;

/** All users together; each reserves its Content-Length. */
export const UPLOAD_BYTES_IN_FLIGHT = 64 * 1024 * 1024;

/** About the time one upload takes. */
export const UPLOAD_RETRY_AFTER_SECONDS = 2;
