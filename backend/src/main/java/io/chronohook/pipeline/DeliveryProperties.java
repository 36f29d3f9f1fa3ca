package io.chronohook.pipeline;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** Delivery settings: whether targets on loopback and private networks (and plain http) are allowed. */
@ConfigurationProperties("chronohook.delivery")
public record DeliveryProperties(@DefaultValue("false") boolean allowPrivateTargets) {
}
