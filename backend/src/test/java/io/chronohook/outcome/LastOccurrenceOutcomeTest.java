package io.chronohook.outcome;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.JobId;
import io.chronohook.job.JobStore;
import io.chronohook.pipeline.DispatchLoop;
import io.chronohook.platform.PrefixedIds;
import io.chronohook.schedule.FinishedAttempt;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunState;
import io.chronohook.schedule.RunStore;
import io.chronohook.support.NoOutcomeListener;
import io.chronohook.support.ReceiverApiTest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/**
 * The outcome recorder hands the jobs of runs that ended as their job's last occurrence over to be completed once
 * the batch that ended them is written (beside the next batches, and before the recorder closes), and only those: not
 * a run going back to wait for a retry, not a run of a job with occurrences left. While deliveries come first they
 * wait, and go out together once they no longer do, or when the recorder closes.
 */
class LastOccurrenceOutcomeTest extends ReceiverApiTest {

    @Autowired
    DatabaseClient db;

    @Autowired
    RunStore runs;

    @Autowired
    JobStore jobs;

    @Autowired
    DispatchLoop.Gate gate;

    private final Map<String, UUID> heldRuns = new HashMap<>();

    @Test
    void theJobsOfRunsThatEndedAsTheirLastOccurrenceAreHandedOverWithTheirBatchAndCompleted() throws Exception {
        TestTenant tenant = signUp();
        String ended = standbyJob(tenant, "/unused", Map.of("maxAttempts", 3));
        String retried = standbyJob(tenant, "/unused", Map.of("maxAttempts", 3));
        String recurring = standbyJob(tenant, "/unused", Map.of("maxAttempts", 3));
        UUID endedRun = HeldRuns.hold(db, ended);
        UUID retriedRun = HeldRuns.hold(db, retried);
        UUID recurringRun = HeldRuns.hold(db, recurring);
        // Their one occurrence planned: none left (the jobs of the runs held, once those are in flight).
        for (String job : List.of(ended, retried)) {
            db.sql("update job set next_fire_at = null where id = :id").bind("id", uuid(job)).then().block();
        }
        List<List<JobId>> handed = new CopyOnWriteArrayList<>();
        OutcomeRecorder recorder = new OutcomeRecorder(runs, gate.backlog(), gone -> Mono.empty(), ids -> {
            handed.add(ids);
            return jobs.completeIfFinished(ids);
        }, () -> false, Clock.systemUTC(), 100, Duration.ofSeconds(1), recorded -> { }, new NoOutcomeListener());
        CountDownLatch written = new CountDownLatch(3);
        try {
            Instant now = Instant.now();
            recorder.submit(attempt(tenant, endedRun, ended, RunState.SUCCEEDED, null, true, now), written::countDown);
            recorder.submit(attempt(tenant, retriedRun, retried, RunState.RETRY_WAIT, now.plusSeconds(3600), true, now),
                    written::countDown);
            recorder.submit(attempt(tenant, recurringRun, recurring, RunState.SUCCEEDED, null, false, now),
                    written::countDown);
            assertThat(written.await(10, TimeUnit.SECONDS)).isTrue();
        } finally {
            recorder.close();
        }

        assertThat(handed).containsExactly(List.of(new JobId(uuid(ended))));
        assertThat(HeldRuns.state(db, endedRun)).isEqualTo("succeeded");
        assertThat(HeldRuns.state(db, retriedRun)).isEqualTo("retry_wait");
        assertThat(jobState(ended)).isEqualTo("completed");
        assertThat(jobState(retried)).isEqualTo("active");
        assertThat(jobState(recurring)).isEqualTo("active");
    }

    @Test
    void completionsWaitWhileDeliveriesComeFirstAndGoOutOnceTheyNoLongerDo() throws Exception {
        TestTenant tenant = signUp();
        AtomicBoolean deliveriesFirst = new AtomicBoolean(true);
        List<String> jobIds = endedJobs(tenant, 2);
        List<List<JobId>> handed = new CopyOnWriteArrayList<>();
        OutcomeRecorder recorder = new OutcomeRecorder(runs, gate.backlog(), gone -> Mono.empty(), ids -> {
            handed.add(ids);
            return jobs.completeIfFinished(ids);
        }, deliveriesFirst::get, Clock.systemUTC(), 100, Duration.ofMillis(20), recorded -> { },
                new NoOutcomeListener());
        try {
            submitEnded(recorder, tenant, jobIds.subList(0, 1));
            Thread.sleep(1000);
            submitEnded(recorder, tenant, jobIds.subList(1, 2));
            Thread.sleep(500);
            assertThat(handed).as("no completion while deliveries come first").isEmpty();

            deliveriesFirst.set(false);
            await().atMost(Duration.ofSeconds(5)).until(() -> !handed.isEmpty());
            assertThat(handed).as("the jobs held, together").containsExactly(
                    jobIds.stream().map(job -> new JobId(uuid(job))).toList());
            await().atMost(Duration.ofSeconds(5)).until(() -> jobIds.stream()
                    .allMatch(job -> "completed".equals(jobState(job))));
        } finally {
            recorder.close();
        }
    }

