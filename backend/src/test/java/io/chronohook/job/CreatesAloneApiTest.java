package io.chronohook.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.chronohook.support.ApiTest;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/** With {@code chronohook.api.creates-together.most=1} every single create is a statement of its own. */
@TestPropertySource(properties = "chronohook.api.creates-together.most=1")
class CreatesAloneApiTest extends ApiTest {

    @Autowired
    private MeterRegistry meters;

    @Test
    void concurrentSingleCreatesEachGoAlone() throws Exception {
        operatorPlan("jobs-1m", 1, 100, 100, 1_000_000, 0);
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "jobs-1m").expectStatus().isOk();
        DistributionSummary perStatement = meters.find("chronohook.job.creates.per.statement").summary();
        long statementsBefore = perStatement.count();
        double jobsBefore = perStatement.totalAmount();

        assertThat(ConcurrentCreates.send(port, tenant.apiKey(), 64, 32)).extracting(HttpResponse::statusCode)
                .containsOnly(201);

        assertThat(perStatement.count() - statementsBefore).isEqualTo(64);
        assertThat(perStatement.totalAmount() - jobsBefore).isEqualTo(64.0);
    }

    @Test
    void theMostJobsAStatementMakesIsBetweenOneAnd256() {
        assertThatThrownBy(() -> new CreatesTogetherProperties(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("chronohook.api.creates-together.most");
        assertThatThrownBy(() -> new CreatesTogetherProperties(257)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new CreatesTogetherProperties(256).most()).isEqualTo(256);
    }
}
