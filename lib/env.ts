import { z } from 'zod';
import { parseAllowedHosts } from './config/allowed-hosts';
import { parseTrustedProxies } from './config/client-address';
import { MAX_KEY_RATE_LIMIT } from './config/key-limits';
import { defaultSiteUrl } from './config/site-url';

// Every setting is optional: the embedded default (PGlite in DATA_DIR, test-mode payments) needs none.
const optionalUrl = z.url({ message: 'must be a URL, e.g. postgres://user:pass@host:5432/db' }).optional();

/** A whole number from `min` to `max`. */
const count = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: optionalUrl,
  POSTGRES_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('.data'),
  DB_POOL_MAX: count(1, 500).default(10),
  // Unset: http://localhost:<PORT> in development, else http://localhost:3000 (lib/config/site-url.ts).
  SITE_URL: z.url({ message: 'must be an absolute URL such as https://legwork.example' }).optional(),
  // The port `next dev` listens on (it sets PORT itself); read here only to derive SITE_URL's default.
  PORT: count(1, 65_535).optional(),
  // Other hosts this site answers for under `npm start` (comma-separated, each with an optional port); a request
  // naming any other Host is 421 (lib/http/misdirected-request.ts).
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      try {
        return parseAllowedHosts(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  AUTH_SECRET: z.string().min(32, { message: 'must be at least 32 characters (openssl rand -base64 32)' }).optional(),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * Map tiles (`{z}/{x}/{y}` template), OpenStreetMap's by default; empty or `none`: markers on a blank grid. The
   * browser falls back to the grid by itself when tiles cannot load (offline, blocked).
   */
  MAP_TILE_URL: z
    .string()
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .transform((value) => (value.trim() === 'none' ? '' : value.trim())),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  RESEND_API_KEY: z.string().optional(),
  // Reply-by-email: thread emails carry Reply-To reply+<token>@REPLY_DOMAIN (a domain whose mail Resend receives),
  // and Resend's email.received webhook is verified with RESEND_WEBHOOK_SECRET (whsec_…).
  REPLY_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, { message: 'must be a domain such as reply.legwork.example' })
    .default('reply.legwork.local'),
  RESEND_WEBHOOK_SECRET: z.string().optional(),
  // Telnyx: inbound SMS webhooks are verified with the account's Ed25519 public key (base64 of the raw 32 bytes);
  // outbound SMS needs the API key and the sending number (E.164), else texts go to the outbox at /dev/mailbox.
  TELNYX_PUBLIC_KEY: z.string().optional(),
  TELNYX_API_KEY: z.string().optional(),
  TELNYX_FROM_NUMBER: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, { message: 'must be an E.164 number such as +4930123456' })
    .optional(),
  EMAIL_FROM: z
    .string()
    .regex(/^([^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, {
      message: 'must be an address such as Legwork <noreply@legwork.example> or noreply@legwork.example',
    })
    .default('Legwork <noreply@legwork.local>'),
  // Lets /dev/mailbox answer in a production build (the e2e suite reads it). Never on a public deployment.
  LEGWORK_DEV_MAILBOX: z
    .enum(['0', '1'], { message: 'must be 1 (on) or 0 (off)' })
    .default('0')
    .transform((value) => value === '1'),
  // How long a self-rotated API key keeps working after POST /v1/operators/me/keys/rotate-self.
  KEY_ROTATION_GRACE_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be at least 0' })
    .max(7 * 24 * 3600, { message: 'must be at most 604800 (7 days)' })
    .default(3600),
  // Lifetime of a key issued by self-rotation when the rotated key had no expiry of its own.
  ROTATED_KEY_LIFETIME_DAYS: z.coerce
    .number({ message: 'must be a number of days' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(3650, { message: 'must be at most 3650' })
    .default(90),
  // Hours after a booked slot's end before its requester may cancel it as a no-show: the worker's time to deliver
  // a booking that ran to the end of its slot (lib/tasks/task-transitions.ts, `noShowFrom`).
  BOOKING_NO_SHOW_GRACE_HOURS: count(0, 24 * 30).default(12),
  // Message notifications (docs/messaging.md "Message notifications"): an email or text summarises a thread its
  // recipient has not read for this many seconds; MESSAGE_BATCHING=0 sends one per message instead (the old way).
  NOTIFY_UNREAD_AFTER_SECONDS: count(0, 86_400).default(120),
  MESSAGE_BATCHING: z
    .enum(['0', '1'], { message: 'must be 1 (on) or 0 (off)' })
    .default('1')
    .transform((value) => value === '1'),
  // The requester's cancellation of an accepted task (lib/tasks/cancellation-policy.ts): free for this many minutes
  // after acceptance; later the worker gets min(budget, max(CANCEL_FEE_MIN_CENTS, CANCEL_FEE_PERCENT % of it)).
  CANCEL_FREE_MINUTES: count(0, 24 * 60).default(10),
  CANCEL_FEE_MIN_CENTS: count(0, 1_000_000).default(500),
  CANCEL_FEE_PERCENT: count(0, 100).default(25),
  // The highest rateLimitPerMinute an operator's keys may have unless an admin set another for that operator.
  KEY_RATE_LIMIT_CEILING: count(1, MAX_KEY_RATE_LIMIT).default(6000),
  // Live keys an operator may hold, its agents' keys included.
  MAX_LIVE_KEYS_PER_OPERATOR: count(1, 10_000).default(50),
  // Bytes of uploads an account (an operator with its agents, or a worker) may store in total.
  UPLOAD_QUOTA_BYTES: count(1, 2 ** 40).default(2 ** 30),
  // Uploads an account may make in any 24 hours.
  UPLOADS_PER_DAY: count(1, 100_000).default(200),
  // Proxies whose X-Forwarded-For is believed (DESIGN §4 "Client address"); empty: the TCP peer is the client.
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value, ctx) => {
      try {
        return parseTrustedProxies(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  // Long polls one user may hold open at once on one instance (lib/realtime/wait-slots.ts).
  MAX_CONCURRENT_WAITS: count(1, 1_000_000).default(20),
  // Open connections one TCP peer may hold on server.ts (slowloris); the TRUSTED_PROXIES are exempt.
  MAX_CONNECTIONS_PER_IP: count(1, 1_000_000).default(256),
  // How long `npm start` and `npm run worker` let requests and job rounds in flight finish after SIGTERM/SIGINT
  // (docs/operations.md "Deploying"); the process exits at most about 2 s after it.
  SHUTDOWN_GRACE_SECONDS: count(0, 3_600).default(20),
  // Prometheus metrics (docs/operations.md "Metrics"): GET /metrics on this port of its own, without authentication
  // (keep it off the public network); and/or on the main port for `Authorization: Bearer <METRICS_TOKEN>` only.
  METRICS_PORT: count(1, 65_535).optional(),
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters (openssl rand -hex 16)' }).optional(),
  // The address METRICS_PORT listens on: the loopback unless the operator opens it (a private interface, 0.0.0.0).
  METRICS_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:-]+$/, { message: 'must be an address to listen on, such as 127.0.0.1, ::1 or 10.0.0.5' })
    .default('127.0.0.1'),
  // Set to 1 by Vercel: the client address then comes from its x-vercel-forwarded-for.
  VERCEL: z
    .string()
    .optional()
    .transform((value) => value === '1'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  // Whether this process runs the "new task near you" fan-out job (0: leave it to other instances).
  NEARBY_NOTICES_JOB: z
    .enum(['0', '1'], { message: 'must be 1 (on) or 0 (off)' })
    .default('1')
    .transform((value) => value === '1'),
  // Lets outbound webhooks use http: and loopback/private addresses (local development and tests only).
  WEBHOOKS_ALLOW_PRIVATE_URLS: z
    .enum(['0', '1'], { message: 'must be 1 (on) or 0 (off)' })
    .default('0')
    .transform((value) => value === '1'),
  // Web push (docs/messaging.md, "Push"): the VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints
  // it), both or neither; without them a pair is generated once into DATA_DIR (lib/push/vapid-keys.ts). The subject
  // is the contact the push services see: mailto: or https: (default: mailto: the address of EMAIL_FROM).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { message: 'must be the base64url public key (87 characters, starting with B)' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be the base64url private key (43 characters)' })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, { message: 'must be a mailto: or https: URL' })
    .optional(),
  // `webpush` sends through the browsers' push services; `outbox` keeps pushes on this machine (shown at
  // /dev/mailbox). Default: webpush when VAPID_PUBLIC_KEY is set, else outbox, so the embedded default works offline.
  PUSH_MODE: z.enum(['webpush', 'outbox'], { message: 'must be webpush or outbox' }).optional(),
  // Lets push subscriptions use http: and loopback/private endpoints (local push stand-ins in tests only).
  PUSH_ALLOW_PRIVATE_URLS: z
    .enum(['0', '1'], { message: 'must be 1 (on) or 0 (off)' })
    .default('0')
    .transform((value) => value === '1'),
  // x402 (USDC) payments: the address paid; without it a fixed test-mode address (lib/payments/x402/config.ts).
  X402_PAY_TO: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, { message: 'must be an EVM address (0x followed by 40 hex digits)' })
    .optional(),
  X402_NETWORK: z.enum(['base-sepolia', 'base'], { message: 'must be base-sepolia or base' }).default('base-sepolia'),
  // Settles x402 payments through POST {url}/verify and {url}/settle; without it payments settle locally (test mode).
  X402_FACILITATOR_URL: z.url({ message: 'must be an absolute URL such as https://x402.org/facilitator' }).optional(),
  // MPP (Shared Payment Tokens): our Stripe Business Network profile, named in every challenge (docs/payments.md).
  MPP_NETWORK_ID: z
    .string()
    .regex(/^profile_[A-Za-z0-9_]+$/, { message: 'must be a Stripe profile id (profile_…)' })
    .default('profile_test_legwork'),
});

/** A live Stripe key (`sk_live_…`, or a restricted `rk_live_…`): real money. */
export const isLiveStripeKey = (key: string | undefined) => !!key && /^(sk|rk)_live_/.test(key);

/** The fixed test-mode pay-to address (lib/payments/x402/config.ts), and the zero address: nobody is paid there. */
const PLACEHOLDER_PAY_TO = /^0x0{36}(0000|0402)$/;

/**
 * Live x402 takes real USDC: with a live Stripe key and a facilitator, the network must be Base mainnet and
 * X402_PAY_TO a real address of ours, or the process refuses to start (a payment to a test network or to the
 * placeholder would be lost). Live without a facilitator, x402 is off (lib/payments/x402/availability.ts).
 */
const liveX402Settings = (settings: z.infer<typeof envSchema>, ctx: z.RefinementCtx) => {
  if (!isLiveStripeKey(settings.STRIPE_SECRET_KEY) || !settings.X402_FACILITATOR_URL) return;
  if (settings.X402_NETWORK !== 'base') {
    ctx.addIssue({
      code: 'custom',
      path: ['X402_NETWORK'],
      message:
        'must be base when STRIPE_SECRET_KEY is live and X402_FACILITATOR_URL is set (live x402 settles real USDC)',
    });
  }
  if (!settings.X402_PAY_TO || PLACEHOLDER_PAY_TO.test(settings.X402_PAY_TO)) {
    ctx.addIssue({
      code: 'custom',
      path: ['X402_PAY_TO'],
      message: 'must be your own receiving address when STRIPE_SECRET_KEY is live and X402_FACILITATOR_URL is set',
    });
  }
};

/** A VAPID key pair is configured whole or not at all. */
const vapidPair = (settings: z.infer<typeof envSchema>, ctx: z.RefinementCtx) => {
  if (!settings.VAPID_PUBLIC_KEY === !settings.VAPID_PRIVATE_KEY) return;
  const missing = settings.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
  ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set with the other VAPID key, or neither' });
};

const checkedEnvSchema = envSchema
  .superRefine(liveX402Settings)
  .superRefine(vapidPair)
  .transform((settings) => ({
    ...settings,
    SITE_URL: settings.SITE_URL ?? defaultSiteUrl(settings.NODE_ENV, settings.PORT),
  }));

export type Env = z.infer<typeof checkedEnvSchema>;

let cached: Env | undefined;

/** Parses process.env once; a bad value stops the process with a message naming the variable. */
export function env(): Env {
  if (cached) return cached;
  // An empty value (`DATABASE_URL=` in a .env file) means "not set".
  const present = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ''));
  const parsed = checkedEnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests change process.env between suites; this forgets the parsed copy. */
export function resetEnvCache(): void {
  cached = undefined;
}
