package io.chronohook.e2e.clients;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.standardwebhooks.Webhook;
import com.sun.net.httpserver.HttpServer;
import io.chronohook.client.Chronohook;
import io.chronohook.client.WebhookSignature;
import io.chronohook.client.WebhookSignatureException;
import io.chronohook.client.api.AccountApi;
import io.chronohook.client.api.DeadLettersApi;
import io.chronohook.client.api.JobsApi;
import io.chronohook.client.api.RunsApi;
import io.chronohook.client.invoker.ApiException;
import io.chronohook.client.model.JobRequest;
import io.chronohook.client.model.JobView;
import io.chronohook.client.model.PageJobView;
import io.chronohook.client.model.PageRunView;
import io.chronohook.client.model.Problem;
import io.chronohook.client.model.RetrySpec;
import io.chronohook.client.model.RunView;
import io.chronohook.client.model.ScheduleSpec;
import io.chronohook.client.model.SignupRequest;
import io.chronohook.client.model.SignupResponse;
import io.chronohook.client.model.TargetSpec;
import io.chronohook.e2e.support.Await;
import io.chronohook.e2e.support.BackendProcess;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A tenant's Java program against the real backend jar, through the generated client only: sign up, create jobs, page
 * through them and their runs, change one by merge patch, replay a dead letter, and verify the callbacks a receiver got
 * with {@link WebhookSignature}.
 */
class JavaClientE2ETest {

    private static final Duration DELIVERY = Duration.ofSeconds(30);

    private static BackendProcess backend;
    private static RecordingReceiver receiver;
    private static SignupResponse account;
    private static Chronohook chronohook;
    private static JobsApi jobs;
    private static RunsApi runs;

    @BeforeAll
    static void start() throws Exception {
        backend = BackendProcess.start(Map.of());
        receiver = new RecordingReceiver();
        String baseUrl = backend.uri("/").toString();
        account = Chronohook.anonymous(baseUrl).api(AccountApi::new).signUp(new SignupRequest()
                .tenantName("Java client").email("e2e-" + UUID.randomUUID() + "@example.com")
                .password("a long passphrase"));
        chronohook = Chronohook.connect(baseUrl, account.getApiKey());
        jobs = chronohook.api(JobsApi::new);
        runs = chronohook.api(RunsApi::new);
    }

    @AfterAll
    static void stop() throws Exception {
        if (receiver != null) {
            receiver.close();
        }
        if (backend != null) {
            backend.close();
        }
    }

    @Test
    void signUpGivesAKeyAndTheSecretThatSignsCallbacks() throws Exception {
        assertThat(account.getTenantId()).startsWith("ten_");
        assertThat(account.getApiKey()).startsWith("chk_");
        assertThat(account.getSigningSecret()).startsWith("whsec_");

        JobView job = jobs.createJob(new JobRequest().name("signed").schedule(new ScheduleSpec().type(ScheduleSpec.TypeEnum.NOW))
                .target(new TargetSpec().url(receiver.url("/signed")).body("{\"hello\":\"world\"}")), null);
        assertThat(job.getId()).startsWith("job_");
        RunView run = awaitRun(job.getId(), "succeeded");

        Callback callback = receiver.only("/signed");
        assertThat(new String(callback.body(), StandardCharsets.UTF_8)).isEqualTo("{\"hello\":\"world\"}");
        assertThat(callback.header("webhook-id")).isEqualTo(run.getId());
        new WebhookSignature().verify(account.getSigningSecret(), callback.headers(), callback.body());
        // The reference implementation of Standard Webhooks agrees.
        new Webhook(account.getSigningSecret()).verify(new String(callback.body(), StandardCharsets.UTF_8),
                multimap(callback.headers()));

        byte[] altered = "{\"hello\":\"World\"}".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> new WebhookSignature().verify(account.getSigningSecret(), callback.headers(), altered))
                .isInstanceOfSatisfying(WebhookSignatureException.class, refused -> assertThat(refused.reason())
                        .isEqualTo(WebhookSignatureException.Reason.NO_MATCHING_SIGNATURE));

