package io.chronohook.dashboard.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import io.chronohook.dashboard.support.SignedInClient;
import org.junit.jupiter.api.Test;

class JobsViewerTest extends PageTest {

    JobsViewerTest() {
        super(BACKEND);
    }

    private static final String VIEWER_ME = StubBackend.OWNER_ME.replace("\"owner\"", "\"viewer\"")
            .replace("[\"admin\",\"jobs:read\",\"jobs:write\"]", "[\"jobs:read\"]");

    private static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .get("/api/v1/me", (request, response) -> StubBackend.json(response, 200, VIEWER_ME))
            .get("/api/v1/jobs/activity", (request, response) -> StubBackend.json(response, 200,
                    "{\"items\":[],\"nextCursor\":null}"))
            .get("/api/v1/jobs/" + JobJson.NIGHTLY_ID + "/runs", (request, response) -> StubBackend.json(response, 200,
                    "{\"items\":[],\"nextCursor\":null}"))
            .get("/api/v1/jobs/" + JobJson.NIGHTLY_ID, (request, response) -> StubBackend.json(response, 200,
                    JobJson.NIGHTLY))
            .get("/api/v1/jobs", (request, response) -> StubBackend.json(response, 200,
                    "{\"items\":[" + JobJson.NIGHTLY + "],\"nextCursor\":null}")));

    @Test
    void aViewerSeesTheJobsWithoutTheButtonsTheyCannotUse() {
        String list = new SignedInClient(port).page("/jobs", 200);
        String detail = new SignedInClient(port).page("/jobs/" + JobJson.NIGHTLY_ID, 200);

        assertThat(list).contains("nightly-report").doesNotContain("id=\"new-job\"");
        assertThat(detail).contains("every day at 02:00 Europe/Berlin").contains("No runs yet.")
                .doesNotContain("id=\"pause-job\"").doesNotContain("id=\"trigger-job\"")
                .doesNotContain("id=\"edit-job\"").doesNotContain("id=\"delete-job\"");
    }
}
