package io.chronohook.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class TableTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void alignsEveryColumnToItsWidestCellTwoSpacesApartWithoutTrailingSpaces() {
        String rendered = Table.withHeaders("ID", "STATE", "NAME")
                .row("job_1", "active", "nightly-report")
                .row("job_22222", "paused", "x")
                .render();

        assertThat(rendered).isEqualTo("""
                ID         STATE   NAME
                job_1      active  nightly-report
                job_22222  paused  x
                """);
    }

    @Test
    void showsAbsentValuesAsADash() {
        assertThat(Table.withHeaders("A", "B").row(null, "b").render()).isEqualTo("""
                A  B
                -  b
                """);
    }

    @Test
    void cutsALongCellWithAnEllipsisAtSixtyCharacters() {
        String rendered = Table.withHeaders("URL").row("https://example.com/" + "a".repeat(100)).render();

        String cell = rendered.lines().toList().get(1);
        assertThat(cell).hasSize(Table.WIDEST_CELL).endsWith("…").startsWith("https://example.com/aaa");
    }

    @Test
    void turnsLineBreaksAndEscapeSequencesOfTheApisTextIntoSpaces() {
        String rendered = Table.withHeaders("ERROR").row("connection\nreset \u001b[31mred").render();

        assertThat(rendered).isEqualTo("""
                ERROR
                connection reset  [31mred
                """);
    }

    @Test
    void buildsRowsFromJsonWithColumnsNamingFieldsByPath() throws Exception {
        JsonNode job = JSON.readTree("""
                {"id":"job_1","target":{"url":"https://example.com/hook"},
                 "nextRunAt":"2026-11-26T15:40:09.123456Z","lastRun":null}""");
        List<Column<JsonNode>> columns = List.of(Column.field("ID", "id"), Column.field("TARGET", "target.url"),
                Column.instant("NEXT RUN", "nextRunAt"), Column.field("LAST", "lastRun.id"));

        assertThat(Table.of(columns, List.of(job)).render()).isEqualTo("""
                ID     TARGET                    NEXT RUN              LAST
                job_1  https://example.com/hook  2026-11-26T15:40:09Z  -
                """);
    }

    @Test
    void aKeyValueBlockLeavesAbsentValuesOutAndNeverCutsOne() {
        String longUrl = "https://example.com/" + "b".repeat(100);

        String rendered = Details.of().add("id", "job_1").add("paused reason", null).add("target", longUrl).render();

        assertThat(rendered).isEqualTo("id:      job_1\ntarget:  " + longUrl + "\n");
    }
}