        // A refusal carries the API's problem document: a run that is not dead cannot be replayed.
        ApiException refused = catchThrowableOfType(ApiException.class,
                () -> chronohook.api(DeadLettersApi::new).replayRun(run.getId()));
        assertThat(refused.getCode()).isEqualTo(409);
        assertThat(Chronohook.problem(refused)).map(Problem::getCode).hasValue("invalid_state");
    }

    @Test
    void pagesOfJobsAndOfRunsNeitherOverlapNorLeaveAnyOut() throws Exception {
        String prefix = "paged-" + UUID.randomUUID().toString().substring(0, 8) + "-";
        Set<String> created = new HashSet<>();
        for (int i = 0; i < 5; i++) {
            // Once a year: these jobs are only listed.
            created.add(jobs.createJob(new JobRequest().name(prefix + i)
                    .schedule(new ScheduleSpec().type(ScheduleSpec.TypeEnum.CRON).cron("0 0 1 1 *"))
                    .target(new TargetSpec().url(receiver.url("/never"))), null).getId());
        }
        List<List<String>> jobPages = pages(cursor -> {
            PageJobView page = jobs.listJobs(null, null, prefix, 2, cursor);
            return new Page(page.getItems().stream().map(JobView::getId).toList(), page.getNextCursor());
        });
        assertCompleteWithoutOverlap(jobPages, created);

        JobView every = jobs.createJob(new JobRequest().name(prefix + "interval")
                .schedule(new ScheduleSpec().type(ScheduleSpec.TypeEnum.INTERVAL).every("PT1S").maxRuns(5))
                .target(new TargetSpec().url(receiver.url("/interval"))), null);
        Await.until(() -> jobs.getJob(every.getId()).getState() == JobView.StateEnum.COMPLETED, DELIVERY,
                () -> "job " + jobs.getJob(every.getId()) + ", runs " + runs.listRuns(every.getId(), null, null, null));
        List<List<String>> runPages = pages(cursor -> {
            PageRunView page = runs.listRuns(every.getId(), null, 2, cursor);
            return new Page(page.getItems().stream().map(RunView::getId).toList(), page.getNextCursor());
        });
        Set<String> delivered = new HashSet<>();
        receiver.at("/interval").forEach(callback -> delivered.add(callback.header("webhook-id")));
        assertThat(delivered).hasSize(5);
        assertCompleteWithoutOverlap(runPages, delivered);
    }

    @Test
    void aDeadLetterReplayedOnceTheReceiverIsFixedIsDelivered() throws Exception {
        receiver.answer("/flaky", 400);
        JobView job = jobs.createJob(new JobRequest().name("dead-then-replayed")
                .schedule(new ScheduleSpec().type(ScheduleSpec.TypeEnum.NOW)).retry(new RetrySpec().maxAttempts(1))
                .target(new TargetSpec().url(receiver.url("/flaky"))), null);
        RunView dead = awaitRun(job.getId(), "dead");
        assertThat(dead.getLastStatusCode()).isEqualTo(400);

        // The same calls, each answering a CompletableFuture.
        var deadLetters = chronohook.api(io.chronohook.client.async.api.DeadLettersApi::new);
        PageRunView letters = deadLetters.listDeadLetters(job.getId(), null, null).get(10, TimeUnit.SECONDS);
        assertThat(letters.getItems()).extracting(RunView::getId).containsExactly(dead.getId());
        assertThat(letters.getItems().getFirst().getJobName()).isEqualTo("dead-then-replayed");

        receiver.answer("/flaky", 200);
        RunView replayed = deadLetters.replayRun(dead.getId()).get(10, TimeUnit.SECONDS);
        assertThat(replayed.getId()).isEqualTo(dead.getId());
        assertThat(replayed.getState()).isNotEqualTo(RunView.StateEnum.DEAD);
        awaitRun(job.getId(), "succeeded");

        List<Callback> callbacks = receiver.at("/flaky");
        assertThat(callbacks).extracting(Callback::status).containsExactly(400, 200);
        assertThat(callbacks).allSatisfy(callback -> {
            assertThat(callback.header("webhook-id")).isEqualTo(dead.getId());
            new WebhookSignature().verify(account.getSigningSecret(), callback.headers(), callback.body());
        });
        assertThat(deadLetters.listDeadLetters(job.getId(), null, null).get(10, TimeUnit.SECONDS).getItems()).isEmpty();
    }

    @Test
    void aMergePatchChangesAJobAndAStaleVersionIsRefused() throws Exception {
        JobView job = jobs.createJob(new JobRequest().name("to-rename")
                .schedule(new ScheduleSpec().type(ScheduleSpec.TypeEnum.CRON).cron("0 0 1 1 *"))
                .target(new TargetSpec().url(receiver.url("/never"))), null);
        String version = "\"" + job.getVersion() + "\"";
        ObjectNode patch = JsonNodeFactory.instance.objectNode().put("name", "renamed");
        patch.putObject("labels").put("team", "billing");

        JobView renamed = jobs.updateJob(job.getId(), patch, version);
        assertThat(renamed.getName()).isEqualTo("renamed");
        assertThat(renamed.getLabels()).containsExactly(Map.entry("team", "billing"));
        assertThat(renamed.getVersion()).isGreaterThan(job.getVersion());

        ApiException stale = catchThrowableOfType(ApiException.class,
                () -> jobs.updateJob(job.getId(), patch, version));
        assertThat(stale.getCode()).isEqualTo(412);
        assertThat(Chronohook.problem(stale)).map(Problem::getCode).hasValue("version_conflict");
    }

    /** The job's one run, once it is in {@code state}. */
    private static RunView awaitRun(String jobId, String state) throws Exception {
        Await.until(() -> runs.listRuns(jobId, state, null, null).getItems().size() == 1, DELIVERY,
                () -> "runs " + runs.listRuns(jobId, null, null, null));
        return runs.getRun(runs.listRuns(jobId, state, null, null).getItems().getFirst().getId());
    }

    private record Page(List<String> ids, String nextCursor) {
    }

    /** A list call for the page after {@code cursor} (null: the first). */
    private interface PageCall {
        Page after(String cursor) throws ApiException;
    }

    /** Every page of a list, following {@code nextCursor} until there is none. */
    private static List<List<String>> pages(PageCall call) throws ApiException {
        List<List<String>> pages = new ArrayList<>();
        String cursor = null;
        do {
            Page page = call.after(cursor);
            assertThat(page.ids()).hasSizeLessThanOrEqualTo(2);
            pages.add(page.ids());
            cursor = page.nextCursor();
            assertThat(pages).as("pages read").hasSizeLessThan(10);
        } while (cursor != null);
        return pages;
    }

    private static void assertCompleteWithoutOverlap(List<List<String>> pages, Set<String> expected) {
        assertThat(pages).hasSizeGreaterThanOrEqualTo(2);
        List<String> all = pages.stream().flatMap(List::stream).toList();
        assertThat(all).doesNotHaveDuplicates();
        assertThat(all).containsExactlyInAnyOrderElementsOf(expected);
    }

    private static Map<String, List<String>> multimap(Map<String, String> headers) {
        Map<String, List<String>> multimap = new HashMap<>();
        headers.forEach((name, value) -> multimap.put(name.toLowerCase(Locale.ROOT), List.of(value)));
        return multimap;
    }

    /** One request the receiver got, with the status it answered; header names as the receiver's server spells them. */
    private record Callback(String path, Map<String, String> headers, byte[] body, int status) {

        String header(String name) {
            return headers.entrySet().stream().filter(header -> header.getKey().equalsIgnoreCase(name))
                    .map(Map.Entry::getValue).findFirst().orElse(null);
        }
    }

    /**
     * A webhook endpoint on a loopback port that keeps every request whole (headers and raw body, which a signature
     * check needs) and answers each path with a status the test sets (200 unless told).
     */
    private static final class RecordingReceiver implements AutoCloseable {

        private final Map<String, Integer> statuses = new ConcurrentHashMap<>();
        private final ConcurrentLinkedQueue<Callback> callbacks = new ConcurrentLinkedQueue<>();
        private final HttpServer server;

        RecordingReceiver() throws IOException {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            server.createContext("/", exchange -> {
                byte[] body;
                try (InputStream in = exchange.getRequestBody()) {
                    body = in.readAllBytes();
                }
                Map<String, String> headers = new HashMap<>();
                exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, String.join(",", values)));
                String path = exchange.getRequestURI().getPath();
                int status = statuses.getOrDefault(path, 200);
                callbacks.add(new Callback(path, Map.copyOf(headers), body, status));
                exchange.sendResponseHeaders(status, -1);
                exchange.close();
            });
            server.start();
        }

        String url(String path) {
            return "http://127.0.0.1:" + server.getAddress().getPort() + path;
        }

        void answer(String path, int status) {
            statuses.put(path, status);
        }

        List<Callback> at(String path) {
            return callbacks.stream().filter(callback -> callback.path().equals(path)).toList();
        }

        Callback only(String path) {
            List<Callback> at = at(path);
            assertThat(at).hasSize(1);
            return at.getFirst();
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }
}
