package io.chronohook.account;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** Account settings: the plan self-service sign-ups start on ({@code chronohook.billing.default-plan}). */
@ConfigurationProperties("chronohook.billing")
public record AccountProperties(@DefaultValue("free") String defaultPlan) {

    public AccountProperties {
        if (defaultPlan == null || !defaultPlan.matches("[a-z][a-z0-9_-]{1,31}")) {
            throw new IllegalArgumentException("chronohook.billing.default-plan must be a plan code such as free");
        }
    }
}
