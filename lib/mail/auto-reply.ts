/**
 * Whether a received email was sent by a machine rather than typed as an answer (protocols §3.3, RFC 3834):
 * `Auto-Submitted` other than `no`, `Precedence: bulk|junk|list|auto_reply`, the common vacation-responder
 * flags, or a bounce (`Return-Path: <>`, or no sender at all). Such mail is never posted into a thread.
 */
export function isAutoReply(headers: Record<string, string>, from: string): boolean {
  const value = (name: string) => headers[name]?.trim().toLowerCase();
  const autoSubmitted = value('auto-submitted');
  if (autoSubmitted !== undefined && autoSubmitted.split(';')[0]?.trim() !== 'no') return true;
  if (['bulk', 'junk', 'list', 'auto_reply'].includes(value('precedence') ?? '')) return true;
  if (value('x-autoreply') !== undefined || value('x-autorespond') !== undefined) return true;
  const returnPath = value('return-path');
  if (returnPath !== undefined && (returnPath === '' || returnPath === '<>')) return true;
  return from.trim() === '';
}