    @Test
    void completionsHeldForDeliveriesAreWrittenWhenTheRecorderCloses() throws Exception {
        TestTenant tenant = signUp();
        List<String> jobIds = endedJobs(tenant, 1);
        List<JobId> handed = new CopyOnWriteArrayList<>();
        OutcomeRecorder recorder = new OutcomeRecorder(runs, gate.backlog(), gone -> Mono.empty(), ids -> {
            handed.addAll(ids);
            return jobs.completeIfFinished(ids);
        }, () -> true, Clock.systemUTC(), 100, Duration.ofMillis(20), recorded -> { }, new NoOutcomeListener());
        try {
            submitEnded(recorder, tenant, jobIds);
            Thread.sleep(500);
            assertThat(handed).isEmpty();
        } finally {
            recorder.close(Duration.ofSeconds(5));
        }

        assertThat(handed).containsExactly(new JobId(uuid(jobIds.getFirst())));
    }

    /** One-shot jobs each with a run in flight and no occurrence left. */
    private List<String> endedJobs(TestTenant tenant, int count) {
        List<String> jobIds = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String job = standbyJob(tenant, "/unused", Map.of("maxAttempts", 1));
            heldRuns.put(job, HeldRuns.hold(db, job));
            db.sql("update job set next_fire_at = null where id = :id").bind("id", uuid(job)).then().block();
            jobIds.add(job);
        }
        return jobIds;
    }

    /** The runs of {@code jobIds} succeeded as their jobs' last occurrences; returns once their batch is written. */
    private void submitEnded(OutcomeRecorder recorder, TestTenant tenant, List<String> jobIds) throws Exception {
        CountDownLatch written = new CountDownLatch(jobIds.size());
        Instant now = Instant.now();
        for (String job : jobIds) {
            recorder.submit(attempt(tenant, heldRuns.get(job), job, RunState.SUCCEEDED, null, true, now),
                    written::countDown);
        }
        assertThat(written.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void jobsWaitingToBeCompletedAreBoundedTheRestLeftToTheCompleter() throws Exception {
        TestTenant tenant = signUp();
        int batches = OutcomeRecorder.COMPLETIONS_QUEUED_BATCHES;
        List<String> jobIds = new ArrayList<>();
        List<UUID> runIds = new ArrayList<>();
        for (int i = 0; i < batches + 10; i++) {
            String job = standbyJob(tenant, "/unused", Map.of("maxAttempts", 1));
            jobIds.add(job);
            runIds.add(HeldRuns.hold(db, job));
        }
        List<JobId> handed = new CopyOnWriteArrayList<>();
        // Batches of one, gathered for 3 s: the outcomes are all written (one after the other, without waiting)
        // before the first completion is taken, so the queue fills up; the completions then go out 3 s apart.
        OutcomeRecorder recorder = new OutcomeRecorder(runs, gate.backlog(), gone -> Mono.empty(), ids -> {
            handed.addAll(ids);
            return Mono.just(0L);
        }, () -> false, Clock.systemUTC(), 1, Duration.ofSeconds(3), recorded -> { }, new NoOutcomeListener());
        CountDownLatch written = new CountDownLatch(jobIds.size());
        try {
            Instant now = Instant.now();
            for (int i = 0; i < jobIds.size(); i++) {
                recorder.submit(attempt(tenant, runIds.get(i), jobIds.get(i), RunState.SUCCEEDED, null, true, now),
                        written::countDown);
            }
            assertThat(written.await(20, TimeUnit.SECONDS)).isTrue();
        } finally {
            recorder.close(Duration.ofSeconds(40));
        }

        assertThat(handed).as("a batch's worth for each of the batches that may wait, the rest left")
                .containsExactlyElementsOf(jobIds.subList(0, batches).stream().map(job -> new JobId(uuid(job)))
                        .toList());
    }

    private static FinishedAttempt attempt(TestTenant tenant, UUID run, String job, RunState state, Instant nextDue,
                                           boolean lastOccurrence, Instant now) {
        return new FinishedAttempt(new RunId(run), TenantId.parse(tenant.tenantId()).orElseThrow(),
                new JobId(uuid(job)), 1, state, nextDue, true, now.minusMillis(30), now.minusMillis(10), now,
                state == RunState.SUCCEEDED ? 200 : 503, 30, state == RunState.SUCCEEDED ? "delivered" : "rejected",
                null, null, null, null, "example.com", false, lastOccurrence, null);
    }

    private String jobState(String job) {
        return db.sql("select state from job where id = :id").bind("id", uuid(job))
                .map(row -> row.get("state", String.class)).one().block();
    }

    private static UUID uuid(String job) {
        return PrefixedIds.parse(JobId.PREFIX, job).orElseThrow();
    }
}
