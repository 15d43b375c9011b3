import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getCapabilitiesOperation, saveCapabilitiesOperation } from '@/lib/schemas/workers';
import { getCapabilities } from '@/lib/services/workers/get-capabilities';
import { saveCapabilities } from '@/lib/services/workers/save-capabilities';

// GET /v1/workers/me/capabilities — the catalogue and your private answers
export const GET = route(getCapabilitiesOperation, ({ db, actor }) => getCapabilities(db, userOf(actor).id));

// PUT /v1/workers/me/capabilities — replace your answers; yes/maybe become public skill details
export const PUT = route(saveCapabilitiesOperation, ({ db, actor, body }) =>
  saveCapabilities(db, userOf(actor).id, body.answers),
);

export const { POST, PATCH, DELETE } = otherMethods({ GET, PUT });
