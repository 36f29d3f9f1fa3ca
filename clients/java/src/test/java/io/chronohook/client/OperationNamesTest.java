package io.chronohook.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.chronohook.client.api.AccountApi;
import io.chronohook.client.api.AlertsApi;
import io.chronohook.client.api.ApiKeysApi;
import io.chronohook.client.api.AuditApi;
import io.chronohook.client.api.DeadLettersApi;
import io.chronohook.client.api.EndpointsApi;
import io.chronohook.client.api.FlowKeysApi;
import io.chronohook.client.api.JobsApi;
import io.chronohook.client.api.LongRunningApi;
import io.chronohook.client.api.MembersApi;
import io.chronohook.client.api.OperatorApi;
import io.chronohook.client.api.RunsApi;
import io.chronohook.client.api.SchedulesApi;
import io.chronohook.client.api.UsageApi;
import io.chronohook.client.invoker.ApiClient;
import io.chronohook.client.model.AcceptRequest;
import io.chronohook.client.model.AlertSettingsRequest;
import io.chronohook.client.model.BatchRequest;
import io.chronohook.client.model.BulkReplayRequest;
import io.chronohook.client.model.CreateApiKeyRequest;
import io.chronohook.client.model.EndpointLimitsRequest;
import io.chronohook.client.model.FlowKey;
import io.chronohook.client.model.InviteRequest;
import io.chronohook.client.model.JobRequest;
import io.chronohook.client.model.PreviewRequest;
import io.chronohook.client.model.RoleRequest;
import io.chronohook.client.model.TokenRequest;
import java.net.http.HttpRequest;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Each generated method is named after its operation's id and sits in the class of its area (the document's tag):
 * each must call its operation, so that a renamed or moved operation shows here, not in a tenant's code.
 */
class OperationNamesTest {

    private final ApiClient client = new ApiClient();

    OperationNamesTest() {
        // The request is caught as it is about to go out: what matters is which route a method calls.
        client.setRequestInterceptor(request -> {
            throw new Built(request.build());
        });
    }

    @Test
    void jobsAndRuns() {
        JobsApi jobs = new JobsApi(client);
        RunsApi runs = new RunsApi(client);
        calls("GET /api/v1/jobs", () -> jobs.listJobs(null, null, null, null, null));
        calls("POST /api/v1/jobs", () -> jobs.createJob(new JobRequest(), null));
        calls("POST /api/v1/jobs/batch", () -> jobs.createJobs(new BatchRequest()));
        calls("GET /api/v1/jobs/j", () -> jobs.getJob("j"));
        calls("PATCH /api/v1/jobs/j", () -> jobs.updateJob("j", JsonNodeFactory.instance.objectNode(), null));
        calls("DELETE /api/v1/jobs/j", () -> jobs.deleteJob("j"));
        calls("POST /api/v1/jobs/j/pause", () -> jobs.pauseJob("j"));
        calls("POST /api/v1/jobs/j/resume", () -> jobs.resumeJob("j"));
        calls("POST /api/v1/jobs/j/trigger", () -> jobs.triggerJob("j", null));
        calls("GET /api/v1/jobs/activity", () -> new JobsApi(client).getJobActivity(List.of(), null));
        calls("POST /api/v1/schedules/preview",
                () -> new SchedulesApi(client).previewSchedule(new PreviewRequest()));
        calls("GET /api/v1/jobs/j/runs", () -> runs.listRuns("j", null, null, null));
        calls("GET /api/v1/runs/r", () -> runs.getRun("r"));
        calls("POST /api/v1/runs/r/cancel", () -> runs.cancelRun("r"));
    }

    @Test
    void longRunningReportsAndDeadLetters() {
        LongRunningApi running = new LongRunningApi(client);
        DeadLettersApi deadLetters = new DeadLettersApi(client);
        calls("POST /api/v1/runs/r/heartbeat", () -> running.reportHeartbeat("r", null, null));
        calls("POST /api/v1/runs/r/complete", () -> running.completeRun("r", null, null));
        calls("POST /api/v1/runs/r/fail", () -> running.failRun("r", null, null));
        calls("POST /api/v1/runs/r/replay", () -> deadLetters.replayRun("r"));
        calls("GET /api/v1/dead-letters", () -> deadLetters.listDeadLetters(null, null, null));
        calls("POST /api/v1/dead-letters/replay", () -> deadLetters.replayDeadLetters(new BulkReplayRequest()));
        calls("GET /api/v1/dead-letters/replays/b", () -> deadLetters.getBulkReplay("b"));
    }

