import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';

export const uploadSchema = z
  .object({
    id: z.uuid().describe('Pass it (or `url`) in a worker profile’s `photos`.'),
    url: z.string().describe('Where the file is served, e.g. https://legwork.example/uploads/{id}.'),
    contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']).describe('Detected from the file’s bytes.'),
    sizeBytes: z.number().int().describe('The stored (re-encoded) file’s size.'),
  })
  .meta({ id: 'Upload' });

export const createUploadOperation = defineOperation({
  method: 'POST',
  path: '/v1/uploads',
  operationId: 'createUpload',
  summary: 'Upload an image (JPEG, PNG or WebP, up to 10 MB)',
  description:
    'Send `multipart/form-data` with one `file` field. The type is recognised from the file’s first bytes, not ' +
    'from its name or the declared content type; anything else, or a file that does not decode, is 400 ' +
    '`VALIDATION_ERROR`, and a file over 10 MB is 413. The image is re-encoded: EXIF (GPS included), XMP and ICC ' +
    'data are not kept, and `sizeBytes` is the stored size. It is served at `url`: to anyone once it is a profile ' +
    'or service photo; otherwise (proof, dispute evidence) only to you, the task’s parties and admins, with your ' +
    'credential as `Authorization: Bearer`. An account (an operator with its agents, or a worker) stores at most ' +
    '1 GiB of uploads (`UPLOAD_QUOTA_BYTES`; past it 413 `UPLOAD_QUOTA_EXCEEDED`, checked from `Content-Length` ' +
    'before the body is read) and makes at most 200 uploads in 24 hours (`UPLOADS_PER_DAY`; past it 429 with ' +
    '`Retry-After`); one user sends at most 2 uploads at once (429 with `Retry-After`).',
  tags: ['Uploads'],
  auth: 'any',
  multipart: true,
  response: uploadSchema,
  successStatus: 201,
  errors: ['UPLOAD_QUOTA_EXCEEDED', 'RATE_LIMIT_EXCEEDED', 'SERVICE_UNAVAILABLE'],
});
