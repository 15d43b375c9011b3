import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** A phone number as E.164 (`+4930123456`), or null when it is not a valid number. Bare numbers need a `+`. */
export function toE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim());
  return parsed?.isValid() ? parsed.number : null;
}
