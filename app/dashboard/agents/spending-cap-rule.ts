import { formatMoney } from '@/lib/format/money';
import { MIN_SPENDING_LIMIT_CENTS } from '@/lib/schemas/agents';

/** The cap's rule in dollars, from the schema's own minimum: what the field's hint says and a refusal repeats. */
export const SPENDING_CAP_RULE = `at least ${formatMoney(MIN_SPENDING_LIMIT_CENTS)}, or 0 to pause card charges`;

/** The hint under a cap field, shown before submit. */
export const SPENDING_CAP_HINT = `In dollars: ${SPENDING_CAP_RULE}. Empty = no cap.`;

/** What a refused cap says under the field: the rule, whatever was wrong (too low, not a number, negative). */
export const SPENDING_CAP_MESSAGE = `Must be ${SPENDING_CAP_RULE}; leave it empty for no cap`;