    @Test
    void endpointsAndFlowKeys() {
        EndpointsApi endpoints = new EndpointsApi(client);
        FlowKeysApi flow = new FlowKeysApi(client);
        calls("GET /api/v1/endpoints", endpoints::listEndpoints);
        calls("GET /api/v1/endpoints/h/limits", () -> endpoints.getEndpointLimits("h"));
        calls("PUT /api/v1/endpoints/h/limits", () -> endpoints.saveEndpointLimits("h", new EndpointLimitsRequest()));
        calls("DELETE /api/v1/endpoints/h/limits", () -> endpoints.deleteEndpointLimits("h"));
        calls("GET /api/v1/flow-keys", flow::listFlowKeys);
        calls("GET /api/v1/flow-keys/k", () -> flow.getFlowKey("k"));
        calls("PUT /api/v1/flow-keys/k", () -> flow.saveFlowKey("k", new FlowKey()));
        calls("DELETE /api/v1/flow-keys/k", () -> flow.deleteFlowKey("k"));
    }

    @Test
    void account() {
        ApiKeysApi keys = new ApiKeysApi(client);
        AccountApi secret = new AccountApi(client);
        calls("POST /api/v1/auth/token",
                () -> new AccountApi(client).createAccessToken(new TokenRequest()));
        calls("GET /api/v1/me", () -> new AccountApi(client).getMe());
        calls("GET /api/v1/api-keys", () -> keys.listApiKeys(null, null));
        calls("POST /api/v1/api-keys", () -> keys.createApiKey(new CreateApiKeyRequest()));
        calls("DELETE /api/v1/api-keys/k", () -> keys.revokeApiKey("k"));
        calls("GET /api/v1/signing-secret", secret::getSigningSecret);
        calls("POST /api/v1/signing-secret/rotate", () -> secret.rotateSigningSecret(null));
        calls("GET /api/v1/audit", () -> new AuditApi(client).listAuditEvents(null, null));
        calls("GET /api/v1/usage", () -> new UsageApi(client).getUsage());
        calls("GET /api/v1/invoices", () -> new UsageApi(client).listInvoices(null));
        calls("GET /api/v1/invoices/2026-11", () -> new UsageApi(client).getInvoice("2026-11", null));
    }

    @Test
    void team() {
        MembersApi members = new MembersApi(client);
        MembersApi invitations = new MembersApi(client);
        calls("GET /api/v1/members", () -> members.listMembers(null, null));
        calls("PATCH /api/v1/members/m", () -> members.changeMemberRole("m", new RoleRequest()));
        calls("DELETE /api/v1/members/m", () -> members.removeMember("m"));
        calls("GET /api/v1/members/invitations", () -> invitations.listInvitations(null, null));
        calls("POST /api/v1/members/invitations", () -> invitations.inviteMember(new InviteRequest()));
        calls("DELETE /api/v1/members/invitations/i", () -> invitations.revokeInvitation("i"));
        calls("POST /api/v1/invitations/t/accept", () -> invitations.acceptInvitation("t", new AcceptRequest()));
    }

    @Test
    void alerts() {
        AlertsApi alerts = new AlertsApi(client);
        calls("GET /api/v1/alerts", () -> alerts.listAlerts(null, null));
        calls("GET /api/v1/alerts/a", () -> alerts.getAlert("a"));
        calls("GET /api/v1/alerts/settings", alerts::getAlertSettings);
        calls("PUT /api/v1/alerts/settings", () -> alerts.saveAlertSettings(new AlertSettingsRequest()));
        calls("DELETE /api/v1/alerts/settings", alerts::turnOffAlerts);
        calls("POST /api/v1/alerts/test", alerts::sendTestAlert);
    }

    @Test
    void operator() {
        OperatorApi nodes = new OperatorApi(client);
        calls("GET /api/v1/operator/nodes", nodes::listNodes);
        calls("GET /api/v1/operator/nodes/n", () -> nodes.getNode("n"));
        calls("POST /api/v1/operator/nodes/n/drain", () -> nodes.drainNode("n"));
        calls("POST /api/v1/operator/nodes/n/undrain", () -> nodes.undrainNode("n"));
        calls("GET /api/v1/operator/plans", () -> new OperatorApi(client).listPlans());
        calls("GET /api/v1/operator/stats", () -> new OperatorApi(client).getStats());
    }

    private static void calls(String route, Executable call) {
        HttpRequest sent = assertThrows(Built.class, call).request;
        assertEquals(route, sent.method() + " " + sent.uri().getPath());
    }

    /** Carries the request out of the interceptor, before it is sent. */
    private static final class Built extends RuntimeException {

        private static final long serialVersionUID = 1L;

        private final transient HttpRequest request;

        Built(HttpRequest request) {
            super(null, null, false, false);
            this.request = request;
        }
    }
}
