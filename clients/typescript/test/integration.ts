/*
 * @chronohook/client against a running installation: every call to the API goes through the generated client.
 *
 *   CHRONOHOOK_URL           the installation, e.g. http://127.0.0.1:8080
 *   CHRONOHOOK_RECEIVER_URL  a receiver the installation may call, e.g. http://127.0.0.1:9090
 *   CHRONOHOOK_TEST_PATH     the path under which this run's jobs call the receiver, e.g. /typescript
 *   CHRONOHOOK_REPORT        optional: a file to write the ids this run made, for the caller's own checks
 *
 * The receiver records every call and answers it 200, or the status last set for its path; its /control paths are
 * how this script sets a status and reads what arrived (headers, raw body).
 *
 * Prints one line per check, "ok - …" or "FAILED - …: why", and exits 0 only when every check held.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createClient, problemOf, ResponseError, verifyWebhook, WebhookVerificationError } from '../src/index';
import type { ChronohookApi, JobRequest, JobView, RunView, SignupResponse } from '../src/index';

const SMALL_PAGE = 2;
const PAGED_JOBS = 5;
const PAGED_RUNS = 5;

/** A call the receiver recorded. */
interface Arrival {
    method: string;
    headers: Record<string, string>;
    body: Buffer;
    status: number;
}

/** The receiver's side door: what status a path answers, and what arrived there. */
class Receiver {
    constructor(private readonly baseUrl: string, private readonly testPath: string) {
    }

    url(name: string): string {
        return this.baseUrl + this.path(name);
    }

    path(name: string): string {
        return `${this.testPath}/${name}`;
    }

    async answer(name: string, status: number): Promise<void> {
        const response = await fetch(this.control('status', name), { method: 'PUT', body: String(status) });
        assert.equal(response.status, 204, `the receiver refused to answer ${status} on ${name}`);
    }

    async arrivals(name: string): Promise<Arrival[]> {
        const response = await fetch(this.control('arrivals', name));
        assert.equal(response.status, 200, 'the receiver did not list its arrivals');
        const arrivals = await response.json() as Array<Omit<Arrival, 'body'> & { body: string }>;
        return arrivals.map(arrival => ({ ...arrival, body: Buffer.from(arrival.body, 'base64') }));
    }

    private control(what: string, name: string): string {
        return `${this.baseUrl}/control/${what}?path=${encodeURIComponent(this.path(name))}`;
    }
}

/** What the run made, for the caller to check on its side. */
interface Report {
    tenantId?: string;
    apiKey?: string;
    signedRunId?: string;
    replayedRunId?: string;
    pagedRunIds?: string[];
    jobIds: string[];
}

const report: Report = { jobIds: [] };
let failures = 0;
let held = 0;

async function check(name: string, body: () => Promise<void>): Promise<void> {
    try {
        await body();
        held++;
        console.log(`ok - ${name}`);
    } catch (error) {
        failures++;
        console.log(`FAILED - ${name}: ${await explain(error)}`);
    }
}

async function explain(error: unknown): Promise<string> {
    if (error instanceof ResponseError) {
        return `the API answered ${error.response.status}: ${await error.response.text()}`;
    }
    return error instanceof Error ? error.stack ?? error.message : String(error);
}

function sleep(ms: number): Promise<void> {
    return new Promise(resolve => setTimeout(resolve, ms));
}

/** Asks `probe` every 250 ms until it gives a value; fails after `seconds` saying what `seen` last saw. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, seen: () => string,
                        seconds = 60): Promise<T> {
    const deadline = Date.now() + seconds * 1000;
    while (Date.now() < deadline) {
        const value = await probe();
        if (value !== undefined) {
            return value;
        }
        await sleep(250);
    }
    throw new Error(`not within ${seconds} s: ${what}; last seen ${seen()}`);
}

/** Asks for a run until `accept` takes it. */
async function untilRun(what: string, find: () => Promise<RunView | undefined>, accept: (run: RunView) => boolean)
    : Promise<RunView> {
    let last: RunView | undefined;
    return until(what, async () => {
        last = await find();
        return last !== undefined && accept(last) ? last : undefined;
    }, () => last === undefined ? 'no run'
        : `${last.id} ${last.state} (status ${last.lastStatusCode}, ${last.lastError ?? 'no error'})`);
}

