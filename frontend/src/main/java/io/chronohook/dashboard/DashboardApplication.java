package io.chronohook.dashboard;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** Starts the Chronohook dashboard: a server-rendered WebFlux site that talks to the backend only through its REST API. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class DashboardApplication {

    public static void main(String[] args) {
        SpringApplication.run(DashboardApplication.class, args);
    }
}
