import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { listFeedbackOperation } from '@/lib/schemas/feedback';
import { listFeedback } from '@/lib/services/feedback/list-feedback';

// GET /v1/admin/feedback — everyone's feedback, newest first (admin)
export const GET = route(listFeedbackOperation, ({ db, actor, query }) =>
  listFeedback(db, { admin: userOf(actor), ...query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
