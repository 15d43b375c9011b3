// ICU puts a narrow no-break space before AM/PM in some versions: plain spaces read the same everywhere, and keep a
// text message in its cheap alphabet.
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/**
 * The one way a moment is shown: date and time to the minute, no seconds ("Nov 28, 2026, 10:52 PM"), in
 * `timeZone` (the viewer's own when left out). English like the rest of the site, so server and browser agree.
 */
export const formatDateTime = (value: string | Date, timeZone?: string) =>
  plainSpaces(
    new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(value)),
  );

/** The exact moment for a hover title: weekday, seconds and time zone ("Saturday, November 28, 2026 at 10:52:44 PM UTC"). */
export const formatExactTime = (value: string | Date, timeZone?: string) =>
  plainSpaces(
    new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'long', timeZone }).format(new Date(value)),
  );

/**
 * A moment in a text read with no known viewer (an email, a text message, a page before it knows the browser's
 * zone): in `timeZone` when the place or booking has one, else UTC, with the zone named so nobody guesses
 * ("Nov 28, 2026, 11:52 PM Europe/Paris", "Nov 28, 2026, 10:52 PM UTC").
 */
export const formatZonedDateTime = (value: string | Date, timeZone?: string | null) => {
  const zone = timeZone || 'UTC';
  return `${formatDateTime(value, zone)} ${zone}`;
};
