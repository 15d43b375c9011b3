// Email ownership comes before power (issue 32): an e2e user who will create keys, agents, claim codes or webhooks
// first opens the verification link, read here from the server's dev mailbox as its owner would read it.

/** The token of the newest verification link emailed to `email`, from the /dev/mailbox page of the server at `base`. */
export async function verificationToken(base: string, email: string, headers: Record<string, string> = {}) {
  const html = await (await fetch(new URL('/dev/mailbox', base), { headers })).text();
  for (const item of html.split('data-testid="email"').slice(1)) {
    if (!item.includes(`>${email}<`)) continue;
    const token = /\/verify-email\/([\w-]+)/.exec(item)?.[1];
    if (token) return token;
  }
  throw new Error(`no verification email to ${email} in ${base}/dev/mailbox`);
}

/** Verifies `email` through the API with a session token of its account (POST /v1/users/me/email/verify). */
export async function verifyEmailViaApi(
  base: string,
  email: string,
  sessionToken: string,
  headers: Record<string, string> = {},
) {
  const token = await verificationToken(base, email, headers);
  const res = await fetch(new URL('/v1/users/me/email/verify', base), {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${sessionToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (res.status !== 200) throw new Error(`verifying ${email}: ${res.status} ${await res.text()}`);
}
