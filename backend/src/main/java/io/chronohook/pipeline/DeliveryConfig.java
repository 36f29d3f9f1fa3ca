package io.chronohook.pipeline;

import io.chronohook.dispatch.DispatcherSettings;
import io.chronohook.dispatch.WebhookDispatcher;
import io.chronohook.dispatch.guard.TargetGuard;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The one webhook dispatcher of the instance (its pooled HTTP client) and its SSRF guard, shared with the API. */
@Configuration(proxyBeanMethods = false)
public class DeliveryConfig {

    @Bean(destroyMethod = "close")
    WebhookDispatcher webhookDispatcher(DeliveryProperties properties, PipelineProperties pipeline, Clock clock) {
        return new WebhookDispatcher(DispatcherSettings.defaults()
                .withAllowPrivateTargets(properties.allowPrivateTargets())
                .withMaxConnectionsPerHost(pipeline.dispatch().maxConnectionsPerHost()), clock);
    }

    @Bean
    TargetGuard targetGuard(WebhookDispatcher dispatcher) {
        return dispatcher.guard();
    }
}