async function firstRun(client: ChronohookApi, jobId: string): Promise<RunView | undefined> {
    return (await client.listRuns({ jobId })).items?.[0];
}

/** Every page of a list, following nextCursor until it is absent. */
async function pages<T>(list: (cursor?: string) => Promise<{ items?: T[], nextCursor?: string }>): Promise<T[][]> {
    const all: T[][] = [];
    let cursor: string | undefined;
    do {
        const page = await list(cursor);
        all.push(page.items ?? []);
        cursor = page.nextCursor;
        assert.ok(all.length <= 100, 'more than 100 pages: nextCursor does not move on');
    } while (cursor);
    return all;
}

/** Pages hold at most `limit` items each, none twice, and together exactly `expected`. */
function assertPaged(pagesSeen: string[][], expected: string[], limit: number): void {
    assert.ok(pagesSeen.length >= 2, `only ${pagesSeen.length} page(s)`);
    pagesSeen.forEach((page, i) => assert.ok(page.length <= limit, `page ${i + 1} holds ${page.length} items`));
    const seen = pagesSeen.flat();
    assert.equal(new Set(seen).size, seen.length, `an item is on two pages: ${JSON.stringify(pagesSeen)}`);
    assert.deepEqual([...seen].sort(), [...expected].sort());
}

function assertNewestFirst(times: Array<Date | undefined>, what: string): void {
    for (let i = 1; i < times.length; i++) {
        assert.ok(times[i - 1]!.getTime() >= times[i]!.getTime(), `${what} not newest first at ${i}`);
    }
}

async function createJob(client: ChronohookApi, request: JobRequest): Promise<JobView> {
    const job = await client.createJob({ jobRequest: request });
    assert.match(job.id ?? '', /^job_/);
    report.jobIds.push(job.id!);
    return job;
}

async function signedCallback(client: ChronohookApi, account: SignupResponse, receiver: Receiver): Promise<void> {
    // Not ASCII, so a verifier that re-encodes the body the wrong way fails here.
    const body = JSON.stringify({ greeting: 'grüß dich ✓', from: 'typescript' });
    let run: RunView | undefined;
    await check('creates a job aimed at the receiver and lists its run, delivered', async () => {
        const job = await createJob(client, { name: 'ts-signed', schedule: { type: 'now' },
            target: { url: receiver.url('signed'), body } });
        assert.equal(job.target?.url, receiver.url('signed'));
        run = await untilRun('the run to succeed', () => firstRun(client, job.id!), r => r.state === 'succeeded');
        assert.equal(run.jobId, job.id);
        assert.equal(run.lastStatusCode, 200);
        assert.ok(run.scheduledFor instanceof Date, 'scheduledFor is read as a Date');
        report.signedRunId = run.id;
    });
    await check('verifies the received callback\'s signature with verifyWebhook, and refuses it tampered', async () => {
        assert.ok(run, 'no run was delivered');
        const [arrival] = await receiver.arrivals('signed');
        assert.ok(arrival, 'the receiver got no call');
        assert.equal(arrival.body.toString('utf8'), body);
        const verified = verifyWebhook(account.signingSecret!, arrival.headers, arrival.body);
        assert.equal(verified.id, run.id);
        assert.ok(Math.abs(verified.timestamp.getTime() - Date.now()) < 5 * 60_000);
        assert.doesNotThrow(() => verifyWebhook(account.signingSecret!, arrival.headers, body));
        const tampered = Buffer.from(body.replace('typescript', 'somebody'), 'utf8');
        assert.throws(() => verifyWebhook(account.signingSecret!, arrival.headers, tampered), WebhookVerificationError);
        const later = new Date(Date.now() + 10 * 60_000);
        assert.throws(() => verifyWebhook(account.signingSecret!, arrival.headers, arrival.body, later), /s old/);
        // The attempt as the API recorded it carries the same signature.
        const detail = await client.getRun({ runId: run.id! });
        const sent = detail.attempts?.[0]?.request?.headers?.find(h => h.name === 'webhook-signature');
        assert.equal(sent?.value, arrival.headers['webhook-signature']);
    });
}

