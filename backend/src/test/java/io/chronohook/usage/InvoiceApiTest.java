package io.chronohook.usage;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * Invoices: last month's is closed from that month's usage counters on the tenant's plan and stored; the current
 * month is an open preview; each exports as JSON and as CSV, and bad input is a problem naming the field.
 */
class InvoiceApiTest extends ApiTest {

    @Autowired
    DatabaseClient db;

    @Autowired
    InvoiceCloser closer;

    @Test
    void lastMonthsInvoiceIsClosedFromItsUsageAndExportsAsJsonAndCsv() {
        // 1,000 executions included, 25 cents per started thousand beyond them, no monthly fee.
        operatorPlan("invoice-test", 1, 1000, 1000, 1000, 25);
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "invoice-test").expectStatus().isOk();
        UUID id = tenantUuid(tenant.tenantId());
        YearMonth current = YearMonth.now(ZoneOffset.UTC);
        YearMonth last = current.minusMonths(1);
        db.sql("update tenant set created_at = :at where id = :id")
                .bind("at", last.atDay(1).atStartOfDay().atOffset(ZoneOffset.UTC)).bind("id", id).then().block();
        usage(id, last.atDay(3), 1200, 1500, 90_000);
        usage(id, last.atEndOfMonth(), 1100, 1100, 60_000);
        usage(id, current.atDay(1), 40, 44, 3_000);

        while (closer.runOnce().block() > 0) {
            // every tenant of the installation waiting for last month's invoice gets it
        }
        assertThat(closer.runOnce().block()).isZero();

        Map<?, ?> page = get(tenant, "/api/v1/invoices");
        List<?> items = (List<?>) page.get("items");
        assertThat(items).hasSize(2);
        Map<?, ?> open = (Map<?, ?>) items.get(0);
        assertThat(open.get("month")).isEqualTo(current.toString());
        assertThat(open.get("status")).isEqualTo("open");
        assertThat(number(open, "executions")).isEqualTo(40);
        assertThat(open.get("closedAt")).isNull();

        Map<?, ?> closed = get(tenant, "/api/v1/invoices/" + last);
        assertThat(closed).isEqualTo(items.get(1));
        assertThat(closed.get("status")).isEqualTo("closed");
        assertThat(closed.get("plan")).isEqualTo("invoice-test");
        assertThat(number(closed, "executions")).isEqualTo(2300);
        assertThat(number(closed, "attempts")).isEqualTo(2600);
        assertThat(number(closed, "egressBytes")).isEqualTo(150_000);
        assertThat(number(closed, "includedExecutions")).isEqualTo(1000);
        assertThat(number(closed, "overageExecutions")).isEqualTo(1300);
        assertThat(number(closed, "overageCents")).isEqualTo(50);
        assertThat(number(closed, "totalCents")).isEqualTo(50);
        assertThat(closed.get("closedAt")).isNotNull();

        // Closed means closed: a later change to the plan or to the month's counters leaves the invoice as it was.
        usage(id, last.atDay(3), 10_000, 0, 0);
        while (closer.runOnce().block() > 0) {
            // nothing for this tenant
        }
        assertThat(number(get(tenant, "/api/v1/invoices/" + last), "executions")).isEqualTo(2300);

        String csv = http.get().uri("/api/v1/invoices/{month}?format=csv", last.toString())
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith(MediaType.parseMediaType("text/csv"))
                .expectHeader().valueMatches("Content-Disposition", "attachment; filename=\"invoice-" + last + ".csv\"")
                .expectBody(String.class).returnResult().getResponseBody();
        assertThat(csv.split("\r\n")).containsExactly(
                "month,status,plan,monthly_price_cents,included_executions,executions,attempts,egress_bytes,"
                        + "overage_executions,overage_cents_per_1000,overage_cents,total_cents,closed_at",
                last + ",closed,invoice-test,0,1000,2300,2600,150000,1300,25,50,50," + closed.get("closedAt"));
        String all = http.get().uri("/api/v1/invoices?format=csv").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody();
        assertThat(all.split("\r\n")).hasSize(3);
    }

    @Test
    void aBadMonthOrFormatIsAProblemNamingTheFieldAndAMonthNotBegunIsNotFound() {
        TestTenant tenant = signUp();
        for (String[] call : new String[][] {{"/api/v1/invoices/october", "month"},
                {"/api/v1/invoices?format=xml", "format"}}) {
            http.get().uri(call[0]).header("Authorization", "Bearer " + tenant.apiKey())
                    .exchange().expectStatus().isBadRequest()
                    .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                    .expectBody().jsonPath("$.errors[0].field").isEqualTo(call[1]);
        }
        http.get().uri("/api/v1/invoices/{month}", YearMonth.now(ZoneOffset.UTC).plusMonths(1).toString())
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isNotFound();
    }

    private void usage(UUID tenant, LocalDate day, long executions, long attempts, long egress) {
        db.sql("""
                insert into usage_daily (tenant_id, day, executions, attempts, egress_bytes)
                values (:tenant, :day, :executions, :attempts, :egress)
                on conflict (tenant_id, day) do update
                   set executions = usage_daily.executions + excluded.executions,
                       attempts = usage_daily.attempts + excluded.attempts,
                       egress_bytes = usage_daily.egress_bytes + excluded.egress_bytes
                """).bind("tenant", tenant).bind("day", day).bind("executions", executions)
                .bind("attempts", attempts).bind("egress", egress).then().block();
    }

    private Map<?, ?> get(TestTenant tenant, String path) {
        return http.get().uri(path).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
    }

    private static long number(Map<?, ?> json, String field) {
        return ((Number) json.get(field)).longValue();
    }
}
