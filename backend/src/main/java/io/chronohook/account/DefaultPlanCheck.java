package io.chronohook.account;

import io.chronohook.billing.plan.PlanStore;
import java.time.Duration;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/** Stops start-up when the configured sign-up plan is not in the catalogue, instead of failing every sign-up later. */
@Component
class DefaultPlanCheck implements ApplicationRunner {

    private final PlanStore plans;
    private final AccountProperties properties;

    DefaultPlanCheck(PlanStore plans, AccountProperties properties) {
        this.plans = plans;
        this.properties = properties;
    }

    @Override
    public void run(ApplicationArguments args) {
        if (plans.find(properties.defaultPlan()).blockOptional(Duration.ofSeconds(30)).isEmpty()) {
            throw new IllegalStateException("chronohook.billing.default-plan '" + properties.defaultPlan()
                    + "' is not a plan of the catalogue");
        }
    }
}
