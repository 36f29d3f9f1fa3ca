package io.chronohook.cli.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.cli.ExitCodes;
import org.junit.jupiter.api.Test;

class ProblemTest {

    @Test
    void aValidationProblemNamesEachInvalidFieldOnItsOwnLine() {
        Problem problem = Problem.of(400, """
                {"type":"urn:problem:chronohook:invalid_request","title":"Bad Request","status":400,
                 "detail":"2 fields are invalid: schedule.cron expected 5 fields, and one more",
                 "code":"invalid_cron","instance":"/api/v1/jobs",
                 "errors":[{"field":"schedule.cron","message":"expected 5 fields (or 6 with seconds), got 4"},
                           {"field":"target.url","message":"must be https"}]}""");

        assertThat(problem.describe()).containsExactly(
                "400 Bad Request: 2 fields are invalid: schedule.cron expected 5 fields, and one more (invalid_cron)",
                "  schedule.cron: expected 5 fields (or 6 with seconds), got 4",
                "  target.url: must be https");
        assertThat(new ApiRefusedException(problem).exitCode()).isEqualTo(ExitCodes.REFUSED);
    }

    @Test
    void aNotFoundProblemExitsWithTheRefusedCode() {
        Problem problem = Problem.of(404, """
                {"title":"Not Found","status":404,"detail":"job nonexistent-id does not exist","code":"not_found"}""");

        assertThat(problem.describe()).containsExactly("404 Not Found: job nonexistent-id does not exist (not_found)");
        assertThat(new ApiRefusedException(problem).exitCode()).isEqualTo(ExitCodes.REFUSED);
    }

    @Test
    void aRefusedOrInsufficientCredentialExitsWithTheCredentialCode() {
        assertThat(new ApiRefusedException(Problem.of(401, "{\"title\":\"Unauthorized\",\"code\":\"unauthorized\"}"))
                .exitCode()).isEqualTo(ExitCodes.CREDENTIAL);
        assertThat(new ApiRefusedException(Problem.of(403, "{\"title\":\"Forbidden\",\"code\":\"forbidden\"}"))
                .exitCode()).isEqualTo(ExitCodes.CREDENTIAL);
    }

    @Test
    void anAnswerThatIsNotAProblemIsDescribedByItsStatusAndText() {
        Problem gateway = Problem.of(502, "<html>\n<body>Bad gateway</body>\n</html>");
        Problem empty = Problem.of(503, "");

        assertThat(gateway.describe()).containsExactly("502 Bad Gateway: <html> <body>Bad gateway</body> </html>");
        assertThat(new ApiRefusedException(gateway).exitCode()).isEqualTo(ExitCodes.UNAVAILABLE);
        assertThat(empty.describe()).containsExactly("503 Service Unavailable");
    }
}
