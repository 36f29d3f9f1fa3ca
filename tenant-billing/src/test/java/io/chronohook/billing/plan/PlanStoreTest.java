package io.chronohook.billing.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.billing.support.FreshSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class PlanStoreTest {

    private static FreshSchema schema;
    private static PlanStore plans;

    @BeforeAll
    static void migrate() {
        schema = FreshSchema.migrated();
        plans = new PlanStore(schema.client());
    }

    @AfterAll
    static void drop() throws Exception {
        schema.close();
    }

    @Test
    void theCatalogueIsSeededWithFreeProBusinessAndUnlimited() {
        assertThat(plans.findAll().map(Plan::code).collectList().block())
                .contains("free", "pro", "business", "unlimited");
    }

    @Test
    void paidPlansGrantMoreThanTheFreePlan() {
        Plan free = plans.find("free").block();
        Plan pro = plans.find("pro").block();

        assertThat(free.monthlyPriceCents()).isZero();
        assertThat(pro.maxJobs()).isGreaterThan(free.maxJobs());
        assertThat(pro.executionsPerMonth()).isGreaterThan(free.executionsPerMonth());
        assertThat(pro.fairShareWeight()).isGreaterThan(free.fairShareWeight());
        assertThat(pro.minIntervalSeconds()).isLessThan(free.minIntervalSeconds());
    }

    @Test
    void anOperatorCanAddAPlanAndChangeItsLimits() {
        Plan team = new Plan("team", "Team", 100, 50_000, 20, 50, 2, 30, 131072, 14, 20, 900, 40);
        plans.save(team).block();
        plans.save(new Plan("team", "Team", 200, 50_000, 20, 50, 2, 30, 131072, 14, 20, 900, 40)).block();

        assertThat(plans.find("team").block().maxJobs()).isEqualTo(200);
    }

    @Test
    void anUnknownPlanIsEmpty() {
        assertThat(plans.find("platinum").blockOptional()).isEmpty();
    }
}
