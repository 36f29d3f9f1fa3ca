import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { verifyWebhook, WebhookVerificationError } from '../src/webhooks';

// The test vector published with the Standard Webhooks specification.
const SPEC = {
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    timestamp: '1614265330',
    body: '{"test": 2432232314}',
    signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const SIGNED_AT = new Date(Number(SPEC.timestamp) * 1000);
const OTHER_SECRET = 'whsec_' + Buffer.alloc(32, 7).toString('base64');

function headers(overrides: Record<string, string> = {}): Record<string, string> {
    return {
        'webhook-id': SPEC.id,
        'webhook-timestamp': SPEC.timestamp,
        'webhook-signature': SPEC.signature,
        ...overrides,
    };
}

function sign(secret: string, id: string, timestamp: string, body: string): string {
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    return 'v1,' + createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

function refusal(check: () => unknown): string {
    try {
        check();
    } catch (error) {
        assert.ok(error instanceof WebhookVerificationError, `a WebhookVerificationError, not ${error}`);
        return error.message;
    }
    assert.fail('the callback was accepted');
}

describe('verifyWebhook', () => {
    it('accepts the specification\'s test vector and tells the id and time', () => {
        const verified = verifyWebhook(SPEC.secret, headers(), SPEC.body, SIGNED_AT);
        assert.equal(verified.id, SPEC.id);
        assert.equal(verified.timestamp.getTime(), SIGNED_AT.getTime());
    });

    it('accepts the body as raw bytes, fetch Headers and header names in any case', () => {
        const fetchHeaders = new Headers({ 'Webhook-Id': SPEC.id, 'Webhook-Timestamp': SPEC.timestamp,
            'Webhook-Signature': SPEC.signature });
        verifyWebhook(SPEC.secret, fetchHeaders, Buffer.from(SPEC.body, 'utf8'), SIGNED_AT);
        verifyWebhook(SPEC.secret, { 'WEBHOOK-ID': SPEC.id, 'Webhook-Timestamp': SPEC.timestamp,
            'webhook-signature': SPEC.signature }, new TextEncoder().encode(SPEC.body), SIGNED_AT);
    });

    it('accepts a body that is a slice of a larger buffer, reading only the slice', () => {
        const larger = Buffer.from('xx' + SPEC.body + 'yy', 'utf8');
        verifyWebhook(SPEC.secret, headers(), larger.subarray(2, larger.length - 2), SIGNED_AT);
    });

    it('accepts the secret without its whsec_ prefix', () => {
        verifyWebhook(SPEC.secret.slice('whsec_'.length), headers(), SPEC.body, SIGNED_AT);
    });

    it('accepts Chronohook\'s documented callback (docs/webhook-signing.md)', () => {
        verifyWebhook(SPEC.secret, {
            'webhook-id': 'run_01JDQ6M2X5G7Z9W3K4N8P0R2T6',
            'webhook-timestamp': '1795341600',
            'webhook-signature': 'v1,KBpTVE1tG+tyGmUH4S0lemWkd4r7tVXCqBwximrG8zk=',
        }, '{"report":"nightly"}', new Date(1795341600 * 1000));
    });

    it('refuses a tampered body', () => {
        const message = refusal(() => verifyWebhook(SPEC.secret, headers(), '{"test": 2432232315}', SIGNED_AT));
        assert.match(message, /no signature in webhook-signature matches/);
    });

    it('refuses a body parsed and serialised again', () => {
        const reserialised = JSON.stringify(JSON.parse(SPEC.body));
        assert.notEqual(reserialised, SPEC.body);
        refusal(() => verifyWebhook(SPEC.secret, headers(), reserialised, SIGNED_AT));
    });

    it('refuses another secret, an id or timestamp not the signed ones', () => {
        refusal(() => verifyWebhook(OTHER_SECRET, headers(), SPEC.body, SIGNED_AT));
        refusal(() => verifyWebhook(SPEC.secret, headers({ 'webhook-id': 'msg_other' }), SPEC.body, SIGNED_AT));
        const later = String(Number(SPEC.timestamp) + 1);
        refusal(() => verifyWebhook(SPEC.secret, headers({ 'webhook-timestamp': later }), SPEC.body, SIGNED_AT));
    });

    it('refuses a stale timestamp and one from the future, beyond five minutes either way', () => {
        const at = (seconds: number) => new Date(SIGNED_AT.getTime() + seconds * 1000);
        verifyWebhook(SPEC.secret, headers(), SPEC.body, at(300));
        verifyWebhook(SPEC.secret, headers(), SPEC.body, at(-300));
        assert.match(refusal(() => verifyWebhook(SPEC.secret, headers(), SPEC.body, at(301))), /301 s old/);
        assert.match(refusal(() => verifyWebhook(SPEC.secret, headers(), SPEC.body, at(-301))), /301 s ahead/);
    });

    it('checks the time with the real clock when none is given', () => {
        assert.match(refusal(() => verifyWebhook(SPEC.secret, headers(), SPEC.body)), /s old/);
        const now = String(Math.floor(Date.now() / 1000));
        const fresh = headers({ 'webhook-timestamp': now, 'webhook-signature': sign(SPEC.secret, SPEC.id, now, SPEC.body) });
        verifyWebhook(SPEC.secret, fresh, SPEC.body);
    });

    it('accepts any of several signatures, as during a secret rotation, and skips other versions', () => {
        const rotated = sign(OTHER_SECRET, SPEC.id, SPEC.timestamp, SPEC.body);
        const both = headers({ 'webhook-signature': `${rotated} v2,bm90IGEgc2lnbmF0dXJl ${SPEC.signature}` });
        verifyWebhook(SPEC.secret, both, SPEC.body, SIGNED_AT);
        verifyWebhook(OTHER_SECRET, both, SPEC.body, SIGNED_AT);
        // Node's http server gives a header sent twice as an array.
        verifyWebhook(SPEC.secret, { ...headers(), 'webhook-signature': [rotated, SPEC.signature] }, SPEC.body, SIGNED_AT);
    });

    it('refuses a signature header without a v1 entry', () => {
        const message = refusal(() => verifyWebhook(SPEC.secret, headers({ 'webhook-signature': 'v2,' + SPEC.signature.slice(3) }),
            SPEC.body, SIGNED_AT));
        assert.match(message, /no v1 signature/);
    });

    it('names a missing header, a malformed timestamp and a malformed secret', () => {
        const { ['webhook-id']: _id, ...withoutId } = headers();
        assert.match(refusal(() => verifyWebhook(SPEC.secret, withoutId, SPEC.body, SIGNED_AT)), /webhook-id header is missing/);
        assert.match(refusal(() => verifyWebhook(SPEC.secret, headers({ 'webhook-timestamp': '2021-02-25T15:02:10Z' }),
            SPEC.body, SIGNED_AT)), /not a Unix time/);
        assert.match(refusal(() => verifyWebhook('whsec_not base64!', headers(), SPEC.body, SIGNED_AT)),
            /not whsec_ followed by base64/);
    });
});
