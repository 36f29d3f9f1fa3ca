import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createClient } from '../src/index';

/*
 * Each operation's name in the document (its operationId, the client's method), with the call it must make: a
 * renamed or moved operation shows here as a method that is gone or sends another request.
 */
const OPERATIONS: Record<string, [method: string, path: string]> = {
    signUp: ['POST', '/api/v1/signup'],
    createAccessToken: ['POST', '/api/v1/auth/token'],
    getMe: ['GET', '/api/v1/me'],
    listMembers: ['GET', '/api/v1/members'],
    changeMemberRole: ['PATCH', '/api/v1/members/{id}'],
    removeMember: ['DELETE', '/api/v1/members/{id}'],
    listInvitations: ['GET', '/api/v1/members/invitations'],
    inviteMember: ['POST', '/api/v1/members/invitations'],
    revokeInvitation: ['DELETE', '/api/v1/members/invitations/{id}'],
    acceptInvitation: ['POST', '/api/v1/invitations/{token}/accept'],
    listApiKeys: ['GET', '/api/v1/api-keys'],
    createApiKey: ['POST', '/api/v1/api-keys'],
    revokeApiKey: ['DELETE', '/api/v1/api-keys/{id}'],
    getSigningSecret: ['GET', '/api/v1/signing-secret'],
    rotateSigningSecret: ['POST', '/api/v1/signing-secret/rotate'],
    listAuditEvents: ['GET', '/api/v1/audit'],
    listJobs: ['GET', '/api/v1/jobs'],
    createJob: ['POST', '/api/v1/jobs'],
    createJobs: ['POST', '/api/v1/jobs/batch'],
    getJob: ['GET', '/api/v1/jobs/{id}'],
    updateJob: ['PATCH', '/api/v1/jobs/{id}'],
    deleteJob: ['DELETE', '/api/v1/jobs/{id}'],
    pauseJob: ['POST', '/api/v1/jobs/{id}/pause'],
    resumeJob: ['POST', '/api/v1/jobs/{id}/resume'],
    triggerJob: ['POST', '/api/v1/jobs/{id}/trigger'],
    getJobActivity: ['GET', '/api/v1/jobs/activity'],
    previewSchedule: ['POST', '/api/v1/schedules/preview'],
    listRuns: ['GET', '/api/v1/jobs/{jobId}/runs'],
    getRun: ['GET', '/api/v1/runs/{runId}'],
    cancelRun: ['POST', '/api/v1/runs/{runId}/cancel'],
    reportHeartbeat: ['POST', '/api/v1/runs/{runId}/heartbeat'],
    completeRun: ['POST', '/api/v1/runs/{runId}/complete'],
    failRun: ['POST', '/api/v1/runs/{runId}/fail'],
    replayRun: ['POST', '/api/v1/runs/{runId}/replay'],
    listDeadLetters: ['GET', '/api/v1/dead-letters'],
    replayDeadLetters: ['POST', '/api/v1/dead-letters/replay'],
    getBulkReplay: ['GET', '/api/v1/dead-letters/replays/{id}'],
    listEndpoints: ['GET', '/api/v1/endpoints'],
    getEndpointLimits: ['GET', '/api/v1/endpoints/{host}/limits'],
    saveEndpointLimits: ['PUT', '/api/v1/endpoints/{host}/limits'],
    deleteEndpointLimits: ['DELETE', '/api/v1/endpoints/{host}/limits'],
    listFlowKeys: ['GET', '/api/v1/flow-keys'],
    getFlowKey: ['GET', '/api/v1/flow-keys/{key}'],
    saveFlowKey: ['PUT', '/api/v1/flow-keys/{key}'],
    deleteFlowKey: ['DELETE', '/api/v1/flow-keys/{key}'],
    getAlertSettings: ['GET', '/api/v1/alerts/settings'],
    saveAlertSettings: ['PUT', '/api/v1/alerts/settings'],
    turnOffAlerts: ['DELETE', '/api/v1/alerts/settings'],
    sendTestAlert: ['POST', '/api/v1/alerts/test'],
    listAlerts: ['GET', '/api/v1/alerts'],
    getAlert: ['GET', '/api/v1/alerts/{id}'],
    getUsage: ['GET', '/api/v1/usage'],
    listInvoices: ['GET', '/api/v1/invoices'],
    getInvoice: ['GET', '/api/v1/invoices/{month}'],
    listPlans: ['GET', '/api/v1/operator/plans'],
    savePlan: ['PUT', '/api/v1/operator/plans/{code}'],
    assignPlan: ['PUT', '/api/v1/operator/tenants/{tenantId}/plan'],
    getStats: ['GET', '/api/v1/operator/stats'],
    listNodes: ['GET', '/api/v1/operator/nodes'],
    getNode: ['GET', '/api/v1/operator/nodes/{id}'],
    drainNode: ['POST', '/api/v1/operator/nodes/{id}/drain'],
    undrainNode: ['POST', '/api/v1/operator/nodes/{id}/undrain'],
};

/** The request a method would send, built by its generated `…RequestOpts` twin (nothing is sent). */
async function requestOf(name: string): Promise<{ method: string, path: string }> {
    const api = createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'chk_test' }) as any;
    assert.equal(typeof api[name], 'function', `the client has no method ${name}`);
    // Every value the method asks for is ["p"]: it stands in for a path segment ("p"), a list and a body alike, and
    // any field of it (a required list in a body is mapped over) is the same stand-in.
    const standIn: any = new Proxy(['p'], {
        get: (target, property) => typeof property === 'symbol' || property in target
            ? Reflect.get(target, property) : standIn,
    });
    return api[`${name}RequestOpts`](standIn);
}

describe('the generated client\'s operation names', () => {
    for (const [name, [method, path]] of Object.entries(OPERATIONS)) {
        it(`${name} is ${method} ${path}`, async () => {
            const request = await requestOf(name);
            assert.equal(`${request.method} ${request.path}`, `${method} ${path.replace(/\{[^}]+\}/g, 'p')}`);
        });
    }
});
