import { z } from 'zod';
import { timestamp } from '@/lib/schemas/common';
import { defineOperation } from '@/lib/schemas/operation';

/** What the uploading app says about a photo: taken through it (`camera`) or picked from the gallery. */
export const CAPTURE_SOURCES = ['camera', 'gallery'] as const;
export type CaptureSource = (typeof CAPTURE_SOURCES)[number];

// Form fields arrive as text: a number is parsed here, so `lat=abc` is a 400 naming `lat`, never a NaN stored.
const formNumber = (min: number, max: number) =>
  z.string().trim().min(1).transform(Number).pipe(z.number().min(min).max(max));

/** The optional form fields sent beside `file`: how the app captured the photo, and where the device was. */
/** How far ahead a device's clock may run and its capture time still count as now. */
const CLOCK_SKEW_MS = 5 * 60_000;

export const uploadFieldsSchema = z
  .object({
    source: z.enum(CAPTURE_SOURCES).optional().describe('`camera` when taken in the app, `gallery` when picked.'),
    lat: formNumber(-90, 90).optional().describe('The device’s latitude when the photo was taken (-90 to 90).'),
    lng: formNumber(-180, 180).optional().describe('The device’s longitude when the photo was taken (-180 to 180).'),
    accuracy: formNumber(0, 1_000_000).optional().describe('How far off `lat`/`lng` may be, in metres (0 or more).'),
    capturedAt: z.iso
      .datetime({ offset: true, message: 'Must be an ISO 8601 time with its offset' })
      .optional()
      .describe(
        'When the photo was taken in the app, by the device’s clock (a photo taken offline is uploaded later). ' +
          'Not in the future; used for the capture-time check of a `camera` photo without EXIF time.',
      ),
  })
  .superRefine((fields, context) => {
    if (fields.lat !== undefined && fields.lng === undefined) {
      context.addIssue({ code: 'custom', path: ['lng'], message: 'Send `lng` with `lat`' });
    }
    if (fields.lng !== undefined && fields.lat === undefined) {
      context.addIssue({ code: 'custom', path: ['lat'], message: 'Send `lat` with `lng`' });
    }
    if (fields.capturedAt !== undefined && Date.parse(fields.capturedAt) > Date.now() + CLOCK_SKEW_MS) {
      context.addIssue({ code: 'custom', path: ['capturedAt'], message: 'Must not be in the future' });
    }
    if (fields.accuracy !== undefined && fields.lat === undefined && fields.lng === undefined) {
      context.addIssue({ code: 'custom', path: ['accuracy'], message: 'Send `accuracy` only with `lat` and `lng`' });
    }
  });
export type UploadFields = z.output<typeof uploadFieldsSchema>;

export const uploadSchema = z
  .object({
    id: z.uuid().describe('Pass it (or `url`) in a worker profile’s `photos`.'),
    url: z.string().describe('Where the file is served, e.g. https://legwork.example/uploads/{id}.'),
    contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']).describe('Detected from the file’s bytes.'),
    sizeBytes: z.number().int().describe('The stored (re-encoded) file’s size.'),
    capturedAt: timestamp
      .nullable()
      .describe(
        'When the photo was taken, from its EXIF (the GPS time, else the camera clock with its zone; a camera ' +
          'clock with no zone is given as if it were UTC). Null when absent or impossible (before 2000, in the future).',
      ),
    location: z
      .object({
        lat: z.number().describe('Latitude, from the photo’s EXIF GPS.'),
        lng: z.number().describe('Longitude, from the photo’s EXIF GPS.'),
        accuracyMeters: z.number().nullable().describe('The GPS’s stated horizontal error, in metres, if given.'),
      })
      .nullable()
      .describe('Where the photo was taken, from its EXIF GPS; null when absent or impossible (latitude 200, 0/0).'),
    hasCameraMetadata: z
      .boolean()
      .describe('Whether the photo carried any capture time, GPS position or camera make or model.'),
    captureSource: z
      .enum(CAPTURE_SOURCES)
      .nullable()
      .describe('What the uploading app said (`source`): taken in the app or picked from the gallery; null if unsaid.'),
  })
  .meta({ id: 'Upload' });

export const createUploadOperation = defineOperation({
  method: 'POST',
  path: '/v1/uploads',
  operationId: 'createUpload',
  summary: 'Upload an image (JPEG, PNG or WebP, up to 10 MB)',
  description:
    'Send `multipart/form-data` with one `file` field and, from an app, optional `source` (`camera` or `gallery`) ' +
    'and the device’s position when the photo was taken (`lat` and `lng` together, `accuracy` in metres; a bad ' +
    'value is 400 naming the field). The type is recognised from the file’s first bytes, not ' +
    'from its name or the declared content type; anything else, or a file that does not decode, is 400 ' +
    '`VALIDATION_ERROR`, and a file over 10 MB is 413. Its EXIF is read first, as evidence of when, where and with ' +
    'what it was taken (`capturedAt`, `location`, `hasCameraMetadata`), with hashes of its pixels to recognise ' +
    'a photo submitted before; then the image is re-encoded: EXIF (GPS included), XMP and ICC data are not in the ' +
    'stored or served file, and `sizeBytes` is the stored size. It is served at `url`: to anyone once it is a profile ' +
    'or service photo; otherwise (proof, dispute evidence) only to you, the task’s parties and admins, with your ' +
    'credential as `Authorization: Bearer`. An account (an operator with its agents, or a worker) stores at most ' +
    '1 GiB of uploads (`UPLOAD_QUOTA_BYTES`; past it 413 `UPLOAD_QUOTA_EXCEEDED`, checked from `Content-Length` ' +
    'before the body is read) and makes at most 200 uploads in 24 hours (`UPLOADS_PER_DAY`; past it 429 with ' +
    '`Retry-After`); one user sends at most 2 uploads at once (429 with `Retry-After`).',
  tags: ['Uploads'],
  auth: 'any',
  multipart: true,
  formFields: uploadFieldsSchema,
  response: uploadSchema,
  successStatus: 201,
  errors: ['UPLOAD_QUOTA_EXCEEDED', 'RATE_LIMIT_EXCEEDED', 'SERVICE_UNAVAILABLE'],
});
