package io.chronohook.job;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Single creates written together ({@code chronohook.api.creates-together.*}): the most jobs one statement makes of
 * the creates that arrived while others were being written ({@code 1}: each create in a statement of its own).
 */
@ConfigurationProperties("chronohook.api.creates-together")
public record CreatesTogetherProperties(@DefaultValue("32") int most) {

    public CreatesTogetherProperties {
        if (most < 1 || most > 256) {
            throw new IllegalArgumentException("chronohook.api.creates-together.most must be between 1 and 256");
        }
    }
}
