package io.chronohook.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class CellsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void readsStringsNumbersBooleansAndContainersAtADottedPath() throws Exception {
        JsonNode run = JSON.readTree("""
                {"id":"run_1","attempt":3,"capped":false,"labels":{"team":"billing"},"error":null}""");

        assertThat(Cells.text(run, "id")).isEqualTo("run_1");
        assertThat(Cells.text(run, "attempt")).isEqualTo("3");
        assertThat(Cells.text(run, "capped")).isEqualTo("false");
        assertThat(Cells.text(run, "labels")).isEqualTo("{\"team\":\"billing\"}");
        assertThat(Cells.text(run, "labels.team")).isEqualTo("billing");
        assertThat(Cells.text(run, "error")).isNull();
        assertThat(Cells.text(run, "missing.deeper")).isNull();
    }

    @Test
    void showsInstantsToTheSecondAndLeavesOtherTextAlone() {
        assertThat(Cells.instant("2026-11-26T15:40:09.987654Z")).isEqualTo("2026-11-26T15:40:09Z");
        assertThat(Cells.instant("2026-11-26T16:40:09+01:00")).isEqualTo("2026-11-26T15:40:09Z");
        assertThat(Cells.instant("tomorrow")).isEqualTo("tomorrow");
        assertThat(Cells.instant(null)).isNull();
    }
}
