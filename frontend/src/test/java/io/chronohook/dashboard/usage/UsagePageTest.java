package io.chronohook.dashboard.usage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicReference;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import io.chronohook.dashboard.support.SignedInClient;
import org.junit.jupiter.api.Test;

class UsagePageTest extends PageTest {

    UsagePageTest() {
        super(BACKEND);
    }

    /** A plan as the backend sends it, with the figures its invoice repeats. */
    private record Plan(String code, long priceCents, long included, String json) {
    }

    private static final Plan PRO = new Plan("pro", 2900, 1_000_000, """
            {"code":"pro","name":"Pro","maxJobs":2000,"executionsPerMonth":1000000,"dispatchRatePerSecond":50,
             "dispatchBurst":200,"fairShareWeight":4,"minIntervalSeconds":10,"maxPayloadBytes":262144,
             "historyRetentionDays":30,"apiRequestsPerSecond":50,"monthlyPriceCents":2900,"overageCentsPer1000":50}""");
    private static final Plan FREE = new Plan("free", 0, 10_000, """
            {"code":"free","name":"Free","maxJobs":25,"executionsPerMonth":10000,"dispatchRatePerSecond":5,
             "dispatchBurst":20,"fairShareWeight":1,"minIntervalSeconds":60,"maxPayloadBytes":65536,
             "historyRetentionDays":7,"apiRequestsPerSecond":10,"monthlyPriceCents":0,"overageCentsPer1000":0}""");

    private static final AtomicReference<String> USAGE = new AtomicReference<>();

    private static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .get("/api/v1/usage", (request, response) -> StubBackend.json(response, 200, USAGE.get())));

    private String usagePage(Plan plan, long executions, long jobs, boolean capped, long held, long overageCents,
                             long totalCents) {
        USAGE.set("""
                {"plan":%s,"periodStart":"2026-11-01T00:00:00Z","periodEnd":"2026-12-01T00:00:00Z",
                 "executions":%d,"attempts":1300450,"jobs":%d,"capped":%b,"quotaExceededRuns":%d,
                 "days":[{"day":"2026-11-02","executions":5000},{"day":"2026-11-03","executions":7500}],
                 "invoice":{"plan":"%s","monthlyPriceCents":%d,"includedExecutions":%d,"executions":%d,
                            "overageExecutions":%d,"overageCents":%d,"totalCents":%d}}"""
                .formatted(plan.json(), executions, jobs, capped, held, plan.code(), plan.priceCents(),
                        plan.included(), executions, Math.max(0, executions - plan.included()), overageCents,
                        totalCents));
        return new SignedInClient(port).page("/usage", 200);
    }

    private static String section(String page, String id) {
        int start = page.indexOf("id=\"" + id + "\"");
        assertThat(start).as("element #" + id).isNotNegative();
        return page.substring(start, page.indexOf("</section>", start));
    }

    @Test
    void theExecutionsAndJobsCardsShowUseAgainstThePlanWithBars() {
        String page = usagePage(PRO, 250_000, 7, false, 0, 0, 2900);

        assertThat(page).contains("<strong>Pro</strong> plan · billing period 1 Nov – 30 Nov 2026 (UTC)");
        assertThat(section(page, "usage-executions"))
                .contains("<div class=\"value\">250,000</div>")
                .contains("of 1,000,000 included · 25%")
                .contains("<div class=\"bar\" aria-hidden=\"true\"><span style=\"width: 25%\"></span></div>")
                .doesNotContain("bar over");
        assertThat(section(page, "usage-jobs")).contains("<div class=\"value\">7</div>").contains("of 2,000 allowed");
        assertThat(section(page, "usage-attempts")).contains("1,300,450");
    }

    @Test
    void executionsPastTheIncludedOnesMarkTheBarAsOverAndSayByHowMuch() {
        String page = usagePage(PRO, 1_250_000, 7, false, 0, 12500, 15400);

        assertThat(section(page, "usage-executions"))
                .contains("<div class=\"bar over\" aria-hidden=\"true\"><span style=\"width: 100%\"></span></div>")
                .contains("of 1,000,000 included · 125%")
                .contains("Over the included executions by 250,000 — billed as overage");
    }

    @Test
    void theInvoicePreviewShowsMoneyFromCentsAsDollarsAndCents() {
        String page = usagePage(PRO, 3_468_001, 7, false, 0, 123450, 126350);

        assertThat(section(page, "invoice-title"))
                .contains("<td class=\"num\">$29.00</td>")
                .contains("<td class=\"num\">2,468,001</td>")
                .contains("<span class=\"sub\">$0.50 per 1,000</span>")
                .contains("<td class=\"num\">$1,234.50</td>")
                .contains("<td class=\"num\" id=\"invoice-total\">$1,263.50</td>");
    }

    @Test
    void aCappedPlanShowsTheRunsHeldForQuotaAndWhyTheyWait() {
        String page = usagePage(FREE, 10_000, 25, true, 42, 0, 0);

        assertThat(section(page, "usage-held"))
                .contains("<div class=\"value\">42</div>")
                .contains("id=\"usage-capped\">capped</span>")
                .contains("held as <em>quota exceeded</em>");
        assertThat(page).contains("id=\"invoice-total\">$0.00</td>");
    }

    @Test
    void theDailyChartHasOneColumnPerDayOfThePeriodWithATooltip() {
        String page = usagePage(PRO, 12_500, 7, false, 0, 0, 2900);

        assertThat(page)
                .contains("<svg class=\"usage-chart\" viewBox=\"0 0 360 120\"")
                .contains("aria-label=\"Executions per day from 1 Nov to 30 Nov 2026: 12,500 in total, most on 3 Nov (7,500).\"")
                .contains("<title>Mon 2 Nov: 5,000 executions</title>")
                .contains("<title>Tue 3 Nov: 7,500 executions</title>")
                .contains("<title>Wed 4 Nov: 0 executions</title>");
        assertThat(page.split("<rect class=\"hit\"", -1)).hasSize(31);
        assertThat(page.split("<rect class=\"day\"", -1)).hasSize(3);
    }

    @Test
    void thePlanLimitsTableSpellsOutRatesSizesAndIntervals() {
        String page = usagePage(FREE, 10, 1, true, 0, 0, 0);

        assertThat(section(page, "limits-title"))
                .contains("<strong>5 runs/s, bursts of 20</strong>")
                .contains("<th scope=\"row\">Fair-share weight</th><td><strong>1</strong>")
                .contains("<strong>1 min</strong>")
                .contains("<strong>64 KiB</strong>")
                .contains("<strong>7 days</strong>")
                .contains("<strong>10 requests/s</strong>");
    }
}
