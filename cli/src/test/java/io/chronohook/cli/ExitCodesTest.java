package io.chronohook.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExitCodesTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "400, 3", "404, 3", "409, 3", "410, 3", "412, 3", "413, 3", "422, 3", "429, 3",
            "401, 4", "403, 4",
            "500, 5", "502, 5", "503, 5", "504, 5",
            "301, 5", "302, 5"})
    void mapsEveryRefusalOfTheApiToTheDocumentedExitCode(int status, int exitCode) {
        assertThat(ExitCodes.forStatus(status)).isEqualTo(exitCode);
    }
}
