package io.chronohook.access;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.reactive.EnableWebFluxSecurity;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import org.springframework.security.web.server.savedrequest.NoOpServerRequestCache;
import reactor.core.publisher.Mono;

/** The one security chain: stateless bearer authentication, and which routes need which scope or role. */
@Configuration(proxyBeanMethods = false)
@EnableWebFluxSecurity
public class SecurityConfig {

    /**
     * Spring Security observes nothing of its own: its filter chain, authentications and authorizations are not
     * wrapped in observations at all (turned off by name in application.yml they were still made, as no-ops, around
     * every filter of every request). The request as a whole is observed (http.server.requests).
     */
    @Bean
    SecurityObservationSettings securityObservationSettings() {
        return SecurityObservationSettings.noObservations();
    }

    @Bean
    SecurityWebFilterChain securityWebFilterChain(ServerHttpSecurity http, BearerAuthenticationManager bearer,
                                                  ProblemSecurityHandlers problems) {
        return http
                .csrf(ServerHttpSecurity.CsrfSpec::disable)
                .httpBasic(ServerHttpSecurity.HttpBasicSpec::disable)
                .formLogin(ServerHttpSecurity.FormLoginSpec::disable)
                .logout(ServerHttpSecurity.LogoutSpec::disable)
                .requestCache(cache -> cache.requestCache(NoOpServerRequestCache.getInstance()))
                .securityContextRepository(NoOpServerSecurityContextRepository.getInstance())
                .exceptionHandling(errors -> errors.authenticationEntryPoint(problems).accessDeniedHandler(problems))
                .oauth2ResourceServer(server -> server
                        .authenticationManagerResolver(exchange -> Mono.just(bearer))
                        .authenticationEntryPoint(problems)
                        .accessDeniedHandler(problems))
                .authorizeExchange(routes -> routes
                        .pathMatchers(HttpMethod.POST, "/api/v1/signup", "/api/v1/auth/token").permitAll()
                        // The invitation's token is the credential; the service checks it.
                        .pathMatchers(HttpMethod.POST, "/api/v1/invitations/*/accept").permitAll()
                        .pathMatchers(HttpMethod.GET, "/actuator/health", "/actuator/health/**").permitAll()
                        // A long-running receiver reports with its callback's run token, checked by the controller
                        // (an API key with jobs:write works too).
                        .pathMatchers(HttpMethod.POST, "/api/v1/runs/*/heartbeat", "/api/v1/runs/*/complete",
                                "/api/v1/runs/*/fail").permitAll()
                        .pathMatchers("/actuator/**", "/api/v1/operator/**").hasRole("OPERATOR")
                        // Every member sees the team; only owners and admins (the admin scope) change it. The
                        // service adds the owner-only rules (managing owners), which a path cannot express.
                        .pathMatchers(HttpMethod.GET, "/api/v1/members", "/api/v1/members/**")
                        .hasAnyAuthority(Scope.JOBS_READ.authority(), Scope.ADMIN.authority())
                        .pathMatchers("/api/v1/members", "/api/v1/members/**").hasAuthority(Scope.ADMIN.authority())
                        .pathMatchers("/api/v1/api-keys", "/api/v1/api-keys/**",
                                "/api/v1/signing-secret", "/api/v1/signing-secret/**",
                                "/api/v1/audit", "/api/v1/audit/**",
                                "/api/v1/alerts/settings", "/api/v1/alerts/test").hasAuthority(Scope.ADMIN.authority())
                        .pathMatchers(HttpMethod.GET, "/api/v1/jobs", "/api/v1/jobs/**", "/api/v1/runs/**",
                                "/api/v1/dead-letters", "/api/v1/dead-letters/**", "/api/v1/endpoints",
                                "/api/v1/endpoints/**", "/api/v1/flow-keys", "/api/v1/flow-keys/**", "/api/v1/usage",
                                "/api/v1/invoices", "/api/v1/invoices/**",
                                "/api/v1/alerts", "/api/v1/alerts/**")
                        .hasAuthority(Scope.JOBS_READ.authority())
                        .pathMatchers(HttpMethod.POST, "/api/v1/schedules/preview")
                        .hasAnyAuthority(Scope.JOBS_READ.authority(), Scope.JOBS_WRITE.authority())
                        .pathMatchers("/api/v1/jobs", "/api/v1/jobs/**", "/api/v1/runs/**", "/api/v1/dead-letters/**",
                                "/api/v1/endpoints/**", "/api/v1/flow-keys/**")
                        .hasAuthority(Scope.JOBS_WRITE.authority())
                        .pathMatchers("/api/**").authenticated()
                        .anyExchange().permitAll())
                .build();
    }
}
