// Reading reply-by-email tokens back out of a received email (issueReplyAddress writes them): the Reply-To
// address `reply+<token>@<domain>`, or our Message-ID `<reply-<token>@<domain>>` quoted in In-Reply-To or
// References by mail systems that drop the `+tag`. Tokens are lowercase base32, so case is normalised.

const TOKEN = '[a-z2-7]{32}';

/** The bare address of `Name <addr>` or `addr`, lower-cased; '' when there is none. */
export function addressOf(value: string): string {
  const angled = value.match(/<([^<>\s]+)>\s*$/);
  return (angled?.[1] ?? value).trim().toLowerCase();
}

/** The tokens of the addresses that are `reply+<token>@<domain>`, in order. */
export function replyTokensInAddresses(addresses: string[], domain: string): string[] {
  const pattern = new RegExp(`^reply\\+(${TOKEN})@(.+)$`);
  return addresses.flatMap((value) => {
    const match = addressOf(value).match(pattern);
    return match?.[1] && match[2] === domain.toLowerCase() ? [match[1]] : [];
  });
}

/** The tokens of `<reply-<token>@<domain>>` message ids in In-Reply-To and References, in order. */
export function replyTokensInHeaders(headers: Record<string, string>, domain: string): string[] {
  const ids = `${headers['in-reply-to'] ?? ''} ${headers.references ?? ''}`.slice(0, 20_000);
  const tokens: string[] = [];
  for (const match of ids.matchAll(new RegExp(`<reply-(${TOKEN})@([^<>\\s]+)>`, 'gi'))) {
    if (match[1] && match[2]?.toLowerCase() === domain.toLowerCase()) tokens.push(match[1].toLowerCase());
  }
  return tokens;
}
