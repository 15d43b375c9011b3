// Reply-by-email reads the body of a received email from where it is kept: Resend's receiving API
// (resend-receiving.ts), or in test mode the local store the /dev/mailbox Reply box writes (test-inbound-emails.ts).

export type ReceivedEmail = {
  /** `Name <addr>` or `addr`. */
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string | null;
  html: string | null;
  /** Header names in lower case. */
  headers: Record<string, string>;
};

export type ReceivedEmailSource = {
  name: 'resend' | 'test-mode';
  /** The email, or null when the source has no email with that id; throws when it cannot tell. */
  fetch(emailId: string): Promise<ReceivedEmail | null>;
};

/** Header names in lower case, values as strings (a repeated header joined by newlines). */
export function lowerCaseHeaders(headers: Record<string, unknown> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const text = Array.isArray(value) ? value.map(String).join('\n') : value == null ? '' : String(value);
    const key = name.toLowerCase();
    out[key] = key in out ? `${out[key]}\n${text}` : text;
  }
  return out;
}
