package io.chronohook.dashboard.page;

import java.time.Clock;

import io.chronohook.dashboard.session.SessionArgumentResolver;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import org.springframework.web.reactive.result.method.annotation.ArgumentResolverConfigurer;

/** Wires the session parameter into controller methods and provides the clock pages render with. */
@Configuration(proxyBeanMethods = false)
public class WebConfig implements WebFluxConfigurer {

    private final SessionArgumentResolver sessions;

    public WebConfig(SessionArgumentResolver sessions) {
        this.sessions = sessions;
    }

    @Override
    public void configureArgumentResolvers(ArgumentResolverConfigurer configurer) {
        configurer.addCustomResolver(sessions);
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
