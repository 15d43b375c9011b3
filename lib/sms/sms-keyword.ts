export type SmsKeyword = 'stop' | 'start' | 'help';

// The carrier keywords (CTIA): the whole message, trimmed, in any case. Anything else is an ordinary message.
const KEYWORDS = new Map<string, SmsKeyword>(
  Object.entries({
    STOP: 'stop',
    STOPALL: 'stop',
    UNSUBSCRIBE: 'stop',
    CANCEL: 'stop',
    END: 'stop',
    QUIT: 'stop',
    START: 'start',
    UNSTOP: 'start',
    HELP: 'help',
    INFO: 'help',
  }) as [string, SmsKeyword][],
);

/** The keyword an inbound text is (`stop`, `start`, `help`), or null for any other text. */
export function smsKeyword(text: string): SmsKeyword | null {
  return KEYWORDS.get(text.trim().toUpperCase()) ?? null;
}
