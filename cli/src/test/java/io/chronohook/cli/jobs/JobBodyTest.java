package io.chronohook.cli.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.chronohook.cli.CliFailure;
import io.chronohook.cli.ExitCodes;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class JobBodyTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void optionsMakeAJobInTheApisShape() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Source", "chk");
        headers.put("X-Team", "billing");
        JobFields fields = new JobFields("nightly-report", "0 2 * * *", "Europe/Berlin", null, null, null,
                "https://example.com/hooks/report", "PUT", headers, "{\"report\":\"daily\"}", null,
                Map.of("team", "billing"), 3, "45s");

        ObjectNode job = JobBody.create(JSON.createObjectNode(), fields);

        assertThat(job.toString()).isEqualTo("{\"name\":\"nightly-report\","
                + "\"schedule\":{\"type\":\"cron\",\"cron\":\"0 2 * * *\",\"timeZone\":\"Europe/Berlin\"},"
                + "\"target\":{\"url\":\"https://example.com/hooks/report\",\"method\":\"PUT\","
                + "\"body\":\"{\\\"report\\\":\\\"daily\\\"}\",\"headers\":{\"X-Source\":\"chk\",\"X-Team\":\"billing\"}},"
                + "\"labels\":{\"team\":\"billing\"},\"retry\":{\"maxAttempts\":3},\"timeout\":\"PT45S\"}");
    }

    @Test
    void intervalsOneShotsAndDelaysTakeShortDurations() {
        assertThat(schedule(fields(null, "30s", null, null))).isEqualTo("{\"type\":\"interval\",\"every\":\"PT30S\"}");
        assertThat(schedule(fields(null, "P1D", null, null))).isEqualTo("{\"type\":\"interval\",\"every\":\"P1D\"}");
        assertThat(schedule(fields(null, null, "2027-01-01T09:00:00Z", null)))
                .isEqualTo("{\"type\":\"at\",\"at\":\"2027-01-01T09:00:00Z\"}");
        assertThat(schedule(fields(null, null, null, "2h"))).isEqualTo("{\"type\":\"delay\",\"delay\":\"PT2H\"}");
    }

    @Test
    void optionsAreLaidOverTheFileKeepingWhatTheyDoNotName() throws Exception {
        ObjectNode file = (ObjectNode) JSON.readTree("""
                {"name":"from-file","schedule":{"type":"cron","cron":"0 * * * *"},
                 "target":{"url":"https://example.com/a","headers":{"X-A":"1"}},"overlapPolicy":"skip"}""");
        JobFields fields = new JobFields("from-options", null, "Asia/Tokyo", null, null, null, null, null,
                Map.of("X-B", "2"), null, null, null, null, null);

        ObjectNode job = JobBody.create(file, fields);

        assertThat(job.toString()).isEqualTo("{\"name\":\"from-options\","
                + "\"schedule\":{\"type\":\"cron\",\"cron\":\"0 * * * *\",\"timeZone\":\"Asia/Tokyo\"},"
                + "\"target\":{\"url\":\"https://example.com/a\",\"headers\":{\"X-A\":\"1\",\"X-B\":\"2\"}},"
                + "\"overlapPolicy\":\"skip\"}");
        assertThat(file.path("name").asString()).as("the file's object is left as read").isEqualTo("from-file");
    }

    @Test
    void aPatchToAnotherScheduleKindClearsTheFieldsOfTheCurrentOne() {
        ObjectNode toInterval = JobBody.patch(JSON.createObjectNode(), fields(null, "PT1M", null, null));
        ObjectNode toOneShot = JobBody.patch(JSON.createObjectNode(), fields(null, null, "2027-01-01T00:00:00Z", null));
        ObjectNode toCron = JobBody.patch(JSON.createObjectNode(), fields("*/5 * * * *", null, null, null));

        assertThat(toInterval.toString()).isEqualTo("{\"schedule\":{\"type\":\"interval\",\"every\":\"PT1M\","
                + "\"cron\":null,\"timeZone\":null,\"at\":null,\"delay\":null}}");
        assertThat(toOneShot.toString()).isEqualTo("{\"schedule\":{\"type\":\"at\",\"at\":\"2027-01-01T00:00:00Z\","
                + "\"cron\":null,\"timeZone\":null,\"delay\":null,\"every\":null,\"startAt\":null,\"endAt\":null,"
                + "\"maxRuns\":null}}");
        assertThat(toCron.toString()).as("a new expression keeps the job's time zone")
                .isEqualTo("{\"schedule\":{\"type\":\"cron\",\"cron\":\"*/5 * * * *\",\"at\":null,\"delay\":null,"
                        + "\"every\":null}}");
    }

    @Test
    void aPatchOfTheTimeZoneAloneChangesOnlyIt() {
        JobFields zone = new JobFields(null, null, "UTC", null, null, null, null, null, null, null, null, null, null,
                null);

        assertThat(JobBody.patch(JSON.createObjectNode(), zone).toString())
                .isEqualTo("{\"schedule\":{\"timeZone\":\"UTC\"}}");
    }

    @Test
    void twoSchedulesOrAZoneWithoutACronAreUsageErrors() {
        assertThatThrownBy(() -> JobBody.create(JSON.createObjectNode(), fields("* * * * *", "1m", null, null)))
                .isInstanceOfSatisfying(CliFailure.class, failure -> {
                    assertThat(failure.exitCode()).isEqualTo(ExitCodes.USAGE);
                    assertThat(failure.getMessage()).contains("--cron, --every");
                });
        JobFields zoneOnly = new JobFields(null, null, "UTC", null, null, null, null, null, null, null, null, null,
                null, null);
        assertThatThrownBy(() -> JobBody.create(JSON.createObjectNode(), zoneOnly))
                .isInstanceOf(CliFailure.class).hasMessageContaining("--timezone needs a schedule");
    }

    private static JobFields fields(String cron, String every, String at, String delay) {
        return new JobFields(null, cron, null, every, at, delay, null, null, null, null, null, null, null, null);
    }

    private static String schedule(JobFields fields) {
        return JobBody.create(JSON.createObjectNode(), fields).path("schedule").toString();
    }
}
