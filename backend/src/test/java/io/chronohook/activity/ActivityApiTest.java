package io.chronohook.activity;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TestReceiver.Reply;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/** {@code GET /api/v1/jobs/activity}: hourly succeeded and dead runs of the caller's jobs, after real deliveries. */
class ActivityApiTest extends ReceiverApiTest {

    @Test
    void countsRunsThatSucceededAndDiedPerHourForTheCallersJobsOnly() {
        TestTenant tenant = signUp();
        TestTenant other = signUp();
        receiver.script("/ok", r -> new Reply(200, "ok"));
        receiver.script("/bad", r -> new Reply(400, "no such customer"));
        String ok = standbyJob(tenant, "/ok", Map.of("maxAttempts", 1));
        String bad = standbyJob(tenant, "/bad", Map.of("maxAttempts", 1));
        String idle = standbyJob(tenant, "/ok", Map.of("maxAttempts", 1));
        String foreign = standbyJob(other, "/ok", Map.of("maxAttempts", 1));
        trigger(tenant, ok, 3);
        trigger(tenant, bad, 2);
        trigger(other, foreign, 1);
        awaitRuns(tenant, ok, "succeeded", 3);
        awaitRuns(tenant, bad, "dead", 2);
        awaitRuns(other, foreign, "succeeded", 1);

        Instant hourBefore = Instant.now().truncatedTo(ChronoUnit.HOURS);
        List<?> items = activity(tenant, "jobId=" + ok + "," + bad + "&jobId=" + foreign + "&jobId=" + idle
                + "&hours=3");
        Instant hourAfter = Instant.now().truncatedTo(ChronoUnit.HOURS);

        assertThat(items.stream().map(item -> (Object) fields(item).get("jobId"))).containsExactly(ok, bad, idle);
        Map<String, Object> succeeded = fields(items.get(0));
        Map<String, Object> dead = fields(items.get(1));
        Map<String, Object> quiet = fields(items.get(2));
        assertThat(succeeded).containsEntry("succeeded", 3).containsEntry("failed", 0).containsEntry("successRate", 1.0);
        assertThat(dead).containsEntry("succeeded", 0).containsEntry("failed", 2).containsEntry("successRate", 0.0);
        assertThat(quiet).containsEntry("succeeded", 0).containsEntry("failed", 0).containsEntry("successRate", null);
        for (Map<String, Object> item : List.of(succeeded, dead, quiet)) {
            List<?> buckets = (List<?>) item.get("buckets");
            assertThat(buckets).hasSize(3);
            List<Instant> starts = buckets.stream()
                    .map(bucket -> Instant.parse((String) ((Map<?, ?>) bucket).get("start"))).toList();
            assertThat(starts.getLast()).isIn(hourBefore, hourAfter);
            assertThat(starts).containsExactly(starts.getLast().minus(Duration.ofHours(2)),
                    starts.getLast().minus(Duration.ofHours(1)), starts.getLast());
            assertThat(buckets.stream().mapToInt(bucket -> (Integer) ((Map<?, ?>) bucket).get("succeeded")).sum())
                    .isEqualTo(item.get("succeeded"));
            assertThat(buckets.stream().mapToInt(bucket -> (Integer) ((Map<?, ?>) bucket).get("failed")).sum())
                    .isEqualTo(item.get("failed"));
        }
        assertThat(activity(other, "jobId=" + foreign + "&jobId=" + ok)).singleElement()
                .satisfies(item -> assertThat(fields(item)).containsEntry("jobId", foreign)
                        .containsEntry("succeeded", 1));
    }

    @Test
    void badHoursAndMalformedMissingOrTooManyJobIdsAreRefusedNamingTheField() {
        TestTenant tenant = signUp();
        String unknown = randomJobId();

        for (String hours : List.of("0", "169", "soon")) {
            refused(tenant, "jobId=" + unknown + "&hours=" + hours, "hours");
        }
        refused(tenant, "jobId=job_nope", "jobId");
        refused(tenant, "hours=24", "jobId");
        String twoHundred = IntStream.range(0, 200).mapToObj(i -> randomJobId()).collect(Collectors.joining(","));
        assertThat(activity(tenant, "jobId=" + twoHundred + "&hours=168")).isEmpty();
        refused(tenant, "jobId=" + twoHundred + "&jobId=" + randomJobId(), "jobId");
    }

    private List<?> activity(TestTenant tenant, String query) {
        Map<?, ?> page = http.get().uri("/api/v1/jobs/activity?" + query)
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        return (List<?>) page.get("items");
    }

    private void refused(TestTenant tenant, String query, String field) {
        http.get().uri("/api/v1/jobs/activity?" + query).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.code").isEqualTo("invalid_request")
                .jsonPath("$.errors[0].field").isEqualTo(field);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> fields(Object json) {
        return (Map<String, Object>) json;
    }

    private static String randomJobId() {
        byte[] bytes = new byte[16];
        RandomGenerator.getDefault().nextBytes(bytes);
        return "job_" + HexFormat.of().formatHex(bytes);
    }
}
