/*
 * Verifying Chronohook's callbacks. Every call is signed per Standard Webhooks: `webhook-signature` holds one or more
 * space-separated `v1,<base64>` entries, each the HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` under
 * one of the tenant's signing secrets (two during a secret rotation).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far `webhook-timestamp` may be from the receiver's clock, either way, before a call counts as replayed. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** Why a callback was refused; answer it with 401 and do nothing else. */
export class WebhookVerificationError extends Error {
    constructor(message: string) {
        super(message);
        this.name = 'WebhookVerificationError';
    }
}

/** Headers as node's http server, Express or fetch give them; names are matched whatever their case. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** What a verified callback says about itself. */
export interface VerifiedWebhook {
    /** The run id: the same on every attempt of one run, so the receiver's idempotency key. */
    id: string;
    /** When this attempt was sent. */
    timestamp: Date;
}

const SECRET_PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Checks that a callback was signed with `secret` (`whsec_<base64>`, as sign-up and `GET /api/v1/signing-secret`
 * show it) and sent within five minutes of `now`. `body` must be the raw body as received, before any JSON parsing:
 * parsing and serialising again changes the bytes the signature covers. Throws a {@link WebhookVerificationError}
 * saying what did not hold.
 */
export function verifyWebhook(secret: string, headers: WebhookHeaders, body: string | Uint8Array,
                              now: Date = new Date()): VerifiedWebhook {
    const key = signingKey(secret);
    const id = header(headers, 'webhook-id');
    const timestamp = header(headers, 'webhook-timestamp');
    const signatures = header(headers, 'webhook-signature');
    const sentAt = checkTimestamp(timestamp, now);
    // The signed content is bytes: a string body is what arrived decoded as UTF-8, which is how it was signed.
    const content = Buffer.concat([Buffer.from(`${id}.${timestamp}.`, 'utf8'),
        typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength)]);
    const expected = createHmac('sha256', key).update(content).digest();
    const candidates = v1Signatures(signatures);
    if (candidates.length === 0) {
        throw new WebhookVerificationError('webhook-signature has no v1 signature');
    }
    // Every entry is compared, in constant time, so how long this takes does not tell which one came close.
    let matched = false;
    for (const candidate of candidates) {
        matched = (candidate.length === expected.length && timingSafeEqual(candidate, expected)) || matched;
    }
    if (!matched) {
        throw new WebhookVerificationError('no signature in webhook-signature matches: the secret is not the one '
            + 'the call was signed with, or the body is not the raw body as it was sent');
    }
    return { id, timestamp: sentAt };
}

function signingKey(secret: string): Buffer {
    const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
    if (!BASE64.test(encoded)) {
        throw new WebhookVerificationError('the signing secret is not whsec_ followed by base64');
    }
    return Buffer.from(encoded, 'base64');
}

function header(headers: WebhookHeaders, name: string): string {
    const value = headers instanceof Headers ? headers.get(name) : recordHeader(headers, name);
    if (value === null || value === undefined || value === '') {
        throw new WebhookVerificationError(`the ${name} header is missing`);
    }
    return value;
}

function recordHeader(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
    const key = Object.keys(headers).find(candidate => candidate.toLowerCase() === name);
    const value = key === undefined ? undefined : headers[key];
    // A header sent more than once: its signatures all count, as if sent space-separated in one.
    return Array.isArray(value) ? value.join(' ') : value;
}

function checkTimestamp(timestamp: string, now: Date): Date {
    if (!/^\d{1,15}$/.test(timestamp)) {
        throw new WebhookVerificationError(`webhook-timestamp ${JSON.stringify(timestamp)} is not a Unix time in seconds`);
    }
    const sentAt = Number(timestamp);
    const drift = Math.floor(now.getTime() / 1000) - sentAt;
    if (drift > WEBHOOK_TOLERANCE_SECONDS) {
        throw new WebhookVerificationError(`webhook-timestamp ${timestamp} is ${drift} s old, more than the `
            + `${WEBHOOK_TOLERANCE_SECONDS} s allowed: a replayed call, or this clock is wrong`);
    }
    if (-drift > WEBHOOK_TOLERANCE_SECONDS) {
        throw new WebhookVerificationError(`webhook-timestamp ${timestamp} is ${-drift} s ahead of this clock, more `
            + `than the ${WEBHOOK_TOLERANCE_SECONDS} s allowed`);
    }
    return new Date(sentAt * 1000);
}

/** The decoded `v1` entries; entries of other versions are skipped, as the specification says. */
function v1Signatures(signatures: string): Buffer[] {
    return signatures.split(' ')
        .filter(entry => entry.startsWith('v1,'))
        .map(entry => entry.slice('v1,'.length))
        .filter(encoded => BASE64.test(encoded))
        .map(encoded => Buffer.from(encoded, 'base64'));
}