async function pagedJobs(client: ChronohookApi): Promise<void> {
    await check(`pages through the tenant's jobs ${SMALL_PAGE} at a time, following nextCursor`, async () => {
        const batch = await client.createJobs({ batchRequest: { jobs: Array.from({ length: PAGED_JOBS }, (_, i) => ({
            name: `ts-paged-${i}`, labels: { suite: 'paging' },
            // Once a year: these jobs are only listed, never due while the test runs.
            schedule: { type: 'cron', cron: '0 0 1 1 *' }, target: { url: 'https://example.com/never' },
        })) } });
        assert.equal(batch.items?.length, PAGED_JOBS);
        report.jobIds.push(...batch.items!.map(job => job.id!));
        const labelled = await pages(cursor => client.listJobs({ label: 'suite:paging', limit: SMALL_PAGE, cursor }));
        assertPaged(labelled.map(page => page.map(job => job.id!)), batch.items!.map(job => job.id!), SMALL_PAGE);
        // Everything the tenant has, this script's other jobs included.
        const all = await pages(cursor => client.listJobs({ limit: SMALL_PAGE, cursor }));
        assertPaged(all.map(page => page.map(job => job.id!)), report.jobIds, SMALL_PAGE);
        assertNewestFirst(all.flat().map(job => job.createdAt), 'jobs');
    });
}

async function pagedRuns(client: ChronohookApi, receiver: Receiver): Promise<void> {
    await check(`pages through a job's ${PAGED_RUNS} runs ${SMALL_PAGE} at a time, following nextCursor`, async () => {
        const job = await createJob(client, { name: 'ts-runs', schedule: { type: 'interval', every: 'PT1S',
            maxRuns: PAGED_RUNS }, target: { url: receiver.url('runs') } });
        let runs: RunView[] = [];
        await until(`${PAGED_RUNS} runs to succeed`, async () => {
            runs = (await client.listRuns({ jobId: job.id!, limit: 200 })).items ?? [];
            return runs.length === PAGED_RUNS && runs.every(run => run.state === 'succeeded') ? runs : undefined;
        }, () => runs.map(run => `${run.id} ${run.state}`).join(', ') || 'no run', 90);
        const paged = await pages(cursor => client.listRuns({ jobId: job.id!, limit: SMALL_PAGE, cursor }));
        assertPaged(paged.map(page => page.map(run => run.id!)), runs.map(run => run.id!), SMALL_PAGE);
        assertNewestFirst(paged.flat().map(run => run.scheduledFor), 'runs');
        const delivered = new Set((await receiver.arrivals('runs')).map(arrival => arrival.headers['webhook-id']));
        assert.deepEqual([...delivered].sort(), runs.map(run => run.id!).sort());
        report.pagedRunIds = runs.map(run => run.id!);
    });
}

