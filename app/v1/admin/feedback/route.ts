import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { listFeedbackOperation } from '@/lib/schemas/feedback';
import { adminOf } from '@/lib/services/admin/admin-of';
import { listFeedback } from '@/lib/services/feedback/list-feedback';

// GET /v1/admin/feedback — everyone's feedback, newest first (admin)
export const GET = route(listFeedbackOperation, ({ db, actor, context, query }) =>
  listFeedback(db, { admin: adminOf(actor, context.ip), ...query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