async function deadAndReplayed(client: ChronohookApi, receiver: Receiver): Promise<void> {
    let dead: RunView | undefined;
    await check('a run its receiver answers 400 ends dead and is in the dead letters', async () => {
        await receiver.answer('refusing', 400);
        const job = await createJob(client, { name: 'ts-refused', schedule: { type: 'now' },
            target: { url: receiver.url('refusing') } });
        dead = await untilRun('the run to end dead', () => firstRun(client, job.id!), r => r.state === 'dead');
        assert.equal(dead.lastStatusCode, 400);
        const letters = await client.listDeadLetters({ jobId: job.id! });
        assert.deepEqual(letters.items?.map(r => r.id), [dead.id]);
        assert.equal(letters.items?.[0]?.jobName, 'ts-refused');
    });
    await check('replays the dead run once the receiver answers 200, and it is delivered under the same id', async () => {
        assert.ok(dead, 'no run ended dead');
        await receiver.answer('refusing', 200);
        const replayed = await client.replayRun({ runId: dead.id! });
        assert.equal(replayed.id, dead.id);
        assert.notEqual(replayed.state, 'dead');
        const delivered = await untilRun('the replayed run to succeed', () => client.getRun({ runId: dead!.id! }),
            r => r.state === 'succeeded');
        assert.equal(delivered.lastStatusCode, 200);
        const arrivals = await receiver.arrivals('refusing');
        assert.deepEqual(arrivals.map(a => [a.headers['webhook-id'], a.status]), [[dead.id, 400], [dead.id, 200]]);
        assert.equal((await client.listDeadLetters({ jobId: dead.jobId! })).items?.length, 0);
        report.replayedRunId = dead.id;
    });
    await check('a refused call throws ResponseError whose problemOf names the code', async () => {
        assert.ok(dead, 'no run to replay');
        const notDead = await client.replayRun({ runId: dead.id! }).then(() => undefined, error => error);
        assert.ok(notDead instanceof ResponseError, 'replaying a delivered run was accepted');
        assert.equal(notDead.response.status, 409);
        assert.equal((await problemOf(notDead))?.code, 'invalid_state');
        const missing = await client.getJob({ id: 'job_01JDQ6KZ1B3C5D7E9F0G2H4J6K' }).then(() => undefined, e => e);
        assert.equal((await problemOf(missing))?.status, 404);
        const invalid = await client.createJob({ jobRequest: { name: 'ts-invalid', schedule: { type: 'cron',
            cron: 'every day' }, target: { url: 'https://example.com/x' } } }).then(() => undefined, e => e);
        const problem = await problemOf(invalid);
        assert.equal(problem?.status, 400);
        assert.equal(problem?.code, 'invalid_cron');
    });
}

async function mergePatch(client: ChronohookApi): Promise<void> {
    await check('updates a job with a merge patch, and a stale If-Match is refused', async () => {
        const job = await createJob(client, { name: 'ts-patched', labels: { keep: 'yes', drop: 'yes' },
            schedule: { type: 'cron', cron: '0 0 1 1 *' }, target: { url: 'https://example.com/never' } });
        const patched = await client.updateJob({ id: job.id!, ifMatch: `"${job.version}"`,
            patch: { name: 'ts-patched-renamed', labels: { drop: null } } });
        assert.equal(patched.name, 'ts-patched-renamed');
        assert.deepEqual(patched.labels, { keep: 'yes' });
        assert.ok(patched.version! > job.version!);
        const stale = await client.updateJob({ id: job.id!, ifMatch: `"${job.version}"`, patch: { name: 'lost' } })
            .then(() => undefined, error => error);
        assert.equal((await problemOf(stale))?.status, 412);
    });
}

async function main(): Promise<void> {
    const baseUrl = required('CHRONOHOOK_URL');
    const receiver = new Receiver(required('CHRONOHOOK_RECEIVER_URL').replace(/\/+$/, ''), required('CHRONOHOOK_TEST_PATH'));
    let account: SignupResponse | undefined;
    let client: ChronohookApi | undefined;
    await check('signs up a tenant and calls the API with its key', async () => {
        account = await createClient({ baseUrl }).signUp({ signupRequest: {
            tenantName: 'TypeScript client', email: `ts-${randomUUID()}@example.com`, password: 'a long passphrase' } });
        assert.match(account.apiKey ?? '', /^chk_/);
        assert.match(account.signingSecret ?? '', /^whsec_/);
        client = createClient({ baseUrl, apiKey: account.apiKey });
        assert.equal((await client.getMe()).tenantId, account.tenantId);
        report.tenantId = account.tenantId;
        report.apiKey = account.apiKey;
    });
    if (client && account) {
        await signedCallback(client, account, receiver);
        await deadAndReplayed(client, receiver);
        await pagedRuns(client, receiver);
        await mergePatch(client);
        // Last: it pages through every job the others made too.
        await pagedJobs(client);
    }
    const reportFile = process.env.CHRONOHOOK_REPORT;
    if (reportFile) {
        writeFileSync(reportFile, JSON.stringify(report, null, 2));
    }
    console.log(`${held} checks held, ${failures} failed`);
    process.exitCode = failures === 0 && held > 0 ? 0 : 1;
}

function required(name: string): string {
    const value = process.env[name];
    if (!value) {
        console.error(`${name} is not set`);
        process.exit(2);
    }
    return value;
}

main().catch(error => {
    console.error('FAILED - the script itself:', error);
    process.exitCode = 1;
});
